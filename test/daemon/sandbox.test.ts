// The agent's bash runs in the workspace sandbox (runtime/sandbox): a scripted model tries to
// write outside the workspace, read xagent's state, reach xagent's socket and a tmux server the
// person runs, and leave processes behind that act once the daemon is replaced.
// Every attempt fails, the reply goes on, and each tool's output says what was refused.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { ToolItem } from "../../src/protocol"
import {
  assistantTexts,
  BUN,
  fixturePath,
  lurkCommand,
  lurkersAlive,
  Recorder,
  replyDone,
  startBox,
  type DaemonBox,
} from "./harness"

const LURKERS = 10
const tmuxName = `xagent-sbx-${process.pid}`
// Outside /tmp (which the sandbox replaces), so the write meets the read-only root itself.
const outside = mkdtempSync("/var/tmp/xagent-outside-")
let d: DaemonBox
let tmuxOk = false

beforeAll(async () => {
  tmuxOk = spawnSync("tmux", ["-L", tmuxName, "new-session", "-d", "sleep 600"]).status === 0
  writeFileSync(join(outside, "kept.txt"), "original\n")
  const turns = [
    {
      tools: [
        { tool: "bash", args: { command: `echo changed > ${outside}/kept.txt` } },
        { tool: "bash", args: { command: `ls -la "$XAGENT_HOME"; cat "$XAGENT_HOME/run/daemon.lock"` } },
        { tool: "bash", args: { command: `${BUN} ${fixturePath("agent-probe.ts")}` } },
        { tool: "bash", args: { command: `tmux -L ${tmuxName} list-sessions` } },
        {
          tool: "bash",
          args: {
            command: lurkCommand("lurker", LURKERS),
          },
        },
      ],
    },
    { text: "Carried on." },
    { text: "Second daemon here." },
  ]
  d = await startBox({ turns })
})
afterAll(async () => {
  spawnSync("tmux", ["-L", tmuxName, "kill-server"])
  rmSync(outside, { recursive: true, force: true })
  await d.cleanup()
})

test("the agent's commands cannot write outside, read xagent's state, reach its socket or tmux, or outlive their call (0 of 10 escaped processes)", async () => {
  const win = await d.connect()
  const { sessionId, info } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  expect(info.sandbox).toMatchObject({ mode: "sandboxed", available: true })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "try everything" })
  const s = await rec.waitFor(replyDone(1), "the reply")
  const out = s.items.filter((i): i is ToolItem => i.kind === "tool" && i.name === "bash").map((t) => t.output ?? "")
  expect(out).toHaveLength(5)
  expect(out[0]).toContain("Read-only file system")
  expect(readFileSync(join(outside, "kept.txt"), "utf8")).toBe("original\n")
  expect(out[1]).toContain("No such file or directory")
  expect(out[1]).not.toContain('"pid"')
  expect(out[2]).toMatch(/ENOENT|No such file|Failed to connect|connect/i)
  expect(out[2]).not.toContain("probe done")
  if (tmuxOk) expect(out[3]).toMatch(/no server running|error connecting/)
  // Every lurker ran, and the model is told they were stopped with the call.
  expect(out[4]).toContain("all started")
  expect(out[4]).toContain("[sandbox] still running when the command ended, so stopped with it")
  for (let i = 0; i < LURKERS; i++) expect(existsSync(join(d.box.cwd, `lurker-${i}.started`))).toBe(true)
  // Killed with the sandbox's pid namespace when its command ended; the kernel takes a moment to
  // finish them off.
  const deadline = Date.now() + 3000
  while (lurkersAlive() > 0 && Date.now() < deadline) await Bun.sleep(10)
  expect(lurkersAlive()).toBe(0)
  expect(assistantTexts(s.items).at(-1)).toBe("Carried on.")

  // Replace the daemon, as `xagent daemon stop` and the next window do: nothing is left to act.
  await win.daemon("daemon.stop", {})
  const next = await d.connect()
  const again = await next.request("session.open", { cwd: d.box.cwd, mode: { kind: "continue" } })
  const rec2 = new Recorder(next, again.sessionId, 0)
  await next.request("session.prompt", { sessionId: again.sessionId, text: "still there?" })
  const s2 = await rec2.waitFor((x) => assistantTexts(x.items).includes("Second daemon here."), "the second reply")

  const acted = Array.from({ length: LURKERS }, (_, i) => existsSync(join(d.box.cwd, `lurker-${i}.acted`)))
  expect(acted.filter(Boolean)).toHaveLength(0)
  expect(JSON.stringify(s2.items)).not.toContain("INJECTED BY LURKER")
  expect(lurkersAlive()).toBe(0)
}, 60_000)
