// The HTTP(S) side of one session's remote control: the web app's files, pairing, and the API a
// paired browser uses (its session's event stream, and the calls device-calls.ts allows).
//
// Every API request but pairing carries the device's token (`Authorization: Bearer`), never a
// cookie, so another site's page cannot make a browser send it (no CSRF); a request from a page
// of another origin, or naming a host this server is not (DNS rebinding), is refused before
// anything else; every address and every device is rate limited. Nothing here logs a token.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { ProtocolError, type EventEnvelope } from "../../protocol"
import { errorText } from "../../util/error-text"
import type { StoredDevice } from "./device-store"
import { RateLimit } from "./rate-limit"

/** What the server needs from its session's remote control (remote-session.ts). */
export interface WebSession {
  readonly sessionId: string
  /** `scheme://host:port` values the browser's Origin may be, and the Host header's matching values. */
  readonly origins: ReadonlySet<string>
  readonly hosts: ReadonlySet<string>
  pair(code: string, name: string, address: string): { requestId: string; secret: string }
  waitPair(requestId: string, secret: string, signal: AbortSignal): Promise<PairAnswer>
  device(token: string): StoredDevice | undefined
  call(device: StoredDevice, method: unknown, params: unknown): Promise<unknown>
  /** The device's event stream: `send` gets each envelope; the returned function ends it. */
  stream(device: StoredDevice, after: number, send: (e: EventEnvelope) => boolean, end: () => void): () => void
  whoami(device: StoredDevice): unknown
  log(msg: string): void
}

export type PairAnswer =
  { state: "waiting" } | { state: "allowed"; token: string; deviceId: string } | { state: "refused" }

const MAX_BODY = 1 << 20
/** A stream whose browser stopped reading is ended past this many queued bytes; it comes back with `after`. */
const MAX_QUEUED = 8 << 20
const HEARTBEAT_MS = 10_000

const FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/app.css": { file: "app.css", type: "text/css; charset=utf-8" },
  "/icon.svg": { file: "icon.svg", type: "image/svg+xml" },
}

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
}

function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...SECURITY_HEADERS, "content-type": "application/json", "cache-control": "no-store", ...extra },
  })
}

const refuse = (status: number, message: string, extra?: Record<string, string>) =>
  json(status, { error: message }, extra)

const STATUS_OF: Partial<Record<ProtocolError["code"], number>> = {
  refused: 403,
  not_found: 404,
  bad_request: 400,
}

