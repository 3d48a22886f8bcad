// `xagent worktree list|new|remove|restore|prune|handoff|branch|trust`: the managed worktrees of
// the current repository from a shell (the window's /worktree page does the same).
import { createInterface } from "node:readline/promises"
import type { Command } from "commander"
import { aheadBehind, branchText, type SetupOutcome, type WorktreeListing } from "../common/worktree"
import { plural } from "../util/plural"
import { err, out } from "./io"
import { UsageError } from "./usage-error"
import { liveUse } from "./worktree-live"

async function service() {
  const { worktreeService } = await import("../worktree/service")
  return worktreeService({ cwd: process.cwd(), live: () => liveUse() })
}

export function registerWorktreeCommands(program: Command): void {
  const wt = program
    .command("worktree")
    .description("managed git worktrees of this repository (xagent -w starts a session in one)")
  wt.command("list")
    .description("name, branch, base, age, changes, ahead/behind and who uses each")
    .option("--json", "print them as JSON")
    .action(async (flags: { json?: boolean }) => {
      const listing = await (await service()).list()
      await out(flags.json ? JSON.stringify(listing, null, 2) + "\n" : formatListing(listing))
    })
  wt.command("new [name]")
    .description("make a managed worktree on a new branch xagent/<name> from HEAD (a generated name without one)")
    .option("--permanent", "never prune it")
    .option("--detach", "a detached HEAD instead of a branch")
    .option("--json", "print the new worktree and its setup script's outcome as JSON (asks nothing)")
    .action(async (name: string | undefined, flags: { permanent?: boolean; detach?: boolean; json?: boolean }) => {
      const s = await service()
      const { row, setup } = await s.create({ name, permanent: flags.permanent, detach: flags.detach })
      // For programs (a subagent's worktree): an untrusted setup script stays unrun, and is said.
      if (flags.json) return void (await out(JSON.stringify({ row, setup }, null, 2) + "\n"))
      await out(`made worktree ${row.name} (${branchText(row)}) at ${row.path}\n`)
      await reportSetup(await askTrust(setup, row.name, (hash) => s.trustSetup(row.name, hash)))
    })
  wt.command("remove <name>")
    .description("remove a worktree; one that holds work is kept as a snapshot first (restore brings it back)")
    .option("--no-snapshot", "refuse instead of snapshotting when it holds work")
    .action(async (name: string, flags: { snapshot?: boolean }) => {
      const r = await (await service()).remove(name, { snapshot: flags.snapshot !== false })
      const kept = r.snapshot
        ? ` (snapshot kept: ${plural(r.snapshot.changedFiles, "changed file")}, ${plural(r.snapshot.unpushed, "commit")}; 'xagent worktree restore ${name}' brings it back)`
        : ""
      await out(`removed worktree ${name}${kept}\n`)
    })
  wt.command("restore <name>")
    .description("bring a removed worktree back from its latest snapshot")
    .action(async (name: string) => {
      const row = await (await service()).restore(name)
      await out(
        `restored worktree ${row.name} (${branchText(row)}, ${plural(row.changedFiles, "changed file")}) at ${row.path}\n`,
      )
    })
  wt.command("prune")
    .description("remove managed worktrees nobody uses that hold no uncommitted work and no unpushed commits")
    .action(async () => {
      const r = await (await service()).prune()
      const lines = [
        r.pruned.length ? `pruned: ${r.pruned.join(", ")}` : "pruned: none",
        ...r.kept.map((k) => `kept ${k.name}: ${k.why}`),
      ]
      await out(lines.join("\n") + "\n")
    })
  wt.command("handoff <name>")
    .description("move changes between a worktree and the main checkout")
    .option("--to-main", "apply the worktree's changes (commits and uncommitted files) to the main checkout")
    .option(
      "--from-main",
      "carry the main checkout's uncommitted changes into the worktree (they stay in git stash too)",
    )
    .action(async (name: string, flags: { toMain?: boolean; fromMain?: boolean }) => {
      if (!!flags.toMain === !!flags.fromMain)
        throw new UsageError("handoff needs one direction: --to-main or --from-main")
      const direction = flags.toMain ? "to-main" : "from-main"
      const r = await (await service()).handoff(name, direction)
      const where = direction === "to-main" ? `from ${name} to the main checkout` : `from the main checkout to ${name}`
      await out(`handed off ${plural(r.files.length, "file")} ${where}: ${r.files.join(", ")}\n`)
    })
  wt.command("branch <name> <branch>")
    .description("create a branch on a detached worktree")
    .action(async (name: string, branch: string) => {
      await (await service()).branch(name, branch)
      await out(`worktree ${name} is on the new branch ${branch}\n`)
    })
  wt.command("trust <name>")
    .description("trust this repository's worktree setup script (as it is now) and run it in the worktree")
    .option("--yes", "trust it without asking")
    .action(async (name: string, flags: { yes?: boolean }) => {
      const s = await service()
      const { findSetupScript } = await import("../worktree/setup-script")
      const w = (await s.list()).worktrees.find((x) => x.name === name)
      if (!w) throw new UsageError(`no managed worktree '${name}'`)
      const script = findSetupScript(w.path)
      if (!script) throw new UsageError(`${name} has no setup script to trust`)
      const outcome: SetupOutcome = { kind: "untrusted", script: script.path, hash: script.hash, text: script.text }
      await reportSetup(await askTrust(outcome, name, (hash) => s.trustSetup(name, hash), flags.yes))
    })
}

