// The parts of session.open that need no live session: the session manager for what it opens
// (a file, a new one, a fork), the checks Pi does not make, and the warnings the open returns.
import { resolve } from "node:path"
import { SessionManager } from "@earendil-works/pi-coding-agent"
import { ProtocolError, type Params } from "../../protocol/index"
import { terminalText } from "../../common/terminal-text"
import { errorText } from "../../util/error-text"
import { isPackageSource } from "../../util/extension-source"
import { piOffline } from "../../util/pi-offline"
import { entryShapeProblem } from "../../util/session-file-check"
import type { LiveSession } from "../session/live-session"
import type { BundledSlot } from "../extensions/bundled-slot"
import { probeSandbox } from "../sandbox/probe"
import { resolveSessionRef, sessionById } from "../files/session-files"

/**
 * Pi's open, which may rewrite an older file as the current version: a failure names the file.
 * `cwd`: the folder it works in instead of its header's (session-files.ts `workspaceOverride`).
 */
export function openFile(path: string, sessionDir?: string, cwd?: string): SessionManager {
  try {
    return SessionManager.open(path, sessionDir || undefined, cwd)
  } catch (err) {
    throw new ProtocolError("failed", `Could not open ${path}: ${errorText(err)}`)
  }
}

/** A session with no file yet: in memory, a fork of a saved one, or a new file in `dir` (with `--session-id`'s id). */
export async function newSessionManager(
  p: Params<"session.open">,
  cwd: string,
  dir: string,
  agentDir: string,
): Promise<SessionManager> {
  const id = p.pi?.sessionId ? { id: p.pi.sessionId } : undefined
  if (p.pi?.noSession) return SessionManager.inMemory(cwd, id)
  if (p.mode.kind !== "fork") return SessionManager.create(cwd, dir, p.parent ? { ...id, parentSession: p.parent } : id)
  if (id && sessionById(cwd, id.id, dir))
    throw new ProtocolError("bad_request", `A session with the id '${id.id}' already exists: --fork makes a new one`)
  const source = await resolveSessionRef(p.mode.ref, cwd, agentDir, p.pi?.sessionDir, p.pi?.projectTrust)
  try {
    return SessionManager.forkFrom(source, cwd, dir, id)
  } catch (err) {
    throw new ProtocolError("failed", `Could not fork ${source}: ${errorText(err)}`)
  }
}

/** An entry Pi would trip over past the part of the file the session check reads (session-file-check.ts). */
export function refuseWrongShape(path: string, sm: SessionManager): void {
  const entries = sm.getEntries() as unknown as Record<string, unknown>[]
  for (let i = 0; i < entries.length; i++) {
    const problem = entryShapeProblem(entries[i]!)
    if (problem)
      throw new ProtocolError(
        "bad_request",
        `${path} is not a Pi session file: entry ${i + 1} (id ${String(entries[i]!.id)}) is ${problem}. It was left as it is`,
      )
  }
}

/**
 * What a host's first open does that no folder changes, done ahead: the sandbox's probe (cached
 * per binary) and the bundled extensions' imports (cached per host). A spare host of the daemon
 * does them while it waits for a window (daemon/spare-host.ts), so the window's open finds them
 * done: ~25 ms of a first open's ~120 ms on a quiet machine.
 */
export async function warmFirstOpen(bundled: BundledSlot, bwrap: string | undefined): Promise<void> {
  probeSandbox(bwrap)
  await bundled.choose([])
}

export function sandboxProblem(bwrap: string | undefined): string | undefined {
  const a = probeSandbox(bwrap)
  return a.ok ? undefined : `${a.reason}; to fix: ${a.fix}`
}

/** Said once, when the session opens; the status bar keeps saying it. */
export function sandboxWarnings(live: LiveSession): string[] {
  const sb = live.sandbox
  const out: string[] = []
  if (sb.settings.problem) out.push(sb.settings.problem)
  if (sb.mode === "full")
    out.push("Full access: the agent's commands and file tools run without the sandbox in this session")
  else if (!sb.availability.ok)
    out.push(
      `No sandbox: ${sb.availability.reason}. To fix: ${sb.availability.fix}. The agent's first command will ask whether to run without one.`,
    )
  return out
}

/** Pi skips package sources without a word when offline: say so. */
export function offlineSkips(sources: string[]): string[] {
  if (!piOffline()) return []
  return sources
    .filter(isPackageSource)
    .map((s) => `${s} was not loaded: PI_OFFLINE is set, so Pi does not fetch packages (unset it to install ${s})`)
}

/** Why an opened session works somewhere else than its header says, or ignores the project's session folder. */
export function workspaceWarnings(sm: SessionManager, cwd: string, ignoredDir: string | undefined): string[] {
  const out: string[] = []
  const saved = sm.getHeader()?.cwd
  if (saved && resolve(saved) !== resolve(sm.getCwd()))
    out.push(
      `This session file says it was made in ${saved}; it is not in your session store, so it goes on here, in ${sm.getCwd()}: the agent works here`,
    )
  if (ignoredDir)
    out.push(
      `This project's .pi/settings.json names a session folder (${ignoredDir}); it is not used until you trust the project (--approve, /trust)`,
    )
  return out.map(terminalText)
}
