// Where the sandbox meets Pi (the only file of runtime/sandbox that imports it): the agent's
// bash, write and edit as Pi's own tools with xagent's operations, and the operations the
// person's `!` commands run with. They reach Pi as the session's `customTools`, which take the
// place of the built-in tools of the same name and of any extension's.
import {
  createBashToolDefinition,
  createEditToolDefinition,
  createLocalBashOperations,
  createWriteToolDefinition,
  generateUnifiedPatch,
  type BashOperations,
  type ToolDefinition,
} from "@earendil-works/pi-coding-agent"
import { access, constants, mkdir, readFile, stat, writeFile } from "node:fs/promises"
import { limitText } from "../../util/run-limits"
import { execLine } from "./bwrap-args"
import { guardedAccess, guardedMkdir, guardedWrite } from "./file-guard"
import type { Ask, SessionSandbox } from "./session-sandbox"
import { errorText } from "../../util/error-text"
import type { WriteDetails } from "../../common/write-details"

export interface ShellSettings {
  shellPath?: string
  commandPrefix?: string
}

/** Operations that run each command in the session's sandbox (or ask, or refuse: see SessionSandbox.argv). */
export function sandboxedOperations(
  sb: SessionSandbox,
  shellPath: string | undefined,
  ask: Ask,
  /** Told when a command is about to run in the sandbox (not as it is). */
  onSandboxed?: () => void,
): BashOperations {
  const local = createLocalBashOperations({ shellPath })
  return {
    async exec(command, cwd, options) {
      const argv = await sb.argv(cwd, shellPath ?? "bash", command, ask)
      if (argv) onSandboxed?.()
      return local.exec(argv ? execLine(argv) : command, cwd, options)
    },
  }
}

/** Told what each edit or write did to its file (runtime/session/file-changes.ts). */
export interface ChangeLog {
  /** Whether changes are kept now (a write reads its file's old text only then). */
  keeping(): boolean
  record(toolCallId: string, path: string, oldText: string | null, newText: string): void
}

const missing = (path: string) =>
  access(path).then(
    () => false,
    (err: NodeJS.ErrnoException) => err.code === "ENOENT",
  )

const textOrNull = (path: string) =>
  readFile(path, "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return null
    throw err
  })

/** A replaced file's patch is kept up to this size (old and new text together): diffing costs time. */
const PATCH_MAX_CHARS = 256_000

/** The file's text if it is small enough to diff; null when missing; undefined when big or unreadable. */
const smallTextOrNull = (path: string) =>
  stat(path).then(
    (st) => (st.size > PATCH_MAX_CHARS ? undefined : readFile(path, "utf8")),
    (err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? null : undefined),
  )

/**
 * The session's bash, write and edit. The boundary is looked up per call: /permissions changes it.
 * A command runs at most `toolMs` (0: no limit): then Pi's bash ends its process group, and the
 * result says why, so the model hears it and the reply goes on. Write and edit are made per call,
 * so what they read and write (inside Pi's queue for the file) reaches `changes` under the call's id.
 */
export function sandboxedTools(
  cwd: string,
  sb: SessionSandbox,
  shell: ShellSettings,
  toolMs = 0,
  changes?: ChangeLog,
): ToolDefinition[] {
  // Full access (no roots) writes as Pi itself would.
  const put = async (path: string, content: string) => {
    await sb.refuseGitWrite(cwd, path)
    const roots = sb.writeRoots(cwd)
    return roots ? guardedWrite(roots, path, content) : writeFile(path, content, "utf8")
  }
  const bash = createBashToolDefinition(cwd, shell)
  const writeTool = (id?: string, said: Partial<WriteDetails> = {}) =>
    createWriteToolDefinition(cwd, {
      operations: {
        writeFile: async (path, content) => {
          const keep = id && changes?.keeping()
          const before = await (keep ? textOrNull(path) : smallTextOrNull(path)).catch(() => undefined)
          const created = before !== undefined ? before === null : await missing(path)
          await put(path, content)
          said.created = created
          // The old text goes into the history as a patch: a replayed row shows what was replaced.
          if (typeof before === "string" && before.length + content.length <= PATCH_MAX_CHARS)
            said.patch = generateUnifiedPatch(path, before, content)
          if (keep && before !== undefined) changes?.record(id, path, before, content)
        },
        mkdir: async (dir) => {
          await sb.refuseGitWrite(cwd, dir)
          const roots = sb.writeRoots(cwd)
          await (roots ? guardedMkdir(roots, dir) : mkdir(dir, { recursive: true }))
        },
      },
    })
  const editTool = (id?: string) => {
    let before: string | undefined
    return createEditToolDefinition(cwd, {
      operations: {
        readFile: async (path) => {
          const b = await readFile(path)
          before = b.toString("utf8")
          return b
        },
        writeFile: async (path, content) => {
          await put(path, content)
          if (id && before !== undefined) changes?.record(id, path, before, content)
        },
        access: async (path) => {
          await sb.refuseGitWrite(cwd, path)
          const roots = sb.writeRoots(cwd)
          return roots ? guardedAccess(roots, path) : access(path, constants.R_OK | constants.W_OK)
        },
      },
    })
  }
  const write = writeTool()
  const edit = editTool()
  return [
    {
      ...bash,
      async execute(id, params, signal, onUpdate, ctx) {
        const ask: Ask = (title, message) => ctx.ui.confirm(title, message)
        const inJail = createBashToolDefinition(cwd, {
          ...shell,
          operations: sandboxedOperations(sb, shell.shellPath, ask),
        })
        const p = params as { command: string; timeout?: number }
        const limit = toolMs > 0 ? toolMs / 1000 : undefined
        if (limit === undefined || (p.timeout !== undefined && p.timeout > 0 && p.timeout < limit))
          return inJail.execute(id, p, signal, onUpdate, ctx)
        try {
          return await inJail.execute(id, { ...p, timeout: limit }, signal, onUpdate, ctx)
        } catch (err) {
          const message = errorText(err)
          if (!message.includes(`Command timed out after ${limit} seconds`)) throw err
          throw new Error(
            `${message}\n(xagent ends a command after ${limitText(toolMs)}: toolTimeoutSeconds in $XAGENT_HOME/settings.json sets it)`,
          )
        }
      },
    } as ToolDefinition,
    {
      ...write,
      // Whether the file was new goes into the history with the result (common/write-details.ts).
      async execute(...a: Parameters<typeof write.execute>) {
        const said: Partial<WriteDetails> = {}
        const result = await writeTool(a[0], said).execute(...a)
        if (said.created === undefined) return result
        const details: WriteDetails = { created: said.created }
        if (said.patch !== undefined) details.patch = said.patch
        return { ...result, details }
      },
    } as unknown as ToolDefinition,
    {
      ...edit,
      execute: (...a: Parameters<typeof edit.execute>) => editTool(a[0]).execute(...a),
    } as unknown as ToolDefinition,
  ]
}
