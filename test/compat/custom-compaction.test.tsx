// Pi's custom-compaction.ts example: /compact is done by the extension, which summarises the whole
// conversation with google/gemini-2.5-flash and keeps nothing else. Here that model is the scripted
// one (models.json's google provider points at mockllm), so the summary is the extension's.
import { expect, test } from "bun:test"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { runCommand } from "../fixture/pi-examples"
import { useDaemonExamples } from "./daemon-window"

const open = useDaemonExamples()

test("custom-compaction.ts: /compact summarises with the extension's model and its summary replaces the turns", async () => {
  const { app, d } = await open(
    ["custom-compaction.ts"],
    { turns: [{ text: "First answer." }, { text: "Second answer." }, { text: "GEMINI-SUMMARY of the whole talk" }] },
    {
      before: (d) => {
        const models = JSON.parse(readFileSync(join(d.box.agentDir, "models.json"), "utf8"))
        const mock = models.providers.mockllm
        models.providers.google = { ...mock, models: [{ ...mock.models[0], id: "gemini-2.5-flash", name: "Flash" }] }
        writeFileSync(join(d.box.agentDir, "models.json"), JSON.stringify(models))
        const settings = JSON.parse(readFileSync(join(d.box.agentDir, "settings.json"), "utf8"))
        writeFileSync(
          join(d.box.agentDir, "settings.json"),
          JSON.stringify({ ...settings, compaction: { keepRecentTokens: 1 } }),
        )
      },
    },
  )
  await app.submit("one")
  await app.until("First answer.")
  await app.submit("two")
  await app.until("Second answer.")
  await runCommand(app, "/compact", "Summarise the conversation")
  const done = await app.until((f) => /Compacted/.test(f))
  expect(done).toContain("Custom compaction")
  const summarised = d.llm.requests().at(-1)!
  expect(JSON.stringify(summarised.last)).toContain("You are a conversation summarizer")
  // Expanded, the compaction row shows the extension's summary.
  app.mockInput.pressKey("o", { ctrl: true })
  expect(await app.until("GEMINI-SUMMARY of the whole talk")).toContain("Compacted")
})
