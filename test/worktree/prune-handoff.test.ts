// Pruning rules, hand-off in both directions with the conflict case, and the setup script's
// trust by hash, on real temporary repositories.
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { enterWorktree } from "../../src/worktree/enter"
import { AUTO_PRUNE_IDLE_MS } from "../../src/worktree/prune"
import { makeRepo, removeRepos, service, sh, status, write } from "./fixture"

const repo = makeRepo
afterAll(removeRepos)

describe("pruning", () => {
  test("never one with uncommitted work, unpushed commits, a live session, a holder or permanence", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const names = ["idle", "dirty", "ahead", "live", "held", "kept", "merged"]
    const rows = Object.fromEntries(
      await Promise.all(
        names.map(async (n) => [n, (await s.create({ name: n, permanent: n === "kept" })).row] as const),
      ),
    )
    write(rows.dirty!.path, "a.txt", "uncommitted\n")
    write(rows.ahead!.path, "c.txt", "c\n")
    sh(rows.ahead!.path, "add", "c.txt")
    sh(rows.ahead!.path, "commit", "-qm", "only here")
    // a commit that the base branch has too is not unpushed
    write(rows.merged!.path, "m.txt", "m\n")
    sh(rows.merged!.path, "add", "m.txt")
    sh(rows.merged!.path, "commit", "-qm", "merged")
    sh(main, "merge", "-q", "--ff-only", "xagent/merged")
    // a process that holds it: this test's parent process, which is alive
    const { holdPath } = await import("../../src/worktree/manage")
    const live = service(main, home, { sessionCwds: [rows.live!.path] })
    await holdPath(await live.ctx(), rows.held!.path, process.ppid)

    const r = await live.prune()
    expect(r.pruned.sort()).toEqual(["idle", "merged"])
    expect(Object.fromEntries(r.kept.map((k) => [k.name, k.why]))).toEqual({
      dirty: "1 uncommitted file(s)",
      ahead: "1 unpushed commit(s)",
      live: "in use by a live session",
      held: `in use by xagent pid ${process.ppid}`,
      kept: "permanent",
    })
    expect(existsSync(rows.idle!.path)).toBe(false)
    expect(sh(main, "branch", "--list", "xagent/idle", "xagent/merged")).toBe("")
    expect(readFileSync(join(rows.dirty!.path, "a.txt"), "utf8")).toBe("uncommitted\n")
    expect(sh(main, "worktree", "list").split("\n").filter(Boolean)).toHaveLength(6)
  })

  test("a folder deleted by hand is forgotten; xagent -w prunes only what has been idle a day", async () => {
    const { repo: main, home } = repo()
    let now = 1_000_000_000_000
    const s = service(main, home, {}, () => now)
    const gone = (await s.create({ name: "gone" })).row
    rmSync(gone.path, { recursive: true, force: true })
    expect((await s.list()).worktrees.map((w) => [w.name, w.missing])).toEqual([["gone", true]])
    await s.create({ name: "old" })
    now += AUTO_PRUNE_IDLE_MS - 1
    await s.create({ name: "young" })
    const e = await enterWorktree(await s.ctx(), main, "feat", process.pid)
    expect(e.pruned).toEqual(["gone"])
    now += 2
    const e2 = await enterWorktree(await s.ctx(), main, "feat", process.pid)
    expect(e2).toMatchObject({ name: "feat", created: false, pruned: ["old"] })
    expect((await s.list()).worktrees.map((w) => w.name).sort()).toEqual(["feat", "young"])
  })

  test("-w in a subfolder starts in the same subfolder of the worktree, and holds it for this process", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const e = await enterWorktree(await s.ctx(), join(main, "src"), "sub", process.pid)
    expect(e.cwd).toBe(join(e.path, "src"))
    expect((await service(main, home).list()).worktrees[0]!.inUse).toBeUndefined()
    // another process sees this one holding it
    const other = Bun.spawnSync([
      process.execPath,
      "-e",
      `
      const { worktreeService } = await import(${JSON.stringify(join(import.meta.dir, "../../src/worktree/service.ts"))})
      const l = await worktreeService({ cwd: ${JSON.stringify(main)}, home: ${JSON.stringify(home)}, live: async () => ({ sessionCwds: [] }) }).list()
      console.log(l.worktrees[0].inUse)`,
    ])
    expect(other.stdout.toString().trim()).toBe(`xagent pid ${process.pid}`)
  })
})

