// The `user_bash` event for the person's `!command`, as Pi's interactive mode fires it: an
// extension may run the command itself (interactive-shell, a test hook) or say how it runs (ssh,
// its own sandbox). (xagent once ran `!cmd` without asking the hooks.)
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage, type TranscriptContext } from "@earendil-works/pi-ai"
import type { ExtensionAPI, UserBashEvent, UserBashEventResult } from "@earendil-works/pi-coding-agent"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

type Seen = { command: string; excludeFromContext: boolean; cwd: string }
/** A session whose one extension answers user_bash with `hook`, noting each event in `seen`. */
async function hooked(hook: (e: UserBashEvent) => UserBashEventResult | undefined, seen: Seen[] = []) {
  fx = await createFauxFixture({
    extensionFactories: [
      (pi: ExtensionAPI) =>
        void pi.on("user_bash", (e) => {
          seen.push({ command: e.command, excludeFromContext: e.excludeFromContext, cwd: e.cwd })
          return hook(e)
        }),
    ],
  })
  const { sessionId } = await fx.open()
  return { sessionId, rec: fx.record(sessionId) }
}

const done = (n: number) => (s: { items: readonly { kind: string; status?: string }[] }) =>
  s.items.filter((i) => i.kind === "bash" && i.status === "done").length === n

test("a hook that returns a result runs the command in its place, and the result reaches the model", async () => {
  const seen: Seen[] = []
  const { sessionId, rec } = await hooked(
    (e) => ({ result: { output: `INTERCEPTED ${e.command}`, exitCode: 0, cancelled: false, truncated: false } }),
    seen,
  )
  await fx.client.request("session.bash", { sessionId, command: "echo hi" })
  const s = await rec.waitFor(done(1), "the command")
  expect(s.items[0]).toMatchObject({ kind: "bash", command: "echo hi", output: "INTERCEPTED echo hi", exitCode: 0 })
  expect(seen).toEqual([{ command: "echo hi", excludeFromContext: false, cwd: fx.cwd }])

  let context = ""
  fx.faux.setResponses([
    (ctx: TranscriptContext) => ((context = JSON.stringify(ctx.messages)), fauxAssistantMessage("ok")),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "what ran?" })
  await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"), "the reply")
  expect(context).toContain("INTERCEPTED echo hi")
})

test("a hook that returns operations decides how the command runs; !! is passed on to it", async () => {
  const seen: Seen[] = []
  const { sessionId, rec } = await hooked(
    () => ({
      operations: {
        exec: async (command, _cwd, o) => {
          o.onData(Buffer.from(`REMOTE ran: ${command}\n`))
          return { exitCode: 3 }
        },
      },
    }),
    seen,
  )
  await fx.client.request("session.bash", { sessionId, command: "uname", excludeFromContext: true })
  const s = await rec.waitFor(done(1), "the command")
  expect(s.items[0]).toMatchObject({ output: "REMOTE ran: uname\n", exitCode: 3, excludeFromContext: true })
  expect(seen[0]!.excludeFromContext).toBe(true)
})

test("a hook that throws is reported and the command does not run; !outside is not hooked", async () => {
  const seen: Seen[] = []
  const { sessionId, rec } = await hooked(() => {
    throw new Error("hook broke")
  }, seen)
  await fx.client.request("session.bash", { sessionId, command: "echo should-not-run" })
  const s = await rec.waitFor(done(1), "the command")
  expect(s.items[0]).toMatchObject({ cancelled: true, output: "" })
  await rec.waitFor((s) => s.items.some((i) => i.kind === "notice" && i.text.includes("hook broke")), "the report")
  expect(seen).toHaveLength(1)

  await fx.client.request("session.bashOutside", { sessionId, command: "echo outside-ran" })
  const after = await rec.waitFor(done(2), "the outside command")
  expect(after.items.find((i) => i.kind === "bash" && i.command === "echo outside-ran")).toMatchObject({
    output: expect.stringContaining("outside-ran"),
  })
  expect(seen).toHaveLength(1)
})
