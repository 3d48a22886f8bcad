// `xagent daemon start|stop|status`, `xagent attach [session]`, `xagent sessions`.
import { realpathSync } from "node:fs"
import { basename, resolve } from "node:path"
import { createInterface } from "node:readline/promises"
import type { Command } from "commander"
import { connectOrStart, DaemonUnavailable } from "../client/connect"
import { withTimeout } from "../util/with-timeout"
import { connectSocket, type SocketClient } from "../client/socket-client"
import type { DaemonStatus, HostProcessStatus, LiveSessionStatus, SavedSession } from "../protocol"
import { daemonPaths } from "../util/daemon-paths"
import { plural } from "../util/plural"
import { noPeerChecksReason, peerChecksAvailable } from "../util/peer-checks"
import { shortIds } from "../util/short-id"
import type { ScreenSetting } from "../util/window-settings"
import { screenChoice, type RootFlags } from "./run-plan"
import { err, out } from "./io"
import { UsageError } from "./usage-error"
import { terminalJson, terminalLine } from "../common/terminal-text"
import { gitRun } from "../worktree/git"

type ScreenFlags = Pick<RootFlags, "inline" | "fullscreen">

/** Reaches a running daemon without starting one; undefined when none answers. */
export async function reach(hello: boolean): Promise<SocketClient | undefined> {
  try {
    return await connectSocket({
      socketPath: daemonPaths().socket,
      clientName: "xagent-cli",
      heartbeatMs: 0,
      reconnect: false,
      skipHello: !hello,
      helloTimeoutMs: 5000,
    })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === "ENOENT" || code === "ECONNREFUSED" || code === "FailedToOpenSocket") return undefined
    throw e
  }
}

export function registerDaemonCommands(program: Command): void {
  const daemon = program.command("daemon").description("the background host that keeps sessions running")
  daemon
    .command("start")
    .description("start the daemon for $XAGENT_HOME (windows start it on demand anyway)")
    .option("--foreground", "run in this terminal, logging to stderr")
    .action(async (flags: { foreground?: boolean }) => {
      if (flags.foreground) {
        const { runDaemon } = await import("../daemon/main")
        process.exitCode = await runDaemon()
        return
      }
      const running = await reach(false)
      if (running) {
        const s = await running.daemon("daemon.status", {})
        await running.close()
        await out(`xagent daemon already running (pid ${s.pid}, ${s.socket})\n`)
        return
      }
      const client = await connectOrStart({ clientName: "xagent-cli", heartbeatMs: 0, reconnect: false })
      const s = await client.daemon("daemon.status", {})
      await client.close()
      await out(`xagent daemon started (pid ${s.pid}, ${s.socket})\nlog: ${daemonPaths().log}\n`)
    })
  daemon
    .command("stop")
    .description("stop the daemon and every live session in it")
    .option("--force", "stop even while replies are running or questions wait")
    .action(async (flags: { force?: boolean }) => {
      const client = await reach(false)
      if (!client) return void (await out("xagent daemon is not running\n"))
      try {
        const s = await withTimeout(client.daemon("daemon.status", {}), 3000)
        if (!s) return void (await killHung(!!flags.force))
        const busy = s.sessions.filter((x) => x.running || x.pendingQuestions > 0)
        if (busy.length && !flags.force) {
          const ids = liveIds(s.sessions, await savedIds(client))
          throw new UsageError(
            `${busy.length} session(s) still working (${busy.map(ids).join(", ")}); ` +
              "attach to them, or use 'xagent daemon stop --force'",
          )
        }
        await client.daemon("daemon.stop", {})
        await waitGone()
        const ended = s.sessions.length ? `, ${s.sessions.length} session(s) ended` : ""
        await out(`xagent daemon stopped (pid ${s.pid}${ended})\n`)
      } finally {
        await client.close()
      }
    })
  daemon
    .command("status")
    .description("pid, uptime, socket, and the live sessions with their state and windows")
    .option("--json", "print the status as JSON")
    .action(async (flags: { json?: boolean }) => {
      const client = await reach(false)
      if (!client) {
        await out(flags.json ? "null\n" : "xagent daemon is not running\n")
        process.exitCode = 1
        return
      }
      const s = await client.daemon("daemon.status", {})
      // One id scheme with `sessions` and `--session`: prefixes unique among the saved sessions too.
      const saved = flags.json ? [] : await savedIds(client)
      await client.close()
      await out(flags.json ? terminalJson(s) + "\n" : formatStatus(s, saved))
    })

  program
    .command("attach [session]")
    .description("open a window on a live session (default: the one in this folder)")
    .option("--inline", "draw below the shell prompt (the default), the conversation in the terminal's scrollback")
    .option("--fullscreen", "draw on the whole screen (the alternate screen)")
    .action(async (ref: string | undefined, flags: ScreenFlags, command: Command) => {
      // The root command has the same two flags, and commander hands them to it wherever they stand.
      const root = (command.parent?.opts() ?? {}) as ScreenFlags
      process.exitCode = await attach(ref, screenChoice({ ...root, ...flags }))
    })

  program
    .command("sessions")
    .description("live and recent sessions of this folder, with their state")
    .option("-a, --all", "sessions of every folder")
    .option("--json", "print them as JSON")
    .action(async (flags: { all?: boolean; json?: boolean }) => {
      const client = await connectOrStart({ clientName: "xagent-cli", heartbeatMs: 0, reconnect: false })
      try {
        const { sessions: saved } = await client.request("sessions.list", { cwd: process.cwd(), all: !!flags.all })
        const { sessions: live } = await client.daemon("daemon.status", {})
        const sessions = [...unsaved(live, saved, flags.all ? undefined : process.cwd()), ...saved]
        // Short ids unique among every folder's sessions, as `daemon status` shows them.
        const others = flags.all || flags.json ? [] : await savedIds(client)
        await out(flags.json ? terminalJson(sessions) + "\n" : formatSessions(sessions, !!flags.all, others))
      } finally {
        await client.close()
      }
    })
}