describe("hand-off", () => {
  test("to the main checkout: the worktree's commits and uncommitted files, applied uncommitted", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const { row } = await s.create({ name: "give" })
    write(row.path, "a.txt", "one\ntwo\nthree\nfour\n")
    sh(row.path, "commit", "-qam", "four")
    write(row.path, "new.txt", "new\n")
    const r = await s.handoff("give", "to-main")
    expect(r.files.sort()).toEqual(["a.txt", "new.txt"])
    expect(readFileSync(join(main, "a.txt"), "utf8")).toBe("one\ntwo\nthree\nfour\n")
    expect(status(main)).toBe(" M a.txt\n?? new.txt\n")
    // the worktree keeps its changes
    expect(status(row.path)).toBe("?? new.txt\n")
  })

  test("from the main checkout: its uncommitted changes move into the worktree and stay in git stash", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const { row } = await s.create({ name: "take" })
    write(main, "a.txt", "one\nTWO\nthree\n")
    write(main, "fresh.txt", "fresh\n")
    const r = await s.handoff("take", "from-main")
    expect(r.files.sort()).toEqual(["a.txt", "fresh.txt"])
    expect(status(main)).toBe("")
    expect(status(row.path)).toBe(" M a.txt\n?? fresh.txt\n")
    expect(readFileSync(join(row.path, "a.txt"), "utf8")).toBe("one\nTWO\nthree\n")
    expect(sh(main, "stash", "list")).toContain("xagent: handed off to worktree take")
    await expect(s.handoff("take", "from-main")).rejects.toThrow(
      "the main checkout has no uncommitted changes to hand off",
    )
  })

  test("a conflict stops either way, explains, and changes nothing on either side", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const { row } = await s.create({ name: "clash" })
    write(row.path, "a.txt", "one\nworktree\nthree\n")
    write(main, "a.txt", "one\nmain\nthree\n")
    const mainBefore = status(main)
    const wtBefore = status(row.path)
    for (const direction of ["to-main", "from-main"] as const) {
      const e = await s.handoff("clash", direction).then(
        () => undefined,
        (x: Error) => x,
      )
      expect(e?.message).toContain("stopped: the changes do not apply cleanly")
      expect(e?.message).toContain("conflict in a.txt")
      expect(e?.message).toContain("Nothing was changed on either side")
      expect(status(main)).toBe(mainBefore)
      expect(status(row.path)).toBe(wtBefore)
      expect(readFileSync(join(main, "a.txt"), "utf8")).toBe("one\nmain\nthree\n")
      expect(readFileSync(join(row.path, "a.txt"), "utf8")).toBe("one\nworktree\nthree\n")
    }
    expect(sh(main, "stash", "list")).toBe("")
  })
})

describe("setup script", () => {
  test("runs only once trusted, by its hash; a changed script asks again", async () => {
    const { repo: main, home } = repo()
    write(main, ".xagent/worktree-setup", 'echo "set up in $PWD" > .setup-ran\n')
    sh(main, "add", "-A")
    sh(main, "commit", "-qm", "setup script")
    const s = service(main, home)
    const first = await s.create({ name: "one" })
    expect(first.setup).toMatchObject({ kind: "untrusted", script: ".xagent/worktree-setup" })
    expect(existsSync(join(first.row.path, ".setup-ran"))).toBe(false)
    if (first.setup.kind !== "untrusted") throw new Error("unreachable")
    await expect(s.trustSetup("one", "0".repeat(64))).rejects.toThrow("changed since it was shown")
    expect(await s.trustSetup("one", first.setup.hash)).toMatchObject({ kind: "ran", ok: true })
    expect(readFileSync(join(first.row.path, ".setup-ran"), "utf8")).toBe(`set up in ${first.row.path}\n`)
    // trusted now: the next worktree runs it at once
    const second = await s.create({ name: "two" })
    expect(second.setup).toMatchObject({ kind: "ran", ok: true })
    // a changed script is not trusted any more
    write(main, ".xagent/worktree-setup", "touch .changed-ran\n")
    sh(main, "commit", "-qam", "changed")
    const third = await s.create({ name: "three" })
    expect(third.setup.kind).toBe("untrusted")
    expect(existsSync(join(third.row.path, ".changed-ran"))).toBe(false)
  })
})