/** An untrusted setup script: shown, then run if the person says yes (only at a terminal). */
export async function askTrust(
  setup: SetupOutcome,
  name: string,
  trust: (hash: string) => Promise<SetupOutcome>,
  yes = false,
): Promise<SetupOutcome> {
  if (setup.kind !== "untrusted") return setup
  if (yes) return trust(setup.hash)
  if (!process.stdin.isTTY) {
    await err(
      `setup script ${setup.script} not run: it is not trusted yet ('xagent worktree trust ${name}' shows it and asks)\n`,
    )
    return setup
  }
  await out(`This repository has a setup script for new worktrees (${setup.script}):\n\n${setup.text}\n`)
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    const answer = (await rl.question("Trust it for this repository and run it now? [y/N] ")).trim()
    if (!/^y(es)?$/i.test(answer)) {
      await out("not run\n")
      return setup
    }
  } finally {
    rl.close()
  }
  return trust(setup.hash)
}

export async function reportSetup(setup: SetupOutcome): Promise<void> {
  if (setup.kind !== "ran") return
  await out(
    setup.ok
      ? `setup script ${setup.script} ran\n`
      : `setup script ${setup.script} failed:\n${setup.output.trimEnd()}\n`,
  )
}

function age(ms: number): string {
  const m = Math.floor(ms / 60000)
  if (m < 60) return `${m}m`
  if (m < 1440) return `${Math.floor(m / 60)}h`
  return `${Math.floor(m / 1440)}d`
}

export function formatListing(l: WorktreeListing, now = Date.now()): string {
  const head = `main checkout: ${l.main}${l.mainBranch ? ` (${l.mainBranch})` : ""}\n`
  if (!l.worktrees.length && !l.snapshots.length)
    return head + "no managed worktrees ('xagent worktree new' makes one)\n"
  const rows = [["NAME", "BRANCH", "BASE", "AGE", "CHANGED", "+/-", "IN USE", "PATH"]]
  for (const w of l.worktrees)
    rows.push([
      w.name + (w.permanent ? " (permanent)" : ""),
      branchText(w),
      w.baseRef ? `${w.baseRef}@${w.base}` : w.base,
      age(now - w.createdAt),
      w.missing ? "gone" : String(w.changedFiles),
      aheadBehind(w) || "0",
      w.inUse ?? "-",
      w.path,
    ])
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  const table = rows.map((r) => r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i]!) : c)).join("  "))
  const snaps = l.snapshots.map(
    (s) =>
      `snapshot ${s.name}: ${age(now - s.takenAt)} ago, ${plural(s.changedFiles, "changed file")}, ${plural(s.unpushed, "commit")}`,
  )
  return head + [...table, ...snaps].join("\n") + "\n"
}
