// Pi's debug-provider.ts example: /debug-provider turns on capture of the provider's raw stream
// events; after each turn a custom entry with them is drawn by its entry renderer (expanded, the
// events as JSON). Run in a daemon against the scripted OpenAI-compatible model, so the events
// are real SSE chunks.
import { expect, test } from "bun:test"
import { runCommand } from "../fixture/pi-examples"
import { useDaemonExamples } from "./daemon-window"

const open = useDaemonExamples()

test("debug-provider.ts: with capture on, each turn's provider events show as the extension's card", async () => {
  const { app } = await open(["debug-provider.ts"], { turns: [{ text: "Captured reply." }] })
  await runCommand(app, "/debug-provider on", "Toggle capture of raw provider stream events")
  const on = await app.until((f) => f.includes("Provider event capture enabled") && f.includes("provider debug"))
  expect(on).toContain("provider debug")
  await app.submit("hi")
  const card = await app.until(
    (f) => /\[provider debug\] mockllm\/mock-1 \(openai-completions\) · \d+ events/.test(f),
    20_000,
  )
  expect(card).toContain("Captured reply.")
  // Its hint names the key, as in pi (the window expands with Ctrl+O too).
  expect(card).toMatch(/\d+ events \(ctrl\+o to/)
  app.mockInput.pressKey("o", { ctrl: true })
  // The events as JSON (the page follows the end of the long card).
  expect(await app.until('"finish_reason"')).toContain('"choices"')
})
