// A session host's process entry: `bun src/daemon/host-process.ts`, spawned by the broker daemon
// (host-pool.ts) with the session's folder as cwd and the environment of the window that opened
// it. It serves one live session (Pi swaps sessions inside it for /new, /fork, /session) over the
// link the broker made as its fd 3 (runtime/hosting/host-frames.ts, host-link.ts). It is a child subreaper, so
// everything its tools start stays below it, and when it ends (closed, the broker gone, a signal)
// it ends all of that (no escaped tool process outlives its host).
import { existsSync, readFileSync, statSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { ProtocolError, type EventEnvelope, type Params } from "../protocol"
import type { SessionOpener } from "../common/bundled"
import { takeNotifications } from "../common/terminal-notify"
import type { SessionHost } from "../runtime/hosting/host-api"
import { errorBody, serveFrames } from "../runtime/hosting/serve-frames"
import { becomeChildSubreaper } from "../util/libc"
import { dropBunTuning } from "../util/patches/bun-tuning"
import { createQuietGc } from "../util/patches/quiet-gc"
import { killDescendants } from "./descendants"
import { reapOrphanZombies, trackedZombies } from "./reaper"
import type { FromHost, ToHost } from "../runtime/hosting/host-frames"
import { frameLink, hostEndFd } from "./host-link"
import { startMark } from "../util/start-trace"

const DISPOSE_TIMEOUT_MS = 5000
startMark("host", "main")

dropBunTuning()
becomeChildSubreaper()
// As a subreaper the host inherits what a sandboxed command leaves behind (bwrap's own processes)
// and is the only one left to wait() for it: one zombie a command otherwise. After each SIGCHLD,
// look every second (reaper.ts keeps Bun's own children out) until nothing is left to reap.
let reaping: ReturnType<typeof setInterval> | undefined
let quietScans = 0
process.on("SIGCHLD", () => {
  quietScans = 0
  reaping ??= setInterval(() => {
    reapOrphanZombies()
    // a few scans with nothing tracked: the last exit's orphans are gone (or there were none)
    if (trackedZombies() > 0 || ++quietScans < 4) return
    clearInterval(reaping)
    reaping = undefined
  }, 1000).unref()
})
// Extensions re-run "their own program" as `process.execPath process.argv[1] …` with Pi's flags
// (Pi's subagent example): here that program is xagent, whose CLI takes them, not this entry.
process.argv[1] = fileURLToPath(new URL("../../bin/xagent", import.meta.url))
// Collected once a burst of frames is over: an idle host wakes for nothing, so neither Bun's
// timers nor the next burst would take what the last one left (quiet-gc.ts).
const quietGc = createQuietGc()
// A snapshot sent (a long session opened: its file parsed, projected and encoded) or an answer
// while no reply runs is a burst that is over: collect soon, as the broker does. While a reply
// runs, its events keep the quiet period at its full length.
const ONE_SHOT_QUIET_MS = 150
const burstOver = (f: FromHost) =>
  (f.type === "event" && f.env.event.type === "snapshot") ||
  (f.type === "response" && !host?.live().some((s) => s.running))
const link = frameLink<ToHost, FromHost>(hostEndFd(), {
  frame: (f) => {
    quietGc.touch()
    void onFrame(f)
  },
  close: () => void end("the daemon is gone", false),
  log: (message) => log(message),
})
const write = (frame: FromHost) => {
  quietGc.touch(burstOver(frame) ? ONE_SHOT_QUIET_MS : undefined)
  link.send(frame)
}
// The broker's view of the sessions first, then the frame: a window that hears a reply ended (or
// gets its answer) and asks for status must see it ended.
const served = serveFrames((frame) => {
  pushLive()
  write(frame)
})
/** A frame of this process's own: the events gathered before it go first (serve-frames.ts). */
const send = (frame: FromHost) => {
  served.flush()
  write(frame)
}
const log = (message: string) => send({ type: "log", message })
process.on("uncaughtException", (e) => log(`uncaught: ${e.stack ?? e}`))
process.on("unhandledRejection", (e) => log(`unhandled rejection: ${(e as Error)?.stack ?? e}`))

let lastLive = ""
let ending = false

/** This host's `open` frames waiting for the broker's answer. */
const opening = new Map<number, { resolve(sessionId: string): void; reject(e: Error): void }>()
let lastOpen = 0
/** The sessions this host watches, by the id of the `open` that made each: where their events go. */
const watching = new Map<number, (env: EventEnvelope) => void>()
/** This host's `call` frames waiting for the broker's answer. */
const calling = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
let lastCall = 0
/**
 * Sessions in hosts of their own: a background subagent's, which outlives this one, or a watched
 * foreground subagent's, which the broker closes when this host ends.
 */
const sessions: SessionOpener = {
  open: (params, prompt, watch) =>
    new Promise<string>((resolve, reject) => {
      const id = ++lastOpen
      opening.set(id, { resolve, reject })
      if (watch)
        watching.set(id, (env) => {
          if (env.event.type === "closed") watching.delete(id)
          watch(env)
        })
      send({ type: "open", id, params, prompt, ...(watch ? { watch: true } : {}) })
    }),
  call: (sessionId, method, params) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastCall
      calling.set(id, { resolve, reject })
      send({ type: "call", id, sessionId, method, params })
    }),
}

const hostReady: Promise<SessionHost> = (async () => {
  const { createHost } = await import("../runtime/hosting/host")
  startMark("host", "runtime imported")
  const h = await createHost({ mode: "daemon", log, sessions })
  startMark("host", "host created")
  return h
})()
let host: SessionHost | undefined

