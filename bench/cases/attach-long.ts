import { connectOrStart } from "../../src/client/connect"
import type { SocketClient } from "../../src/client/socket-client"
import { LAST_MESSAGE_MARKER, sessionCopy } from "../fixtures/long-session"
import type { BenchCase, CaseContext } from "../lib/bench-case"
import { metric, TAG_PREFIX, vsPi, withProgram } from "../lib/bench-case"
import { leftovers } from "../lib/proc"
import { REPO, type Program } from "../programs"
import { join } from "node:path"

let serial = 0

interface LiveSession {
  stop(): Promise<void>
}

/**
 * A daemon of its own (tagged, so an aborted bench still ends it) with `file` open and live in it:
 * this connection keeps it live (a session nobody watches would end when its last client left).
 */
async function openLive(ctx: CaseContext, file: string): Promise<LiveSession> {
  const tag = `${TAG_PREFIX}live${++serial}`
  const env = {
    ...ctx.dir.env(tag.split("=")[1]!),
    PATH: `${join(REPO, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
  }
  const client: SocketClient = await connectOrStart({
    home: ctx.dir.xagentHome,
    env,
    clientName: "bench",
    heartbeatMs: 0,
    reconnect: false,
    startTimeoutMs: 60_000,
  })
  const pid = client.daemonPid
  try {
    await client.request("session.open", { cwd: ctx.dir.work, mode: { kind: "session", ref: file } })
  } catch (e) {
    await stopDaemon(client, pid, tag)
    throw e
  }
  return { stop: () => stopDaemon(client, pid, tag) }
}

async function stopDaemon(client: SocketClient, pid: number, tag: string): Promise<void> {
  await client.daemon("daemon.stop", { ifIdle: false }).catch(() => {})
  await client.close()
  const deadline = performance.now() + 5000
  while (performance.now() < deadline && (alive(pid) || leftovers(-1, tag).length)) await Bun.sleep(50)
  for (const p of [pid, ...leftovers(-1, tag)]) {
    try {
      process.kill(p, "SIGKILL")
    } catch {
      // gone
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export const attachLong: BenchCase = {
  id: "attach-long",
  title: "attach long",
  measures:
    "The long session (as in long resume) is already open in xagent's daemon: a daemon of the bench's own " +
    "opens it over the socket and keeps it live. Time: from asking tmux to start `xagent attach` (in the " +
    "session's folder) until the marker that ends the last message is on screen. Pi has no daemon: its " +
    "figure is the same as for long resume, exec of `pi --session <file>` until the marker.",
  metrics: [metric("median", "attach_s", "exec → last message on screen", "s", vsPi(0.3))],
  async setup(ctx) {
    await ctx.serve("attach-long", { fallback: "ok" }, 2000)
  },
  async once(ctx, program) {
    const session = sessionCopy(ctx, "long")
    const timeToMarker = (p: Program, opts: { session?: string }) =>
      withProgram(ctx, p, opts, async (run) => {
        const seen = await run.pane.waitForText(LAST_MESSAGE_MARKER, { timeoutMs: 90_000, pollMs: 10 })
        return { attach_s: run.seconds(run.pane.startedAt, seen) }
      })
    if (!program.attachArgv) {
      if (program.id === "xagent") throw new Error("xagent attach needs the daemon (run without --no-daemon)")
      return timeToMarker(program, { session })
    }
    const attachArgv = program.attachArgv
    const live = await openLive(ctx, session)
    try {
      return await timeToMarker({ ...program, argv: () => attachArgv() }, {})
    } finally {
      await live.stop()
    }
  },
}