async function readJson(req: Request): Promise<Record<string, unknown>> {
  if (!(req.headers.get("content-type") ?? "").startsWith("application/json"))
    throw new ProtocolError("bad_request", "send JSON (Content-Type: application/json)")
  const length = Number(req.headers.get("content-length") ?? 0)
  if (length > MAX_BODY) throw new ProtocolError("bad_request", `a request body is at most ${MAX_BODY} bytes`)
  const text = await req.text()
  if (text.length > MAX_BODY) throw new ProtocolError("bad_request", `a request body is at most ${MAX_BODY} bytes`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ProtocolError("bad_request", "the body is not JSON")
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new ProtocolError("bad_request", "the body is not a JSON object")
  return body as Record<string, unknown>
}

export interface WebHandler {
  fetch(req: Request, address: string): Promise<Response>
}

export function webHandler(session: WebSession, appDir: string): WebHandler {
  // Per address: everything it asks, pairing, and failed tokens; per device: its calls.
  const perAddress = new RateLimit(600, 60_000)
  const pairing = new RateLimit(10, 600_000)
  const badTokens = new RateLimit(20, 60_000)
  const perDevice = new RateLimit(240, 60_000)
  const files = new Map<string, Uint8Array>()
  const file = (name: string) => {
    let bytes = files.get(name)
    if (!bytes) files.set(name, (bytes = readFileSync(join(appDir, name))))
    return bytes
  }

  function authorize(req: Request, address: string): StoredDevice | Response {
    const header = req.headers.get("authorization") ?? ""
    const token = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header)?.[1]
    const device = token ? session.device(token) : undefined
    if (device) return device
    if (!badTokens.take(address)) return refuse(429, "too many refused tokens: wait a minute")
    session.log(`remote control: a request from ${address} without a valid token refused`)
    return refuse(401, token ? "this device is not paired (or was revoked)" : "no token: pair this device first")
  }

  async function api(req: Request, url: URL, address: string): Promise<Response> {
    const path = url.pathname
    if (req.method === "POST" && path === "/api/pair") {
      if (!pairing.take(address))
        return refuse(429, "too many pairing attempts from this address", {
          "retry-after": String(pairing.retryAfter(address)),
        })
      const body = await readJson(req)
      if (typeof body.code !== "string" || typeof body.name !== "string")
        throw new ProtocolError("bad_request", "pairing needs {code, name}")
      return json(200, session.pair(body.code, body.name, address))
    }
    if (req.method === "POST" && path === "/api/pair/wait") {
      const body = await readJson(req)
      if (typeof body.requestId !== "string" || typeof body.secret !== "string")
        throw new ProtocolError("bad_request", "waiting needs {requestId, secret}")
      return json(200, await session.waitPair(body.requestId, body.secret, req.signal))
    }
    const device = authorize(req, address)
    if (device instanceof Response) return device
    if (!perDevice.take(device.id))
      return refuse(429, "too many requests from this device", {
        "retry-after": String(perDevice.retryAfter(device.id)),
      })
    if (req.method === "GET" && path === "/api/whoami") return json(200, session.whoami(device))
    if (req.method === "POST" && path === "/api/call") {
      const body = await readJson(req)
      return json(200, { result: await session.call(device, body.method, body.params) })
    }
    if (req.method === "GET" && path === "/api/events")
      return events(device, Number(url.searchParams.get("after") ?? 0))
    return refuse(404, "no such request")
  }

  function events(device: StoredDevice, after: number): Response {
    const encoder = new TextEncoder()
    let stop: (() => void) | undefined
    let beat: ReturnType<typeof setInterval> | undefined
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        let ended = false
        const end = () => {
          if (ended) return
          ended = true
          clearInterval(beat)
          stop?.()
          try {
            controller.close()
          } catch {}
        }
        const write = (text: string) => {
          if (ended) return false
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED) {
            session.log(`remote control: device ${device.id} stopped reading; its stream is ended`)
            end()
            return false
          }
          controller.enqueue(encoder.encode(text + "\n"))
          return true
        }
        write(JSON.stringify({ type: "hello", sessionId: session.sessionId }))
        stop = session.stream(
          device,
          Number.isFinite(after) && after > 0 ? after : 0,
          (e) => write(JSON.stringify(e)),
          end,
        )
        beat = setInterval(() => write(""), HEARTBEAT_MS)
      },
      cancel() {
        clearInterval(beat)
        stop?.()
      },
    })
    return new Response(stream, {
      headers: { ...SECURITY_HEADERS, "content-type": "application/x-ndjson", "cache-control": "no-store" },
    })
  }

  return {
    async fetch(req, address) {
      if (!perAddress.take(address))
        return refuse(429, "too many requests from this address", {
          "retry-after": String(perAddress.retryAfter(address)),
        })
      const url = new URL(req.url)
      // A page of another origin, or a name this server is not (a rebound DNS name), gets nothing.
      const host = req.headers.get("host") ?? ""
      if (!session.hosts.has(host.toLowerCase())) return refuse(421, "this server does not serve that host name")
      const origin = req.headers.get("origin")
      if (origin !== null && !session.origins.has(origin)) return refuse(403, "requests from another site are refused")
      if (url.pathname.startsWith("/api/")) {
        // a browser always sends Origin with a POST; a request without one is not a page of ours
        if (req.method !== "GET" && origin === null) return refuse(403, "a request without an origin is refused")
        try {
          return await api(req, url, address)
        } catch (e) {
          if (e instanceof ProtocolError) return refuse(STATUS_OF[e.code] ?? 409, e.message)
          session.log(`remote control: a request failed: ${errorText(e)}`)
          return refuse(500, "the request failed")
        }
      }
      const served = req.method === "GET" ? FILES[url.pathname] : undefined
      if (!served) return refuse(404, "not found")
      return new Response(file(served.file), {
        headers: { ...SECURITY_HEADERS, "content-type": served.type, "cache-control": "no-cache" },
      })
    },
  }
}
