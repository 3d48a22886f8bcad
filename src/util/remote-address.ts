// Where remote control listens: `[http://|https://]host[:port]`. HTTPS unless asked otherwise, and
// plain HTTP only on a loopback address (nothing else on the machine's networks may read a token
// in transit). A wildcard address is served to, and linked as, the machine's first LAN address.
import { isIP } from "node:net"
import { networkInterfaces } from "node:os"

export interface ListenAddress {
  secure: boolean
  /** What the server binds. */
  hostname: string
  port: number
  /** The host the link names (the LAN address for a wildcard bind). */
  linkHost: string
}

export const DEFAULT_LISTEN = "127.0.0.1"

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host)
}

function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address
  return undefined
}

/** The address, or the reason it cannot be listened on. */
export function parseListen(text: string = DEFAULT_LISTEN): ListenAddress | { error: string } {
  const m = /^(?:(https?):\/\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?\/?$/.exec(text.trim())
  if (!m) return { error: `"${text}" is not an address: give host[:port], http://host:port or https://host:port` }
  const hostname = m[2]!.replace(/^\[|\]$/g, "")
  const port = m[3] === undefined ? 0 : Number(m[3])
  if (port > 65535) return { error: `port ${port} is out of range` }
  const secure = m[1] !== "http"
  if (!secure && !isLoopback(hostname))
    return { error: `plain HTTP only on a loopback address (127.0.0.1, ::1, localhost), not ${hostname}: use https` }
  if (!isIP(hostname) && hostname !== "localhost" && !/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(hostname))
    return { error: `"${hostname}" is not a host name` }
  const wildcard = hostname === "0.0.0.0" || hostname === "::"
  const linkHost = wildcard ? (lanAddress() ?? "127.0.0.1") : hostname
  return { secure, hostname, port, linkHost }
}

/**
 * The address of a tunnel the person runs in front of the server (`https://name.example[:port]`):
 * its origin, or why it is not one. HTTPS only, unless it is a loopback name (nothing then crosses
 * a network in plain text).
 */
export function parsePublicUrl(text: string): { origin: string; host: string } | { error: string } {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return { error: `"${text}" is not a URL: give https://name.example` }
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname)))
    return { error: `a public address is https (${url.origin} is not)` }
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username)
    return { error: `a public address is an origin alone (https://name.example), not ${text}` }
  return { origin: url.origin, host: url.host.toLowerCase() }
}

/** `host:port` for a URL (IPv6 in brackets). */
export const urlHost = (host: string, port: number) => `${isIP(host) === 6 ? `[${host}]` : host}:${port}`
