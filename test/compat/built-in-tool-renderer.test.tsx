// Pi's built-in-tool-renderer.ts example: read, bash, edit and write re-registered on process.cwd()
// with compact renderers. In a daemon the host runs in the project, so the files are the project's
// (write once made ~/.xagent/b.txt), and the rows are the extension's.
import { expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { useDaemonExamples } from "./daemon-window"

const open = useDaemonExamples()

test("built-in-tool-renderer.ts: write, edit, read and bash act on the project and show the compact rows", async () => {
  const { app, d } = await open(["built-in-tool-renderer.ts"], {
    turns: [
      { tool: "write", args: { path: "b.txt", content: "one\ntwo\n" } },
      { tool: "edit", args: { path: "b.txt", edits: [{ oldText: "two", newText: "deux" }] } },
      { tool: "read", args: { path: "b.txt" } },
      { tool: "bash", args: { command: "cat b.txt" } },
      { text: "All four done." },
    ],
  })
  await app.submit("go")
  const frame = await app.until("All four done.")
  expect(readFileSync(join(d.box.cwd, "b.txt"), "utf8")).toBe("one\ndeux\n")
  expect(frame).toContain("write b.txt (3 lines)")
  expect(frame).toContain("Written")
  expect(frame).toContain("edit b.txt")
  expect(frame).toContain("+1 / -1")
  expect(frame).toContain("read b.txt")
  expect(frame).toContain("3 lines")
  expect(frame).toContain("$ cat b.txt")
  expect(frame).toContain("done (2 lines)")
})
