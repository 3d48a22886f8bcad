// The session host leaves out what it never runs (Pi's TUI highlighter, Babel until an extension
// needs it), and a TypeScript extension still loads; with XAGENT_NO_LEAN_PI=1 Pi loads whole.
import { expect, test } from "bun:test"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { runProbe } from "../fixture/probe"

const probe = (ext: string, dir: string, env: Record<string, string> = {}) =>
  runProbe([join(import.meta.dir, "fixtures", "lean-pi-probe.ts"), ext], {
    cwd: dir,
    env: { ...process.env, HOME: dir, PI_CODING_AGENT_DIR: join(dir, "agent"), ...env },
  })

test("Pi loads without highlight.js and without Babel; a TypeScript extension still loads; switched off, Pi loads whole", async () => {
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
    expect(await probe(ext, dir)).toEqual({
      before: { highlightJs: false, babel: false },
      errors: 0,
      commands: ["hello-ts"],
      babelAfter: true,
    })
    expect(await probe(ext, dir, { XAGENT_NO_LEAN_PI: "1" })).toEqual({
      before: { highlightJs: true, babel: true },
      errors: 0,
      commands: ["hello-ts"],
      babelAfter: true,
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)
