// The session host in a Worker: the same requests and events as in process, and the calling
// thread never loads Pi. Runs in a child process so this test runner's own Pi imports don't count.
import { expect, test } from "bun:test"
import { fileURLToPath } from "node:url"

test("a worker-hosted session answers, and Pi never loads on the window's thread", async () => {
  const probe = fileURLToPath(new URL("../fixture/worker-probe.ts", import.meta.url))
  const proc = Bun.spawn([process.execPath, probe], { stdout: "pipe", stderr: "pipe", env: process.env })
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  expect({ code, err }).toEqual({ code: 0, err: "" })
  const r = JSON.parse(out.trim().split("\n").at(-1)!)
  expect(r.states[0]).toBe("connected")
  expect(r.info.model).toMatchObject({ provider: "faux", id: "faux-1" })
  expect(r.reply).toEqual({ text: "pong: ping" })
  expect(r.unknown).toEqual({ code: "not_found", message: expect.stringContaining('Unknown session "nope"') })
  expect(r.eventTypes[0]).toBe("snapshot")
  expect(r.eventTypes).toContain("text_delta")
  expect(r.eventTypes.slice(-2)).toEqual(["run", "turn_end"])
  expect(r.piModulesOnThisThread).toEqual([])
}, 20_000)
