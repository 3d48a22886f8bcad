// The managed worktrees on real temporary repositories: making, listing, names, removing with a
// snapshot and restoring from it, branching a detached one, and the clear errors.
import { afterAll, describe, expect, test } from "bun:test"
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeRepo, removeRepos, service, sh, status, write } from "./fixture"

const repo = makeRepo
afterAll(removeRepos)

describe("making and listing", () => {
  test("a new worktree on xagent/<name> from HEAD, outside the working tree, in a path with spaces and Unicode", async () => {
    const { repo: main, home } = repo("my répo ünïcode")
    const s = service(main, home)
    const { row } = await s.create({ name: "feat" })
    expect(row.branch).toBe("xagent/feat")
    expect(row.path).toBe(join(home, "worktrees", row.path.split("/").at(-2)!, "feat"))
    expect(row.path.startsWith(main + "/")).toBe(false)
    expect(readFileSync(join(row.path, "a.txt"), "utf8")).toBe("one\ntwo\nthree\n")
    // git knows it, and the main checkout's status does not show it
    expect(sh(main, "worktree", "list", "--porcelain")).toContain(`worktree ${row.path}\n`)
    expect(status(main)).toBe("")
    write(row.path, "x.txt", "x\n")
    write(row.path, "a.txt", "changed\n")
    sh(row.path, "commit", "-qam", "in the worktree")
    const l = await s.list()
    expect(l.main).toBe(main)
    expect(l.mainBranch).toBe("main")
    expect(
      l.worktrees.map((w) => [w.name, w.branch, w.baseRef, w.changedFiles, w.ahead, w.behind, w.unpushed]),
    ).toEqual([["feat", "xagent/feat", "main", 1, 1, 0, 1]])
    expect(status(main)).toBe("")
  })

  test("no name: a generated one; names that are invalid or taken are refused clearly", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const { row } = await s.create({})
    expect(row.name).toMatch(/^wt-[a-z0-9]{6}$/)
    await s.create({ name: "one" })
    await expect(s.create({ name: "one" })).rejects.toThrow("the name 'one' is taken: a managed worktree 'one' exists")
    sh(main, "branch", "xagent/two")
    await expect(s.create({ name: "two" })).rejects.toThrow("the branch xagent/two exists")
    for (const bad of ["../up", "a/b", "-x", "x.lock", "with space", ""])
      await expect(s.create({ name: bad })).rejects.toThrow("is not a worktree name")
    expect((await s.list()).worktrees.map((w) => w.name).sort()).toEqual(["one", row.name].sort())
  })

  test("detached HEAD in the main checkout, a detached worktree, and a branch made on it", async () => {
    const { repo: main, home } = repo()
    sh(main, "checkout", "-q", "--detach")
    const s = service(main, home)
    const { row } = await s.create({ name: "loose", detach: true })
    expect(row.branch).toBeUndefined()
    expect(row.baseRef).toBeUndefined()
    expect((await s.list()).mainBranch).toBeUndefined()
    await s.branch("loose", "topic/loose")
    expect(sh(row.path, "symbolic-ref", "--short", "HEAD").trim()).toBe("topic/loose")
    await expect(s.branch("loose", "again")).rejects.toThrow("'loose' is on the branch topic/loose, not detached")
    const { row: other } = await s.create({ name: "other", detach: true })
    await expect(s.branch(other.name, "bad..name")).rejects.toThrow("'bad..name' is not a valid branch name")
    await expect(s.branch(other.name, "topic/loose")).rejects.toThrow("the branch topic/loose exists")
  })
})

