// Pi's mac-system-theme.ts example follows macOS's dark/light appearance (osascript, every 2 s)
// with ctx.ui.setTheme: it needs macOS. Elsewhere osascript fails and it asks for "light" once at
// start (ctx.ui.setTheme, which the window follows); what is checked
// here is that it loads and polls without disturbing the session.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("mac-system-theme.ts: loads on Linux, the session works and shows no error", async () => {
  const { app, fx } = await open(["mac-system-theme.ts"])
  fx.faux.setResponses([fauxAssistantMessage("Themed or not.")])
  await app.submit("hi")
  const frame = await app.until("Themed or not.")
  expect(frame).not.toContain("✗")
  expect(frame).not.toContain("Extension error")
})
