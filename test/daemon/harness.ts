// A real daemon process on a throwaway XAGENT_HOME, with Pi pointed at mockllm (a scripted
// OpenAI-compatible server). Clients are the real socket client; nothing in between is faked.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { connectOrStart, type ConnectOptions } from "../../src/client/connect"
import { connectSocket, type SocketClient, type SocketClientOptions } from "../../src/client/socket-client"
import type { EventEnvelope, SessionSnapshot, TranscriptItem } from "../../src/protocol"
import { SnapshotState } from "../../src/runtime/session/snapshot-state"
import { daemonPaths, type DaemonPaths } from "../../src/util/daemon-paths"
import { stringEnv } from "../../src/util/env-fingerprint"
import {
  makeSandbox,
  XAGENT_BIN,
  startMockLlm,
  writeAgentDir,
  type Sandbox,
  type Scenario,
  type ScriptedLlm,
} from "../fixture/mockllm"
import { WAIT_MS } from "../fixture/wait"

export const BUN = process.execPath
export const HERE = import.meta.dir

export interface DaemonBox {
  box: Sandbox
  llm: ScriptedLlm
  paths: DaemonPaths
  /** Environment a daemon of this box starts with. */
  env: Record<string, string>
  /** connectOrStart for this box: starts the daemon when none answers. */
  connect(opts?: Partial<ConnectOptions>): Promise<SocketClient>
  /** A client that never starts a daemon. */
  attach(opts?: Partial<SocketClientOptions>): Promise<SocketClient>
  daemonPid(): number | undefined
  log(): string
  cleanup(): Promise<void>
}

export async function startBox(
  scenario: Scenario,
  opts: { tps?: number; env?: Record<string, string> } = {},
): Promise<DaemonBox> {
  const box = makeSandbox()
  const llm = await startMockLlm(scenario, { tps: opts.tps })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  const env = { ...box.env, XAGENT_DAEMON_LINGER_MS: "60000", ...opts.env }
  const paths = daemonPaths(box.xagentHome)
  const clients: SocketClient[] = []
  const track = (c: SocketClient) => (clients.push(c), c)
  const daemonPid = () => {
    try {
      return JSON.parse(readFileSync(paths.lock, "utf8")).pid as number
    } catch {
      return undefined
    }
  }
  return {
    box,
    llm,
    paths,
    env,
    connect: async (o = {}) =>
      track(await connectOrStart({ home: box.xagentHome, env, heartbeatMs: 0, clientName: "test", ...o })),
    attach: async (o = {}) =>
      // a window of this box: the sessions it opens run with the box's environment
      track(
        await connectSocket({
          socketPath: paths.socket,
          heartbeatMs: 0,
          clientName: "test",
          env: { ...stringEnv(process.env), ...env },
          ...o,
        }),
      ),
    daemonPid,
    log: () => (existsSync(paths.log) ? readFileSync(paths.log, "utf8") : ""),
    async cleanup() {
      for (const c of clients) await c.close().catch(() => {})
      const pid = daemonPid()
      if (pid && alive(pid)) {
        process.kill(pid, "SIGKILL")
        await until(() => !alive(pid), "daemon exit")
      }
      await llm.stop()
      box.cleanup()
    },
  }
}

/** Running (a zombie counts as gone). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat[stat.lastIndexOf(")") + 2] !== "Z"
  } catch {
    return false
  }
}

/** Polls a condition that has no event to wait on (another process exiting, a file appearing). */
export async function until<T>(probe: () => T | undefined | false, what: string, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = probe()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(20)
  }
}

/** Everything one client sees of a session, and the session as that client would draw it. */
export class Recorder {
  readonly events: EventEnvelope[] = []
  private state: SnapshotState | undefined
  private waiters = new Set<() => void>()
  readonly stop: () => void

  constructor(client: SocketClient, sessionId: string, after = 0, onEvent?: (env: EventEnvelope) => void) {
    this.stop = client.subscribe(sessionId, after, (env) => {
      onEvent?.(env)
      this.events.push(env)
      if (env.event.type === "snapshot") this.state = new SnapshotState(env.event.snapshot)
      else this.state?.apply(env.event)
      for (const w of [...this.waiters]) w()
    })
  }

  get snapshot(): SessionSnapshot | undefined {
    return this.state?.snapshot()
  }

