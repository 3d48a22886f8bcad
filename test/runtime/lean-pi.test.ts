// The session host leaves out what it never runs (Pi's TUI highlighter, Babel until an extension
// needs it), and a TypeScript extension still loads.
import { expect, test } from "bun:test"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

test("Pi loads without highlight.js and without Babel; a TypeScript extension still loads", async () => {
  const dir = mkdtempSync(join(tmpdir(), "xagent-lean-"))
  try {
    const ext = join(dir, "hello.ts")
    writeFileSync(
      ext,
      [
        'import type { ExtensionAPI } from "@mariozechner/pi-coding-agent"',
        "interface Greeting { text: string }",
        'const g: Greeting = { text: "hi" }',
        "export default function (pi: ExtensionAPI) {",
        '  pi.registerCommand("hello-ts", { description: g.text, handler: async () => {} })',
        "}",
      ].join("\n"),
    )
    const run = Bun.spawn([process.execPath, join(import.meta.dir, "fixtures", "lean-pi-probe.ts"), ext], {
      cwd: dir,
      env: { ...process.env, HOME: dir, PI_CODING_AGENT_DIR: join(dir, "agent") },
      stdout: "pipe",
      stderr: "pipe",
    })
    const [out, err, code] = await Promise.all([
      new Response(run.stdout).text(),
      new Response(run.stderr).text(),
      run.exited,
    ])
    expect(code, err).toBe(0)
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({
      before: { highlightJs: false, babel: false },
      errors: 0,
      commands: ["hello-ts"],
      babelAfter: true,
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)
