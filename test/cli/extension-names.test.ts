// Extensions written for either Pi line load through `-e`: Pi's loader maps the pre-0.74
// `@mariozechner/*` names (and `@sinclair/typebox`) onto the packages xagent ships, which are
// `@earendil-works/*` and `typebox`. Each extension registers a tool whose schema and result use
// values from those imports at run time (a type-only import would be erased and prove nothing);
// the scripted model calls it, and the tool's result reaches the model's next request.
import { expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { runXagent, scriptedWorld } from "./run-xagent"

const SLOW = 60_000

const world = scriptedWorld({
  turns: [
    { text: "Calling it.", tool: "old_names", args: { word: "old" } },
    { text: "Old names loaded." },
    { text: "Calling it.", tool: "new_names", args: { word: "new" } },
    { text: "New names loaded." },
  ],
})

/** An extension whose tool answers `<name> saw <word>, <bytes> max` using its imports' values. */
function extension(name: string, imports: { ai: string; agent: string; typebox: string }): string {
  const file = join(world.box.root, `${name}.ts`)
  writeFileSync(
    file,
    `import { Type } from ${JSON.stringify(imports.typebox)}
import { StringEnum } from ${JSON.stringify(imports.ai)}
import { DEFAULT_MAX_BYTES, formatSize } from ${JSON.stringify(imports.agent)}

export default function (pi) {
  pi.registerTool({
    name: ${JSON.stringify(name)},
    label: ${JSON.stringify(name)},
    description: "Says which words it saw",
    parameters: Type.Object({ word: StringEnum(["old", "new"]) }),
    async execute(_id, params) {
      return { content: [{ type: "text", text: ${JSON.stringify(name)} + " saw " + params.word + ", " + formatSize(DEFAULT_MAX_BYTES) + " max" }], details: {} }
    },
  })
}
`,
  )
  return file
}

const LINES = [
  {
    line: "the old @mariozechner/* and @sinclair/typebox names",
    name: "old_names",
    word: "old",
    reply: "Old names loaded.",
    imports: { ai: "@mariozechner/pi-ai", agent: "@mariozechner/pi-coding-agent", typebox: "@sinclair/typebox" },
  },
  {
    line: "the current @earendil-works/* and typebox names",
    name: "new_names",
    word: "new",
    reply: "New names loaded.",
    imports: { ai: "@earendil-works/pi-ai", agent: "@earendil-works/pi-coding-agent", typebox: "typebox" },
  },
]

for (const { line, name, word, reply, imports } of LINES)
  test(
    `an extension importing ${line} loads and its tool runs`,
    async () => {
      const r = await runXagent(["-p", "use the tool", "-e", extension(name, imports)], world.box)
      expect(r.stderr).toBe(`→ ${name} {"word":"${word}"}\n`)
      expect(r.stdout).toBe(`Calling it.\n\n${reply}\n`)
      expect(r.code).toBe(0)
      expect(JSON.stringify(world.llm.requests().at(-1)!.last)).toContain(`${name} saw ${word}, 50.0KB max`)
    },
    SLOW,
  )