/** Every saved session's id, in all folders (none when the host cannot list them). */
async function savedIds(client: Pick<SocketClient, "request">): Promise<string[]> {
  const r = await client.request("sessions.list", { all: true }).catch(() => undefined)
  return r?.sessions.map((s) => s.id) ?? []
}

/**
 * Live sessions Pi has not written yet (it writes a session with its first reply): a window just
 * opened is listed too, under the Pi id `daemon status` shows.
 */
export function unsaved(live: LiveSessionStatus[], saved: SavedSession[], cwd?: string): SavedSession[] {
  const files = new Set(saved.map((s) => s.path))
  const here = cwd && realpath(cwd)
  return live
    .filter((s) => s.piSessionId && !(s.file && files.has(s.file)) && (!here || realpath(s.cwd) === here))
    .map((s) => ({
      path: s.file ?? "",
      id: s.piSessionId!,
      cwd: s.cwd,
      modified: Date.now(),
      messageCount: 0,
      firstMessage: "(new, not saved yet)",
      live: { sessionId: s.sessionId, running: s.running, pendingQuestions: s.pendingQuestions, windows: s.windows },
    }))
}

async function attach(ref: string | undefined, screen: ScreenSetting): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError("attach needs a terminal")
  // Windows keep their sessions in process there (connect-client.ts): the daemon has none to offer.
  if (!peerChecksAvailable())
    throw new DaemonUnavailable(
      `nothing to attach to: ${noPeerChecksReason()}, so each window keeps its session in its own process`,
    )
  const client = await reach(true)
  if (!client) throw new DaemonUnavailable("no live sessions: the xagent daemon is not running")
  let target: LiveSessionStatus | undefined
  try {
    const { sessions } = await client.daemon("daemon.status", {})
    target = ref ? pickByRef(sessions, ref) : await pickHere(sessions)
  } finally {
    await client.close()
  }
  if (!target) return 1
  const { runWindows } = await import("./window-command")
  // The window gets a client of its own, as `xagent` does: heartbeat and reconnect on, so a
  // dropped link mends itself and a daemon that stops answering is noticed.
  return runWindows(
    { cwd: target.cwd, target: { kind: "attach", sessionId: target.sessionId } },
    { daemon: true, screen },
  )
}