// This process's stdout is the daemon's log. What extensions write there stays in it, but for the
// desktop notifications among it (Pi's notify example), which go to the session's windows.
const writeLog = process.stdout.write.bind(process.stdout)
process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
  if (host && (typeof chunk === "string" || chunk instanceof Uint8Array)) {
    const text = typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk)
    const { found, rest: left } = takeNotifications(text)
    for (const seq of found) host.terminalNotify(seq)
    if (found.length && !left) {
      const done = rest.find((r) => typeof r === "function") as (() => void) | undefined
      if (done) queueMicrotask(done)
      return true
    }
    if (found.length) return writeLog(left, ...(rest as []))
  }
  return writeLog(chunk as string, ...(rest as []))
}) as typeof process.stdout.write

hostReady.then(
  (h) => {
    host = h
    send({ type: "ready" })
  },
  (e) => send({ type: "failed", message: errorBody(e).message }),
)

/** The folder follows the session: /new, /fork and /session swap it inside this process. */
function followSession() {
  const live = host?.live() ?? []
  const cwd = live[0]?.cwd
  if (cwd && cwd !== process.cwd() && existsSync(cwd)) {
    try {
      process.chdir(cwd)
    } catch (e) {
      log(`cannot change to ${cwd}: ${(e as Error).message}`)
    }
  }
}

/**
 * A saved session runs in the folder its header names (opened from elsewhere by path or id) when
 * the file is in the person's session store; any other goes on where it was opened (the host
 * decides the same: session-files.ts `workspaceOverride`).
 */
async function sessionFolder(p: Params<"session.open">): Promise<string> {
  if (p.mode.kind === "new") return p.cwd
  try {
    const { openTarget, targetWorkspace } = await import("../runtime/hosting/open-target")
    const path = await openTarget(p)
    if (!path) return p.cwd
    const here = targetWorkspace(path, p)
    if (here) return here
    const head = readFileSync(path, "utf8")
      .slice(0, 64 * 1024)
      .split("\n", 1)[0]!
    const cwd = (JSON.parse(head) as { cwd?: unknown }).cwd
    if (typeof cwd === "string" && existsSync(cwd) && statSync(cwd).isDirectory()) return cwd
  } catch {
    // the open itself reports what is wrong with the file
  }
  return p.cwd
}

let watch: ReturnType<typeof setInterval> | undefined

function pushLive() {
  if (!host) return
  const sessions = host.live()
  // A watched session's changes reach a window as events, and each event pushes first (see
  // subscribe). An unwatched one's do not (a detached reply ends): look each second while one is,
  // and not at all otherwise, so an idle host with its window sleeps.
  const unwatched = sessions.some((s) => s.subscribers === 0)
  if (unwatched && !watch) watch = setInterval(pushLive, 1000).unref()
  else if (!unwatched && watch) {
    clearInterval(watch)
    watch = undefined
  }
  const text = JSON.stringify(sessions)
  if (text === lastLive) return
  lastLive = text
  send({ type: "live", sessions })
}

async function end(reason: string, reply: boolean) {
  if (ending) return
  ending = true
  served.unsubscribeAll()
  const h = host ?? (await Promise.race([hostReady.catch(() => undefined), Bun.sleep(DISPOSE_TIMEOUT_MS)]))
  if (h) await Promise.race([h.dispose().catch(() => {}), Bun.sleep(DISPOSE_TIMEOUT_MS)])
  const ended = killDescendants(process.pid)
  if (ended) log(`ended ${ended} process(es) the session's tools left running (${reason})`)
  if (reply) send({ type: "disposed" })
  process.exit(0)
}

for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(sig, () => void end(sig, false))

async function onFrame(frame: ToHost) {
  if (ending) return
  switch (frame.type) {
    case "holds":
      return served.respond(frame.id, async () => (await hostReady).holds(frame.paths))
    case "request":
    case "resolve":
      return served.respond(frame.id, async () => {
        const h = await hostReady
        if (frame.type === "resolve") {
          const { openTarget } = await import("../runtime/hosting/open-target")
          return { path: await openTarget(frame.params) }
        }
        // before Pi loads the folder's extensions, so they see their folder from the start
        if (frame.method === "session.open") process.chdir(await sessionFolder(frame.params as Params<"session.open">))
        if (frame.method === "session.open") startMark("host", "open")
        const result = await h.request(frame.method, frame.params as never)
        if (frame.method === "session.open") startMark("host", "opened")
        followSession()
        return result
      })
    case "subscribe":
      served.subscribe(await hostReady.catch(() => undefined), frame)
      pushLive()
      return
    case "unsubscribe":
      served.unsubscribe(frame.subId)
      pushLive()
      return
    case "opened": {
      const p = opening.get(frame.id)
      opening.delete(frame.id)
      if (frame.error !== undefined || !frame.sessionId) {
        watching.delete(frame.id)
        p?.reject(new Error(frame.error ?? "no session was opened"))
      } else p?.resolve(frame.sessionId)
      return
    }
    case "watched":
      return watching.get(frame.openId)?.(frame.env)
    case "answered": {
      const p = calling.get(frame.id)
      calling.delete(frame.id)
      if (frame.error) p?.reject(new ProtocolError(frame.error.code, frame.error.message))
      else p?.resolve(frame.result)
      return
    }
    case "dispose":
      return end("closed", true)
    case "env":
      // Read before any await of this handler, so ahead of the open that follows it.
      for (const key of frame.unset) delete process.env[key]
      Object.assign(process.env, frame.set)
      return
  }
}
