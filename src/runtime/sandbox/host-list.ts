// The hosts a sandbox may reach through the runtime's proxy: `sandbox.network` as a list in
// settings.json. An entry is a host name or address matched exactly, `*.suffix` for any name
// below suffix (not suffix itself), or `*` for every host (HTTP(S) only, in a network of its own).

const NAME = /^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/
const IPV6 = /^[0-9a-f:.]+$/

/** The entry as it will be matched, or an error saying what is wrong with it. */
export function parseHostEntry(entry: unknown): string {
  if (typeof entry !== "string")
    throw new Error(`"sandbox.network" entries must be host names, got ${JSON.stringify(entry)}`)
  const e = normalHost(entry)
  if (e === "*" || NAME.test(e) || (e.includes(":") && IPV6.test(e))) return e
  throw new Error(`"sandbox.network": ${JSON.stringify(entry)} is not a host name, "*.suffix" or "*"`)
}

/** Lower case, no brackets around an IPv6 address, no trailing dot. */
export function normalHost(h: string): string {
  const t = h.trim().toLowerCase()
  const bare = t.startsWith("[") && t.endsWith("]") ? t.slice(1, -1) : t
  return bare.endsWith(".") ? bare.slice(0, -1) : bare
}

export function hostAllowed(hosts: readonly string[], host: string): boolean {
  const h = normalHost(host)
  return hosts.some((e) => e === "*" || e === h || (e.startsWith("*.") && h.endsWith(e.slice(1))))
}