export function pickByRef(sessions: LiveSessionStatus[], ref: string): LiveSessionStatus {
  const path = resolve(ref)
  const hits = sessions.filter(
    (s) =>
      s.piSessionId?.startsWith(ref) ||
      s.sessionId.startsWith(ref) ||
      s.file === path ||
      (s.file && basename(s.file).includes(ref)),
  )
  if (hits.length === 1) return hits[0]!
  if (hits.length > 1) throw new UsageError(`'${ref}' matches ${hits.length} live sessions; give more of the id`)
  const ids = liveIds(sessions)
  throw new UsageError(
    `no live session matches '${ref}'` +
      (sessions.length ? ` (live: ${sessions.map((s) => ids(s)).join(", ")})` : "") +
      "; 'xagent --session <id>' opens a saved one",
  )
}

/**
 * The id shown for a live session: the short form of Pi's id, as `xagent sessions` shows it.
 * `saved`: every saved session's id, so the prefix also opens it with `--session`.
 */
function liveIds(sessions: LiveSessionStatus[], saved: readonly string[] = []): (s: LiveSessionStatus) => string {
  const short = shortIds([...sessions.flatMap((s) => (s.piSessionId ? [s.piSessionId] : [])), ...saved])
  // A Pi id is whatever a session file's header says.
  return (s) => shown((s.piSessionId && short.get(s.piSessionId)) || s.sessionId)
}

async function pickHere(sessions: LiveSessionStatus[]): Promise<LiveSessionStatus | undefined> {
  const here = realpath(process.cwd())
  let mine = sessions.filter((s) => realpath(s.cwd) === here)
  if (mine.length === 0) {
    // A live session in a worktree of this repository (`xagent -w`) is offered too: its folder is
    // not this one, but it is the same project.
    const repo = await sameRepo(here, sessions)
    if (repo.length === 0) {
      await err(`xagent: ${notHereText(sessions, [])}\n`)
      return undefined
    }
    await err(`xagent: ${notHereText(sessions, repo)}\n`)
    mine = repo
  }
  if (mine.length === 1 && mine[0]!.cwd && realpath(mine[0]!.cwd) === here) return mine[0]
  await out(
    sessionLines(mine)
      .map((line, i) => `  ${i + 1}) ${line}\n`)
      .join(""),
  )
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    const answer = (await rl.question(`attach to which (1-${mine.length})? `)).trim()
    const chosen = mine[Number(answer) - 1]
    if (!chosen) await err("xagent: nothing attached\n")
    return chosen
  } finally {
    rl.close()
  }
}

/** Folders, names and ids as a terminal may show them: no escapes, one line. */
const shown = terminalLine

/**
 * Why `attach` found nothing in this folder, naming what it could attach to instead: the live
 * sessions in this repository's worktrees (`repo`, offered next), else the others, each with the
 * `xagent attach <id>` that reaches it.
 */
export function notHereText(sessions: LiveSessionStatus[], repo: LiveSessionStatus[]): string {
  const id = liveIds(sessions)
  const named = (list: LiveSessionStatus[]) =>
    list.map((s) => `${shown(id(s))} in ${shown(s.cwd)} ('xagent attach ${shown(id(s))}')`).join(", ")
  if (repo.length) return `no live session in this folder; in this repository's worktrees: ${named(repo)}`
  return `no live session in this folder${sessions.length ? `; elsewhere: ${named(sessions)}` : ""}`
}

/** The live sessions in other working trees of the git repository `here` is in. */
export async function sameRepo(here: string, sessions: LiveSessionStatus[]): Promise<LiveSessionStatus[]> {
  const mine = await commonDir(here)
  if (!mine) return []
  const out: LiveSessionStatus[] = []
  for (const s of sessions) if (realpath(s.cwd) !== realpath(here) && (await commonDir(s.cwd)) === mine) out.push(s)
  return out
}

async function commonDir(cwd: string): Promise<string | undefined> {
  const r = await gitRun(cwd, ["rev-parse", "--git-common-dir"]).catch(() => undefined)
  if (!r || r.code !== 0 || !r.stdout.trim()) return undefined
  return realpath(resolve(cwd, r.stdout.trim()))
}

