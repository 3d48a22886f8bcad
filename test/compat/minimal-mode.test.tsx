// Pi's minimal-mode.ts example: the built-in tools (on process.cwd(), the project in a daemon's
// host) re-registered with renderers that show only the call while collapsed and the whole output
// when expanded (Ctrl+O).
import { expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { useDaemonExamples } from "./daemon-window"

const open = useDaemonExamples()

test("minimal-mode.ts: collapsed, only the calls; Ctrl+O shows the output", async () => {
  const { app } = await open(
    ["minimal-mode.ts"],
    {
      turns: [
        { tool: "read", args: { path: "notes.txt" } },
        { tool: "bash", args: { command: "echo BASH-OUTPUT-LINE" } },
        { text: "Looked." },
      ],
    },
    { before: (d) => writeFileSync(join(d.box.cwd, "notes.txt"), "NOTES-FILE-LINE\n") },
  )
  await app.submit("look")
  const collapsed = await app.until("Looked.")
  expect(collapsed).toContain("read notes.txt")
  expect(collapsed).toContain("$ echo BASH-OUTPUT-LINE")
  expect(collapsed).not.toContain("NOTES-FILE-LINE")
  expect(collapsed).not.toMatch(/^\s*│?\s*BASH-OUTPUT-LINE/m)
  app.mockInput.pressKey("o", { ctrl: true })
  const open_ = await app.until((f) => f.includes("NOTES-FILE-LINE") && /^\s*│?\s*BASH-OUTPUT-LINE/m.test(f))
  expect(open_).toContain("Looked.")
})
