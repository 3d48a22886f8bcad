// What the snapshots show, shared by the full-screen and the inline ones: a reply that read a
// file, edited it (a diff) and ran the tests, then answered with markdown and a code block.
import type { TranscriptItem } from "../../../src/protocol"
import { item } from "../../fixture/fake-client"

export const REPLY = [
  "The flag is read in **two** places; I changed the parser and ran the tests.",
  "",
  "```ts",
  'const verbose = argv.includes("--verbose")',
  "```",
  "",
  "- `src/cli.ts` reads it",
  "- the tests pass",
].join("\n")
const DIFF =
  " 1 import { parse } from './args'\n-2 const verbose = false\n+2 const verbose = argv.includes('--verbose')\n+3 const quiet = !verbose\n 4 export { verbose }"

export const REPLY_ITEMS: TranscriptItem[] = [
  item.user("u1", "Add a --verbose flag to the CLI"),
  item.tool("t1", "read", { path: "src/cli.ts" }, { output: "import { parse } from './args'\nconst verbose = false" }),
  item.tool("t2", "edit", { path: "src/cli.ts", edits: [] }, { details: { diff: DIFF } }),
  item.tool("t3", "bash", { command: "bun test" }, { output: "12 pass\n0 fail" }),
  item.assistant("a1", REPLY),
]
