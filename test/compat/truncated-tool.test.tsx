// Pi's truncated-tool example in the window (compat suite): its `rg` tool (ripgrep, which .ci/run
// installs) cuts long output to Pi's limits (2000 lines or 50KB), saves the whole of it to a temp file and says so;
// its own rows: the call, "N matches (truncated)", the matches when expanded.
import { expect, test } from "bun:test"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { dirname } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()
const many = Array.from({ length: 3000 }, (_, i) => `needle ${i}`).join("\n") + "\n"

test("truncated-tool: 3000 matches reach the model cut to 50KB and a file; the rows are the extension's", async () => {
  const { app, fx } = await open(["truncated-tool.ts"], { fixture: { files: { "hay.txt": many } } })
  const seen: string[] = []
  fx.faux.setResponses([
    toolTurn("rg", { pattern: "needle" }),
    (ctx) => (seen.push(JSON.stringify(ctx.messages.at(-1))), toolTurn("rg", { pattern: "nothing-like-it" })),
    fauxAssistantMessage("Searched."),
  ])
  await app.submit("find the needles")
  const frame = await app.until("Searched.")
  expect(frame).toContain('rg "needle"')
  expect(frame).toContain("3000 matches (truncated)")
  expect(frame).toContain('rg "nothing-like-it"')
  expect(frame).toContain("No matches found")
  const told = JSON.parse(seen[0]!).content[0].text as string
  // Pi's 50KB cut comes before its 2000 lines here.
  expect(/\[Output truncated: showing (\d+) of 3000 lines \(50\.0KB/.test(told)).toBe(true)
  const saved = /Full output saved to: (\S+)\]/.exec(told)![1]!
  expect(existsSync(saved)).toBe(true)
  expect(readFileSync(saved, "utf8").split("\n").filter(Boolean)).toHaveLength(3000)
  rmSync(dirname(saved), { recursive: true, force: true })
  // Expanded (Ctrl+O), its result lists the first matches and the file.
  app.mockInput.pressKey("o", { ctrl: true })
  const open2 = await app.until("Full output: ")
  expect(open2).toContain("./hay.txt:1:needle 0")
})
