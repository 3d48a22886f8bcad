// The person's `!command`: Esc (session.abort) stops it, killing its whole process group, and the
// row says it was cancelled; `!!command` runs without its output reaching the model (Pi's
// convention).
import { afterEach, expect, test } from "bun:test"
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { fauxAssistantMessage, type TranscriptContext } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

/** Host pids running `sleep <marker>`: the command runs in the sandbox's pid namespace, whose pids
 * mean nothing here, so the child is found by its command line. */
const sleepers = (marker: string) =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, "utf8").split("\0").join(" ").trim() === `sleep ${marker}`
      } catch {
        return false
      }
    })

test("abort stops a running !command and the processes it started", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  // A child in the background as well: stopping only the shell would leave it running.
  const marker = `300.${process.pid}`
  const command = `sleep ${marker} & echo started; wait`
  await fx.client.request("session.bash", { sessionId, command })
  await rec.waitFor((s) => s.items.some((i) => i.kind === "bash" && i.output.includes("started")), "the start")
  expect(sleepers(marker).length).toBe(1)

  await fx.client.request("session.abort", { sessionId })
  const s = await rec.waitFor((s) => s.items.some((i) => i.kind === "bash" && i.status === "done"), "the end")
  expect(s.items[0]).toMatchObject({ kind: "bash", status: "done", cancelled: true })
  const gone = Date.now() + 4000
  while (sleepers(marker).length && Date.now() < gone) await Bun.sleep(20)
  expect(sleepers(marker)).toEqual([])
})

test("!!command output stays out of the model's context; !command output goes in", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const done = (n: number) => (s: { items: readonly { kind: string; status?: string }[] }) =>
    s.items.filter((i) => i.kind === "bash" && i.status === "done").length === n
  await fx.client.request("session.bash", { sessionId, command: "echo private-out", excludeFromContext: true })
  await rec.waitFor(done(1), "the first")
  await fx.client.request("session.bash", { sessionId, command: "echo shared-out" })
  const s = await rec.waitFor(done(2), "the second")
  expect(s.items[0]).toMatchObject({ command: "echo private-out", excludeFromContext: true })
  expect(s.items[1]).not.toHaveProperty("excludeFromContext")

  let seen = ""
  fx.faux.setResponses([
    (ctx: TranscriptContext) => ((seen = JSON.stringify(ctx.messages)), fauxAssistantMessage("ok")),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "what ran?" })
  await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"), "the reply")
  expect(seen).toContain("shared-out")
  expect(seen).not.toContain("private-out")
})

test("a sandboxed !command's row says so (its /tmp is private); an !outside one says it ran outside", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const marker = `/tmp/xagent-sbx-${process.pid}-${Date.now()}`
  const done = (n: number) => (s: { items: readonly { kind: string; status?: string }[] }) =>
    s.items.filter((i) => i.kind === "bash" && i.status === "done").length === n
  await fx.client.request("session.bash", { sessionId, command: `touch ${marker}` })
  const first = await rec.waitFor(done(1), "the sandboxed command")
  expect(first.items[0]).toMatchObject({ kind: "bash", exitCode: 0, sandboxed: true })
  expect(existsSync(marker)).toBe(false)
  await fx.client.request("session.bashOutside", { sessionId, command: `touch ${marker}` })
  const second = await rec.waitFor(done(2), "the outside command")
  expect(second.items[1]).toMatchObject({ kind: "bash", exitCode: 0, outside: true })
  expect((second.items[1] as { sandboxed?: boolean }).sandboxed).toBeUndefined()
  expect(existsSync(marker)).toBe(true)
  rmSync(marker, { force: true })
})
