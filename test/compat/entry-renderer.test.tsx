// Pi's entry-renderer.ts example: /status-card appends a custom entry (pi.appendEntry) that its
// registerEntryRenderer draws in the transcript; it never reaches the model, and a resumed session
// shows it again. xagent ignored entry renderers (nothing was shown); fixed.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { PI_EXAMPLES, runCommand, usePiExamples } from "../fixture/pi-examples"
import { replyAndRecord } from "./model-sees"
import { mountApp } from "../fixture/tui"

const open = usePiExamples()

test("entry-renderer.ts: /status-card draws the extension's card, kept from the model and shown on resume", async () => {
  const { app, fx, sessionId } = await open(["entry-renderer.ts"])
  fx.faux.setResponses([fauxAssistantMessage("Hello.")])
  await app.submit("hi")
  await app.until("Hello.")
  await runCommand(app, "/status-card Build green", "Render a durable status card")
  const card = await app.until("[status] Build green")
  expect(card).not.toContain("status-card")
  // Expanded (Ctrl+O), the renderer adds the time.
  app.mockInput.pressKey("o", { ctrl: true })
  await app.until((f) => /\[status\] Build green *\n.*\d{4}/.test(f))
  app.mockInput.pressKey("o", { ctrl: true })

  const sent = replyAndRecord(fx.faux, "Second reply.")
  await app.submit("and now")
  await app.until("Second reply.")
  expect(sent[0]).toContain("and now")
  expect(sent[0]).not.toContain("Build green")

  await fx.client.request("session.close", { sessionId })
  const resumed = await fx.open({ kind: "continue" }, { extensions: [`${PI_EXAMPLES}/entry-renderer.ts`] })
  const again = await mountApp({
    width: 90,
    height: 34,
    client: fx.client,
    target: { kind: "attach", sessionId: resumed.sessionId },
  })
  try {
    const frame = await again.until("Second reply.")
    expect(frame).toContain("[status] Build green")
  } finally {
    again.renderer.destroy()
  }
})
