// The hosts a sandbox may reach through the runtime's proxy: `sandbox.network` as a list in
// settings.json. An entry is a host name or address matched exactly, `*.suffix` for any name
// below suffix (not suffix itself), or `*` for every host (HTTP(S) only, in a network of its own).
// Any of them may end in `:port` (`[v6]:port` for an IPv6 address): then only that port.

const NAME = /^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/
const IPV6 = /^[0-9a-f:.]+$/

/** The entry as it will be matched, or an error saying what is wrong with it. */
export function parseHostEntry(entry: unknown): string {
  if (typeof entry !== "string")
    throw new Error(`"sandbox.network" entries must be host names, got ${JSON.stringify(entry)}`)
  const { host: e, port } = splitEntry(entry)
  const ok = e === "*" || NAME.test(e) || (e.includes(":") && IPV6.test(e))
  if (ok && (port === undefined || (port > 0 && port < 65536)))
    return port === undefined ? e : `${e.includes(":") ? `[${e}]` : e}:${port}`
  throw new Error(
    `"sandbox.network": ${JSON.stringify(entry)} is not a host name, "*.suffix" or "*", with an optional ":port"`,
  )
}

/** An entry's host (normalised) and its port, when it names one. */
export function splitEntry(entry: string): { host: string; port?: number } {
  const t = entry.trim()
  // `[v6]:port`, or `name:port` (a bare IPv6 address has more than one colon: no port)
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(t) ?? (t.split(":").length === 2 ? /^([^:]+):(\d+)$/.exec(t) : null)
  return m ? { host: normalHost(m[1]!), port: Number(m[2]) } : { host: normalHost(t) }
}

/** Lower case, no brackets around an IPv6 address, no trailing dot. */
export function normalHost(h: string): string {
  const t = h.trim().toLowerCase()
  const bare = t.startsWith("[") && t.endsWith("]") ? t.slice(1, -1) : t
  return bare.endsWith(".") ? bare.slice(0, -1) : bare
}

export function hostAllowed(hosts: readonly string[], host: string, port?: number): boolean {
  const h = normalHost(host)
  return hosts.some((entry) => {
    const { host: e, port: only } = splitEntry(entry)
    if (only !== undefined && only !== port) return false
    return e === "*" || e === h || (e.startsWith("*.") && h.endsWith(e.slice(1)))
  })
}
