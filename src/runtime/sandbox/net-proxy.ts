// The runtime's proxy: one per session, on a unix socket the sandbox gets bound in (the sandbox
// has a network namespace of its own, so this socket is its only way out). CONNECT opens a tunnel
// (https and anything else over TLS); an absolute-URL request is forwarded as plain http. Only the
// listed hosts are reached; any other gets a 403 whose text says why, and the session is told.
import { mkdtempSync, rmSync } from "node:fs"
import { connect, createServer, type Server, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { hostAllowed, normalHost, splitEntry } from "./host-list"

export interface NetProxy {
  /** The folder holding the socket (bound into the sandbox). */
  dir: string
  socket: string
  close(): void
}

/** A request head larger than this is not HTTP a client would send; refused rather than buffered. */
const MAX_HEAD = 64 * 1024

export async function startNetProxy(hosts: readonly string[], onRefused: (host: string) => void): Promise<NetProxy> {
  const dir = mkdtempSync(join(tmpdir(), "xagent-net-"))
  const socket = join(dir, "proxy.sock")
  const open = new Set<Socket>()
  const server: Server = createServer((client) => {
    open.add(client)
    client.on("close", () => open.delete(client))
    client.on("error", () => client.destroy())
    readHead(client, (head, rest) => serve(client, head, rest))
  })
  const serve = (client: Socket, head: string, rest: Buffer) => {
    const req = parseHead(head)
    if (!req) return reply(client, 400, "Bad Request", "xagent's sandbox proxy could not read this request.")
    if (!hostAllowed(hosts, req.host, req.port)) {
      // Listed with other ports only: the port is what is refused.
      const anyPort = hosts.map((e) => splitEntry(e).host)
      const what = hostAllowed(anyPort, req.host) ? `${req.host}:${req.port}` : req.host
      onRefused(what)
      const allowed = hosts.length ? hosts.join(", ") : "none"
      return reply(
        client,
        403,
        `Forbidden by xagent sandbox: ${what} is not an allowed host`,
        `xagent's sandbox refused the connection to ${what}: it is not in sandbox.network ` +
          `(allowed: ${allowed}). Only the person can allow more hosts, in xagent's settings.json.`,
      )
    }
    const up = connect({ host: req.host, port: req.port })
    open.add(up)
    up.on("close", () => open.delete(up))
    up.on("error", (err) => {
      if (up.bytesRead === 0 && !client.destroyed)
        reply(
          client,
          502,
          "Bad Gateway",
          `xagent's sandbox proxy could not reach ${req.host}:${req.port}: ${err.message}`,
        )
      else client.destroy()
    })
    client.on("close", () => up.destroy())
    up.on("connect", () => {
      if (req.connect) client.write("HTTP/1.1 200 Connection Established\r\n\r\n")
      else up.write(req.forward)
      if (rest.length) up.write(rest)
      client.pipe(up)
      up.pipe(client)
    })
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(socket, () => resolve())
  })
  return {
    dir,
    socket,
    close() {
      server.close()
      for (const s of open) s.destroy()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Collects bytes up to the blank line that ends a request head. */
function readHead(client: Socket, done: (head: string, rest: Buffer) => void): void {
  let buf = Buffer.alloc(0)
  const onData = (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk])
    const end = buf.indexOf("\r\n\r\n")
    if (end < 0) {
      if (buf.length > MAX_HEAD) {
        client.off("data", onData)
        reply(client, 431, "Request Header Fields Too Large", "xagent's sandbox proxy: request head too large.")
      }
      return
    }
    client.off("data", onData)
    client.pause()
    done(buf.subarray(0, end).toString("latin1"), buf.subarray(end + 4))
  }
  client.on("data", onData)
}

interface ProxyRequest {
  host: string
  port: number
  connect: boolean
  /** For plain http: the head to send upstream (origin-form, one request per connection). */
  forward: string
}

function parseHead(head: string): ProxyRequest | undefined {
  const [line = "", ...fields] = head.split("\r\n")
  const m = /^([A-Z]+) (\S+) (HTTP\/1\.[01])$/.exec(line)
  if (!m) return undefined
  const [, method, target, version] = m as unknown as [string, string, string, string]
  if (method === "CONNECT") {
    const a = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(target)
    return a ? { host: normalHost(a[1]!), port: Number(a[2]), connect: true, forward: "" } : undefined
  }
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return undefined
  }
  if (url.protocol !== "http:") return undefined
  // The client's own connection handling is replaced: the upstream closes after one response.
  const kept = fields.filter((f) => !/^(proxy-[\w-]*|connection|keep-alive)\s*:/i.test(f))
  const forward = [`${method} ${url.pathname}${url.search} ${version}`, ...kept, "Connection: close", "", ""].join(
    "\r\n",
  )
  return { host: normalHost(url.hostname), port: Number(url.port || 80), connect: false, forward }
}

function reply(client: Socket, status: number, reason: string, text: string): void {
  const body = Buffer.from(text + "\n")
  client.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  )
}
