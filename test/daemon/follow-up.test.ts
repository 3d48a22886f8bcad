// /follow-up through a real daemon and the scripted model: an edited follow-up reaches the model
// as edited, a removed one never does, and the steer sent now starts the next request at once.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { Recorder, startBox, until, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox(
    { turns: [{ repeat: "tick ", count: 2000 }, { text: "steered" }, { text: "followed" }] },
    { tps: 200 },
  )
})
afterAll(async () => {
  await d.cleanup()
})

/** The person's messages among what a request carried last, as text. */
function userTexts(last: unknown[]): string[] {
  return (last as { role: string; content: unknown }[])
    .filter((m) => m.role === "user")
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : (m.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join(""),
    )
}

test("an edit, a removal and a send-now change what reaches the model", async () => {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "count ticks" })
  await rec.waitFor((_s, ev) => ev.some((e) => e.event.type === "text_delta"), "the reply to stream")
  await win.request("session.prompt", { sessionId, text: "alpha", behavior: "followUp" })
  await win.request("session.prompt", { sessionId, text: "beta", behavior: "followUp" })
  await win.request("session.prompt", { sessionId, text: "gamma", behavior: "steer" })
  await rec.waitFor((s) => s.queue.followUp.length === 2 && s.queue.steering.length === 1, "the queue")

  const change = (kind: "steering" | "followUp", index: number, text: string, action: string, newText?: string) =>
    win.request("session.queueEdit", {
      sessionId,
      kind,
      index,
      text,
      action: action as "edit" | "remove" | "sendNow",
      newText,
    })
  await change("followUp", 0, "alpha", "edit", "alpha edited")
  await change("followUp", 1, "beta", "remove")
  await change("steering", 0, "gamma", "sendNow")

  await until(() => d.llm.requests().length >= 3 || undefined, "three requests")
  await rec.waitFor((s) => !s.running && s.queue.followUp.length === 0, "the follow-up's reply")
  const [, steered, followed] = d.llm.requests()
  expect(userTexts(steered!.last).at(-1)).toBe("gamma")
  expect(userTexts(followed!.last).at(-1)).toBe("alpha edited")
  expect(d.llm.requests().flatMap((r) => userTexts(r.last))).not.toContain("beta")
  expect(d.llm.requests()).toHaveLength(3)
})
