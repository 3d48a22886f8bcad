// `xagent acp`: an ACP agent on stdin/stdout. Stdout carries the protocol and nothing else, so
// everything this process would say goes to $XAGENT_HOME/logs/acp.log instead.
import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs"
import { Readable } from "node:stream"
import * as acp from "@agentclientprotocol/sdk"
import type { Client } from "../client/client"
import type { SocketClient } from "../client/socket-client"
import { daemonPaths } from "../util/daemon-paths"
import { createAgent } from "./agent"
import { limitLines, MAX_LINE_BYTES } from "./line-limit"
import { NewSessions } from "./new-sessions"
import { refuseInvalidRequests } from "./request-check"

export interface AcpOptions {
  version: string
  /** How to reach the sessions (default: the daemon, started on demand). */
  connect?: () => Promise<Client>
}

const LOG_ROTATE_BYTES = 5 * 1024 * 1024
const LEAVE_MS = 10_000

export function acpLogPath(): string {
  return `${daemonPaths().logsDir}/acp.log`
}

export async function runAcp(opts: AcpOptions): Promise<number> {
  const logFile = acpLogPath()
  mkdirSync(daemonPaths().logsDir, { recursive: true, mode: 0o700 })
  // One old generation is kept, as for the daemon's log.
  try {
    if (statSync(logFile).size > LOG_ROTATE_BYTES) renameSync(logFile, `${logFile}.1`)
  } catch {}
  const log = (msg: string) => {
    try {
      appendFileSync(logFile, `${new Date().toISOString()} [${process.pid}] ${msg}\n`, { mode: 0o600 })
    } catch {}
  }
  // A stray console.log anywhere below would corrupt the protocol stream.
  console.log = console.info = console.debug = (...a: unknown[]) => log(a.map(String).join(" "))
  console.warn = console.error = (...a: unknown[]) => log(a.map(String).join(" "))

  let client: Promise<Client> | undefined
  const connect =
    opts.connect ??
    (async () => {
      const { connectOrStart } = await import("../client/connect")
      return connectOrStart({ clientName: "xagent-acp" })
    })
  const getClient = () => {
    client ??= connect().catch((err) => {
      client = undefined
      throw err
    })
    return client
  }
  const live = async () => {
    const c = (await getClient()) as Partial<Pick<SocketClient, "daemon">>
    // A client without a daemon (in process) has no live sessions beyond the saved ones.
    return c.daemon ? (await c.daemon("daemon.status", {})).sessions : []
  }
  const newSessions = new NewSessions(`${daemonPaths().home}/acp/new-sessions`)
  const { app, closeAll } = createAgent({ client: getClient, version: opts.version, log, live, newSessions })
  const output = new WritableStream<Uint8Array>({
    write: (chunk) =>
      new Promise<void>((resolve, reject) => process.stdout.write(chunk, (err) => (err ? reject(err) : resolve()))),
  })
  const tooLong = (bytes: number) => {
    const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`
    const text = `a message of ${mb(bytes)} was dropped: messages past ${mb(MAX_LINE_BYTES)} are refused`
    log(text)
    process.stderr.write(`xagent acp: ${text}\n`)
    const error = { jsonrpc: "2.0", id: null, error: { code: -32600, message: `Invalid request: ${text}` } }
    process.stdout.write(`${JSON.stringify(error)}\n`)
  }
  const input = limitLines(Readable.toWeb(process.stdin) as unknown as ReadableStream<Uint8Array>, tooLong)
  const refuse = (id: string | number, why: string) => {
    log(`request ${JSON.stringify(id)} refused: ${why}`)
    const error = { jsonrpc: "2.0", id, error: { code: -32600, message: `Invalid request: ${why}` } }
    process.stdout.write(`${JSON.stringify(error)}\n`)
  }
  const connection = app.connect(refuseInvalidRequests(acp.ndJsonStream(output, input), refuse))
  log("acp agent started")
  await connection.closed
  log("acp connection closed")
  // The editor is gone: leaving its sessions takes a few daemon requests, which must not keep the
  // process alive if the daemon never answers them (nothing it holds depends on this process).
  const leave = (async () => {
    await closeAll()
    if (client) await (await client.catch(() => undefined))?.close()
  })()
  const ceiling = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), LEAVE_MS).unref())
  if ((await Promise.race([leave, ceiling])) === "late") log(`leaving the sessions took over ${LEAVE_MS} ms; exiting`)
  return 0
}