  waitFor(pred: (s: SessionSnapshot, events: EventEnvelope[]) => boolean, what: string, timeoutMs = WAIT_MS) {
    return new Promise<SessionSnapshot>((resolve, reject) => {
      const check = () => {
        const s = this.state?.snapshot()
        if (s && pred(s, this.events)) {
          this.waiters.delete(check)
          clearTimeout(timer)
          resolve(s)
        }
      }
      const timer = setTimeout(() => {
        this.waiters.delete(check)
        // What was still running says where it stuck; the last events say what came last.
        const running = (this.state?.snapshot().items ?? []).filter(
          (i) => (i.kind === "tool" || i.kind === "bash") && (i.status === "running" || i.status === "pending"),
        )
        reject(
          new Error(
            `timed out waiting for ${what}; still running: ${JSON.stringify(running)}; last events: ${JSON.stringify(this.events.slice(-3))}`,
          ),
        )
      }, timeoutMs)
      this.waiters.add(check)
      check()
    })
  }
}

/** A reply finished: not running, and the last item is a finished assistant message. */
export const replyDone = (turns: number) => (s: SessionSnapshot) =>
  !s.running && s.items.filter((i) => i.kind === "assistant" && !i.streaming).length >= turns

/** N turns ended (an agent session's `turn_end` events) and nothing running. */
export const turnsEnded = (n: number) => (s: SessionSnapshot, events: EventEnvelope[]) =>
  !s.running && events.filter((e) => e.event.type === "turn_end").length >= n

export function assistantTexts(items: TranscriptItem[]): string[] {
  return items
    .filter((i) => i.kind === "assistant")
    .map((i) => i.blocks.flatMap((b) => (b.type === "text" ? [b.text] : [])).join(""))
}

/** Every line of a Pi session file parsed (throws on a torn line), and its assistant texts. */
export function readSessionFile(path: string) {
  const entries = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { type: string; message?: { role: string; content: unknown } })
  const texts = entries
    .filter((e) => e.type === "message" && e.message?.role === "assistant")
    .map((e) => {
      const c = e.message!.content
      if (typeof c === "string") return c
      return (c as { type: string; text?: string }[]).flatMap((b) => (b.type === "text" ? [b.text!] : [])).join("")
    })
  return { entries, texts }
}

export const fixturePath = (name: string) => join(HERE, "fixtures", name)

/**
 * The escaped-tool attack as a bash command: `n` lurkers (fixtures/lurker.ts)
 * started with `setsid nohup … &`, tagged `<tag>-<i>`; it returns once all of them run.
 */
export function lurkCommand(tag: string, n: number): string {
  const one = (i: number) =>
    `setsid nohup ${BUN} ${fixturePath("lurker.ts")} ${tag}-${i} > /dev/null 2>&1 < /dev/null &`
  const wait = `until [ $(ls ${tag}-*.started 2>/dev/null | wc -l) -ge ${n} ]; do sleep 0.05; done; echo all started`
  return [...Array.from({ length: n }, (_, i) => one(i)), wait].join("\n")
}

/** Live lurkers: processes running the fixture (not the shells whose script names it). */
export function lurkersAlive(): number {
  let n = 0
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
      if (argv[1] === fixturePath("lurker.ts")) n++
    } catch {
      // gone meanwhile
    }
  }
  return n
}

/** The environment a process was started with (/proc/<pid>/environ). */
export function startEnv(pid: number): Record<string, string> {
  return Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, "utf8")
      .split("\0")
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  )
}

/**
 * `xagent acp` as a session's engine, on an xagent home of its own (so its own daemon: the box's
 * refuses sessions to processes its sessions started, the agent being one, as it would any tool's).
 * `stopAgentDaemon` stops that daemon, before the box's cleanup.
 */
export async function openXagentAgent(box: DaemonBox, c: SocketClient) {
  const home = join(box.box.root, "agent-home")
  const opened = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    agent: { command: [XAGENT_BIN, "acp"], env: { XAGENT_HOME: home } },
  })
  const stopAgentDaemon = async () => {
    const proc = Bun.spawn([XAGENT_BIN, "daemon", "stop"], {
      cwd: box.box.cwd,
      env: { ...box.env, XAGENT_HOME: home },
      stdout: "ignore",
      stderr: "ignore",
    })
    await proc.exited
  }
  return { sessionId: opened.sessionId, stopAgentDaemon }
}
