// The sandbox's read deny list (read-guard.ts) in front of Pi's read, grep, find and ls. They run
// in the host, so without it the agent could read what its bash cannot: xagent's state, Pi's
// auth.json, ~/.ssh. `read` (active by default) is replaced through customTools and checks the
// path it is about to read; grep, find and ls are off by default, and a custom tool would turn
// them on, so a tool_call hook refuses them instead, whoever turned them on. While an editor
// answers for the session's files (runtime/session/editor-files.ts), read takes a text file as the
// editor holds it, unsaved changes and all; the deny list is checked first all the same.
import {
  createReadToolDefinition,
  detectSupportedImageMimeTypeFromFile,
  type ExtensionFactory,
  type ToolDefinition,
} from "@earendil-works/pi-coding-agent"
import { constants } from "node:fs"
import { access, readFile } from "node:fs/promises"
import type { EditorFiles } from "../session/editor-files"
import { readRefusal, toolPath } from "./read-guard"
import type { SessionSandbox } from "./session-sandbox"

/** grep and find walk the folder they are given: a denied folder below it is refused too. */
const WALKS: Record<string, boolean> = { grep: true, find: true, ls: false }

export function guardedReadTool(cwd: string, sb: SessionSandbox, editor?: EditorFiles): ToolDefinition {
  const read = createReadToolDefinition(cwd) as unknown as ToolDefinition
  return {
    ...read,
    async execute(id, params, signal, onUpdate, ctx) {
      const denied = sb.readDenied(cwd)
      const why = denied && (await readRefusal(denied, toolPath((params as { path?: string }).path, cwd)))
      if (why) throw new Error(why)
      const tool = editor?.active ? editorReadTool(cwd, editor, signal) : read
      return tool.execute(id, params, signal, onUpdate, ctx)
    },
  }
}

/** Pi's read over the editor's text of a file, or the disk's when the editor has none (or it is an image). */
function editorReadTool(cwd: string, editor: EditorFiles, signal: AbortSignal | undefined): ToolDefinition {
  let held: string | undefined
  const image = (path: string) => detectSupportedImageMimeTypeFromFile(path).catch(() => undefined)
  return createReadToolDefinition(cwd, {
    operations: {
      async access(path) {
        // An editor's fs/read_text_file is for text: an image is read from the disk.
        if (!(await image(path))) held = await editor.read(path, signal)
        if (held === undefined) await access(path, constants.R_OK)
      },
      detectImageMimeType: (path) => (held !== undefined ? Promise.resolve(null) : image(path)),
      readFile: (path) => (held !== undefined ? Promise.resolve(Buffer.from(held, "utf8")) : readFile(path)),
    },
  }) as unknown as ToolDefinition
}

export function readDenyHook(sb: SessionSandbox): ExtensionFactory {
  return (pi) => {
    pi.on("tool_call", async (event, ctx) => {
      const walks = WALKS[event.toolName]
      if (walks === undefined) return undefined
      const denied = sb.readDenied(ctx.cwd)
      const path = (event.input as { path?: string }).path
      const why = denied && (await readRefusal(denied, toolPath(path, ctx.cwd), walks))
      return why ? { block: true, reason: why } : undefined
    })
  }
}