describe("removing, snapshots and restore", () => {
  test("a clean one goes with its branch and leaves no snapshot", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const { row } = await s.create({ name: "clean" })
    expect(await s.remove("clean")).toEqual({ snapshot: undefined })
    expect(existsSync(row.path)).toBe(false)
    expect(sh(main, "branch", "--list", "xagent/clean")).toBe("")
    expect((await s.list()).snapshots).toEqual([])
  })

  test("one that holds work is snapshotted first, and restore brings back every kind of change", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const { row } = await s.create({ name: "work" })
    write(row.path, "committed.txt", "kept in a commit\n")
    sh(row.path, "add", "committed.txt")
    sh(row.path, "commit", "-qm", "a commit only the worktree has")
    write(row.path, "a.txt", "modified\n")
    rmSync(join(row.path, "src/b.txt"))
    write(row.path, "new dir/ü.txt", "untracked\n")
    writeFileSync(join(row.path, "bin.dat"), Buffer.from([0, 1, 2, 255, 0]))
    const before = status(row.path)

    await expect(s.remove("work", { snapshot: false })).rejects.toThrow(
      "'work' holds 4 changed file(s) and 1 commit(s) found nowhere else: removing it without a snapshot would lose them",
    )
    expect(status(row.path)).toBe(before)

    const r = await s.remove("work")
    expect(r.snapshot).toMatchObject({ name: "work", changedFiles: 4, unpushed: 1, branch: "xagent/work" })
    expect(existsSync(row.path)).toBe(false)
    expect(sh(main, "branch", "--list", "xagent/work")).toBe("")
    expect((await s.list()).snapshots.map((x) => x.name)).toEqual(["work"])
    // the snapshot is a ref no branch listing or status shows
    expect(sh(main, "for-each-ref", "--format=%(refname)", "refs/xagent")).toMatch(
      /^refs\/xagent\/snapshots\/work\/\d+\n$/,
    )
    expect(status(main)).toBe("")

    const back = await s.restore("work")
    expect(back.path).toBe(row.path)
    expect(back.branch).toBe("xagent/work")
    expect(status(back.path)).toBe(before)
    expect(readFileSync(join(back.path, "committed.txt"), "utf8")).toBe("kept in a commit\n")
    expect(readFileSync(join(back.path, "a.txt"), "utf8")).toBe("modified\n")
    expect(existsSync(join(back.path, "src/b.txt"))).toBe(false)
    expect(readFileSync(join(back.path, "new dir/ü.txt"), "utf8")).toBe("untracked\n")
    expect([...readFileSync(join(back.path, "bin.dat"))]).toEqual([0, 1, 2, 255, 0])
    expect((await s.list()).snapshots).toEqual([])
    expect(sh(main, "for-each-ref", "refs/xagent")).toBe("")
    await expect(s.restore("work")).rejects.toThrow("no snapshot of 'work' to restore")
  })

  test("restore refuses a name taken meanwhile; remove refuses one in use and names who uses it", async () => {
    const { repo: main, home } = repo()
    const s = service(main, home)
    const { row } = await s.create({ name: "busy" })
    write(row.path, "f.txt", "work\n")
    await service(main, home, { sessionCwds: [join(row.path, "src")] })
      .remove("busy")
      .then(
        () => expect.unreachable(),
        (e) => expect(e.message).toBe("'busy' is in use by a live session: it is never removed from under a session"),
      )
    await expect(service(row.path, home, { self: row.path }).remove("busy")).rejects.toThrow("in use by this window")
    await s.remove("busy")
    await s.create({ name: "busy" })
    await expect(s.restore("busy")).rejects.toThrow("cannot restore 'busy': a managed worktree 'busy' exists")
    await expect(s.remove("nope")).rejects.toThrow("no managed worktree 'nope'; there are: busy")
  })
})

describe("clear errors", () => {
  test("not a git repository, and a bare one", async () => {
    const { root, home } = repo()
    const plain = join(root, "plain")
    sh(root, "init", "-q", "--bare", join(root, "bare.git"))
    require("node:fs").mkdirSync(plain)
    await expect(service(plain, home).list()).rejects.toThrow(`${plain} is not in a git repository`)
    await expect(service(join(root, "bare.git"), home).list()).rejects.toThrow("is a bare repository")
  })

  test("a repository without a commit", async () => {
    const { root, home } = repo()
    const empty = join(root, "empty")
    sh(root, "init", "-q", empty)
    await expect(service(empty, home).create({ name: "x" })).rejects.toThrow("has no commit yet")
  })

  test("git missing, or too old", async () => {
    const { root, repo: main, home } = repo()
    const old = join(root, "old-git")
    writeFileSync(old, "#!/bin/sh\necho 'git version 2.9.1'\n")
    chmodSync(old, 0o755)
    const saved = process.env.XAGENT_GIT
    try {
      process.env.XAGENT_GIT = join(root, "no-such-git")
      await expect(service(main, home).list()).rejects.toThrow("git was not found on PATH")
      process.env.XAGENT_GIT = old
      await expect(service(main, home).list()).rejects.toThrow(
        "git 2.9 is too old for worktrees: xagent needs git 2.17 or newer",
      )
    } finally {
      if (saved === undefined) delete process.env.XAGENT_GIT
      else process.env.XAGENT_GIT = saved
    }
  })
})