/** A daemon that accepts connections but does not answer: only its recorded pid can stop it. */
async function killHung(force: boolean) {
  const { readLockInfo } = await import("../daemon/lock")
  const pid = readLockInfo(daemonPaths())?.pid
  if (!pid) throw new Error("the xagent daemon does not answer, and its lock names no pid")
  if (!force) throw new Error(`the xagent daemon (pid ${pid}) does not answer; 'xagent daemon stop --force' kills it`)
  process.kill(pid, "SIGKILL")
  await out(`xagent daemon (pid ${pid}) did not answer; killed\n`)
}

async function waitGone() {
  for (let i = 0; i < 100; i++) {
    const probe = await reach(false).catch(() => undefined)
    if (!probe) return
    await probe.close()
    await Bun.sleep(50)
  }
}

function realpath(p: string) {
  try {
    return realpathSync(p)
  } catch {
    return resolve(p)
  }
}

function state(s: { running: boolean; pendingQuestions: number }) {
  if (s.pendingQuestions > 0) return `waiting (${s.pendingQuestions} question${s.pendingQuestions > 1 ? "s" : ""})`
  return s.running ? "running" : "idle"
}

/**
 * Rows of columns, each column as wide as its widest cell (the last one is not padded). Every cell
 * is made safe here: names, first messages, folders and ids come from files anyone may write.
 */
function columns(cells: string[][]): string[] {
  const rows = cells.map((r) => r.map(shown))
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]!.length))) ?? []
  return rows.map((r) => r.map((cell, i) => (i < r.length - 1 ? cell.padEnd(widths[i]!) : cell)).join("  "))
}

function sessionLines(sessions: LiveSessionStatus[], saved: readonly string[] = []): string[] {
  const id = liveIds(sessions, saved)
  return columns(sessions.map((s) => [id(s), state(s), plural(s.windows, "window"), shown(s.cwd)]))
}

/** One process per live session: pid, state, resident memory, folder. */
function hostLines(hosts: HostProcessStatus[]): string[] {
  const mb = (b: number) => `${Math.round(b / (1024 * 1024))} MB`
  return columns(hosts.map((h) => [`pid ${h.pid}`, h.state, mb(h.rssBytes), h.cwd])).map((l) => `  ${l}`)
}

function duration(ms: number): string {
  const s = Math.floor(ms / 1000)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`
  if (s < 86400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`
  return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`
}

/** `saved`: every saved session's id (see liveIds). */
export function formatStatus(s: DaemonStatus, saved: readonly string[] = []): string {
  const lines = [
    `xagent daemon: running, pid ${s.pid}, up ${duration(s.uptimeMs)}, protocol ${s.protocol}`,
    `socket: ${s.socket}`,
    `clients: ${s.clients}`,
    s.sessions.length ? "live sessions:" : "live sessions: none",
    ...sessionLines(s.sessions, saved).map((line) => `  ${line}`),
    ...(s.hosts ? [s.hosts.length ? "session hosts:" : "session hosts: none", ...hostLines(s.hosts)] : []),
  ]
  return lines.join("\n") + "\n"
}

/** `others`: ids of sessions not listed (other folders'), which the short ids must not share either. */
export function formatSessions(sessions: SavedSession[], all: boolean, others: readonly string[] = []): string {
  if (!sessions.length) return all ? "no sessions\n" : "no sessions in this folder\n"
  const now = Date.now()
  const short = shortIds([...sessions.map((s) => s.id), ...others])
  const rows = sessions.map((s) => {
    const live = s.live ? `● ${state(s.live)}, ${plural(s.live.windows, "window")}` : "  saved"
    const title = shown(s.name ?? s.firstMessage)
      .replace(/\s+/g, " ")
      .slice(0, 60)
    const age = `${duration(now - s.modified).padStart(7)} ago`
    // The session it came from: a fork's source, a background subagent's parent (its parentSession).
    const parent = s.forkOf ? ` (parent ${short.get(s.forkOf) ?? s.forkOf.slice(0, 8)})` : ""
    const row = [live, short.get(s.id)!, age, `${String(s.messageCount).padStart(4)} msgs`, title + parent]
    return all ? [...row, s.cwd] : row
  })
  return columns(rows).join("\n") + "\n"
}
