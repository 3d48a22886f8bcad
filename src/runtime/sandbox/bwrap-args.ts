// A policy as bubblewrap arguments, and the one shell line that runs a command in it.
import { join } from "node:path"
import { splitEntry } from "./host-list"
import type { NetworkPolicy, SandboxPolicy } from "./policy"

/**
 * The namespaces and hardening every sandboxed command gets. A user namespace even for root, so
 * root runs the same code path as everyone else and has no capabilities inside; a fresh pid
 * namespace, so whatever the command leaves running dies with it; a new session, so nothing
 * inside can push keys into the person's terminal (TIOCSTI).
 */
const BASE = [
  "--unshare-user",
  "--unshare-pid",
  "--unshare-ipc",
  "--unshare-uts",
  "--unshare-cgroup-try",
  "--die-with-parent",
  "--new-session",
  "--cap-drop",
  "ALL",
]

/** The runtime's proxy as the sandbox sees it (a host-list network): see net-proxy.ts. */
export interface ProxyMount {
  /** The host folder holding the proxy's socket, bound read-only at PROXY_DIR. */
  dir: string
  /** Bun, to run the forwarder inside (readable there: / is). */
  bun: string
}

export const PROXY_DIR = "/tmp/.xagent-net"
/** The forwarder's port on the sandbox's own loopback. */
export const PROXY_PORT = 47801
const FORWARDER = join(import.meta.dir, "net-forwarder.ts")

export function bwrapArgs(p: SandboxPolicy, cwd: string, net?: ProxyMount): string[] {
  const args = [...BASE, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
  args.push(...(p.tmp ? ["--bind", p.tmp, "/tmp"] : ["--tmpfs", "/tmp"]))
  for (const r of p.readable) args.push("--ro-bind", r, r)
  for (const w of p.writable) args.push("--bind", w, w)
  for (const d of p.git?.pinned ?? []) args.push("--bind", d, d)
  for (const r of p.git?.readOnly ?? []) args.push("--ro-bind", r, r)
  for (const f of p.linked ?? []) args.push("--ro-bind", f, f)
  if (net) args.push("--ro-bind", net.dir, PROXY_DIR, ...proxyEnv(p.network))
  // Only now: the binds above may need mount points made in it.
  if (!p.tmp) args.push("--remount-ro", "/tmp")
  // After the writable binds, so a hidden folder inside the workspace stays hidden.
  for (const h of p.hidden) args.push("--tmpfs", h, "--remount-ro", h)
  for (const m of p.masked) args.push("--ro-bind", "/dev/null", m)
  if (p.network.kind !== "on") args.push("--unshare-net")
  args.push("--setenv", "TMPDIR", "/tmp", "--chdir", cwd)
  return args
}

/**
 * Runs `$1` with `$0` as the shell, then names whatever it left running and kills it, waiting
 * until it is gone: the sandbox's own teardown would kill it too, but only after bwrap has
 * returned, so for a moment the call would be over with its processes still running.
 * Not listed: pid 1 (bwrap), this script, and $PPID (the network forwarder, when there is one,
 * which ends with this script). A zombie runs nothing and is bwrap's to reap.
 */
const OTHERS =
  'others() { pids=; for p in /proc/[0-9]*; do n=${p#/proc/}; [ "$n" = 1 ] || [ "$n" = $$ ] || [ "$n" = $PPID ] || ! [ -e "$p" ] || grep -qs "^State:.*Z" "$p/status" || pids="$pids $n"; done; }'
const REAP = [
  '"$0" -c "$1"; rc=$?',
  OTHERS,
  "others; left=",
  // A process caught between fork and exec reads an empty command line for a moment: read again.
  'for n in $pids; do c=; i=0; while [ -z "$c" ] && [ $i -lt 50 ] && [ -e "/proc/$n" ]; do [ $i = 0 ] || sleep 0.02; c=$(tr "\\0" " " < "/proc/$n/cmdline" 2>/dev/null); i=$((i+1)); done; left="$left\n  $n $c"; done',
  '[ -z "$left" ] || printf "\\n[sandbox] still running when the command ended, so stopped with it:%b\\n" "$left" >&2',
  'while [ -n "$pids" ]; do kill -KILL $pids 2>/dev/null; others; done',
  'exit "$rc"',
].join("\n")

/** The full argv: bwrap, the policy, the reaping wrapper, the person's or model's command. */
export function sandboxArgv(
  bwrap: string,
  p: SandboxPolicy,
  cwd: string,
  shell: string,
  command: string,
  net?: ProxyMount,
): string[] {
  const run = ["/bin/sh", "-c", REAP, shell, command]
  const forward = net ? [net.bun, FORWARDER, `${PROXY_DIR}/proxy.sock`, String(PROXY_PORT)] : []
  return [bwrap, ...bwrapArgs(p, cwd, net), "--", ...forward, ...run]
}

/**
 * Every proxy variable in both cases (curl reads only the lower-case http_proxy). The sandbox's
 * own loopback stays direct, unless the list names a loopback host: then it means the host's.
 */
function proxyEnv(network: NetworkPolicy): string[] {
  const url = `http://127.0.0.1:${PROXY_PORT}`
  const listed = network.kind === "hosts" ? network.hosts.map((e) => splitEntry(e).host) : []
  const direct = ["localhost", "127.0.0.1", "::1"].filter((h) => !listed.includes(h)).join(",")
  const out: string[] = []
  for (const name of ["http_proxy", "https_proxy", "all_proxy"])
    out.push("--setenv", name, url, "--setenv", name.toUpperCase(), url)
  out.push("--setenv", "no_proxy", direct, "--setenv", "NO_PROXY", direct)
  return out
}

/** One line for a POSIX shell that replaces itself with `argv` (any bytes survive the quoting). */
export function execLine(argv: string[]): string {
  return "exec " + argv.map(shellQuote).join(" ")
}

export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_\/.,:=+@%-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}
