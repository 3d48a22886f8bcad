// A policy as bubblewrap arguments, and the one shell line that runs a command in it.
import type { SandboxPolicy } from "./policy"

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

export function bwrapArgs(p: SandboxPolicy, cwd: string): string[] {
  const args = [...BASE, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
  args.push(...(p.tmp ? ["--bind", p.tmp, "/tmp"] : ["--tmpfs", "/tmp"]))
  for (const r of p.readable) args.push("--ro-bind", r, r)
  for (const w of p.writable) args.push("--bind", w, w)
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
 * Runs `$1` with `$0` as the shell, then names whatever it left running: those processes die
 * with the sandbox when this script ends, and the model should know why they are gone.
 */
const REAP = [
  '"$0" -c "$1"; rc=$?',
  "left=",
  'for p in /proc/[0-9]*; do n=${p#/proc/}; [ "$n" = 1 ] || [ "$n" = $$ ] || left="$left\n  $n $(tr "\\0" " " < "$p/cmdline" 2>/dev/null)"; done',
  '[ -z "$left" ] || printf "\\n[sandbox] still running when the command ended, so stopped with it:%b\\n" "$left" >&2',
  'exit "$rc"',
].join("\n")

/** The full argv: bwrap, the policy, the reaping wrapper, the person's or model's command. */
export function sandboxArgv(bwrap: string, p: SandboxPolicy, cwd: string, shell: string, command: string): string[] {
  return [bwrap, ...bwrapArgs(p, cwd), "--", "/bin/sh", "-c", REAP, shell, command]
}

/** One line for a POSIX shell that replaces itself with `argv` (any bytes survive the quoting). */
export function execLine(argv: string[]): string {
  return "exec " + argv.map(shellQuote).join(" ")
}

export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_\/.,:=+@%-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}
