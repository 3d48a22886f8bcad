// The /worktree page on a real temporary repository (the service the CLI hands the window, real
// git underneath): its frames at 120 and 60 columns, and every action from its keys.
import { afterAll, afterEach, expect, setDefaultTimeout, test } from "bun:test"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { makeRepo, removeRepos, service, sh, status, write } from "../worktree/fixture"

// Each test runs git a dozen to thirty times (worktrees made, snapshotted, removed, pruned): 6 s
// alone, past the runner's 30 s with two suites and four busy processes on two cores.
setDefaultTimeout(180_000)

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())
afterAll(removeRepos)

async function setup(width: number, height = 24) {
  const r = makeRepo("page répo")
  // what the CLI passes: the live use of this window's own folder
  const s = service(r.repo, r.home, { self: r.repo })
  const restarts: string[] = []
  app = await mountApp({ width, height, cwd: r.repo, worktrees: s, onRestart: (cwd) => restarts.push(cwd) })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  return { ...r, s, restarts, app }
}

const key = async (a: MountedApp, name: string) => {
  if (name === "up" || name === "down") a.mockInput.pressArrow(name)
  else a.mockInput.pressKey(name)
  await a.renderOnce()
}
const answer = async (a: MountedApp, text: string) => {
  await a.mockInput.typeText(text)
  a.mockInput.pressEnter()
  await a.renderOnce()
}
/** A key whose dialog asks first: the question shows, `y` answers it, then what it said. */
async function confirmed(a: MountedApp, name: string, asked: string, said: string) {
  await key(a, name)
  await a.until(asked)
  await key(a, "y")
  return a.until(said)
}
/** The page's rows, without the hint lines (they wrap differently at each width). */
const rowsOf = (frame: string) => frame.split("\n").map((l) => l.trimEnd())

test("at 120 columns: main checkout, worktrees with branch, work and use, snapshots, and the keys", async () => {
  const { s, repo: main, app: a } = await setup(120)
  const { row } = await s.create({ name: "feat" })
  write(row.path, "a.txt", "changed\n")
  write(row.path, "n.txt", "n\n")
  sh(row.path, "add", "n.txt")
  sh(row.path, "commit", "-qm", "n")
  const gone = (await s.create({ name: "gone" })).row
  await s.create({ name: "perm", permanent: true })
  write(gone.path, "left.txt", "left behind\n")
  await s.remove("gone")
  await a.submit("/worktree")
  const frame = await a.until("removed · snapshot")
  const lines = rowsOf(frame)
  const at = (text: string) => lines.findIndex((l) => l.includes(text))
  expect(lines[at("Worktrees")]).toBe(` Worktrees  ${main}`)
  expect(lines[at("main checkout")]).toBe(" › main checkout  main  ● this window")
  expect(lines[at("main checkout") + 1]).toBe(`   ${main}`)
  expect(lines[at("  feat")]).toBe("   feat  xagent/feat  1 changed · +1")
  expect(lines[at("  feat") + 1]).toMatch(
    new RegExp(`^   from main@[0-9a-f]{7} · just now · ${row.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
  )
  expect(lines[at("  perm")]).toBe("   perm  xagent/perm  clean  permanent")
  expect(lines[at("  gone")]).toBe("   gone  removed · snapshot")
  expect(lines[at("  gone") + 1]).toBe("   just now · 1 changed file · 0 commits · xagent/gone")
  expect(frame).toContain(
    "Enter switch/restore · n new · p permanent · b branch · h hand to main · c carry from main · d remove",
  )
  // Esc goes back to the session
  a.mockInput.pressEscape()
  const back = await a.until((f) => !f.includes("removed · snapshot"))
  expect(back).not.toContain("Worktrees")
})

test("at 60 columns: rows cut to the width, the keys wrap onto more lines", async () => {
  const { s, app: a } = await setup(60)
  await s.create({ name: "a-rather-long-worktree-name-for-sixty" })
  await a.submit("/worktree")
  const frame = await a.until("a-rather-long")
  const lines = rowsOf(frame)
  for (const l of lines) expect(l.length).toBeLessThanOrEqual(60)
  // a row too long for the width is cut in its middle: the name's start and the state stay
  expect(lines.find((l) => l.includes("a-rather-long"))).toBe(
    "   a-rather-long-worktree-na...rktree-name-for-sixty  clean",
  )
  expect(lines.slice(-4, -1)).toEqual([
    " Enter switch/restore · n new · p permanent · b branch · h",
    " hand to main · c carry from main · d remove · x prune ·",
    " Esc back",
  ])
})

test("n makes one (named or generated), p a permanent one; Enter switches the window there and back", async () => {
  const { s, restarts, repo: main, home, app: a } = await setup(120)
  await a.submit("/worktree")
  await a.until("main checkout")
  // the checkout this window is in: nothing to switch to
  a.mockInput.pressEnter()
  await a.until("This window is already there")
  expect(restarts).toEqual([])
  await key(a, "n")
  await a.until("New worktree")
  await answer(a, "made")
  await a.until("  made  xagent/made  clean")
  await key(a, "p")
  await a.until("New permanent worktree")
  await answer(a, "")
  const frame = await a.until((f) => /wt-[a-z0-9]{6}  xagent\/wt-[a-z0-9]{6}  clean  permanent/.test(f))
  expect(frame).toContain("  made  xagent/made  clean")
  const rows = (await s.list()).worktrees
  expect(rows.map((w) => [w.permanent, w.branch?.startsWith("xagent/")])).toEqual([
    [true, true],
    [false, true],
  ])
  // rows are newest first after the main checkout: down twice is "made"
  await key(a, "down")
  await key(a, "down")
  a.mockInput.pressEnter()
  await a.renderOnce()
  const made = rows.find((w) => w.name === "made")!.path
  expect(restarts).toEqual([made])
  // the window as the CLI opens it again there: Enter on the main checkout goes back
  a.renderer.destroy()
  app = await mountApp({
    width: 120,
    cwd: made,
    worktrees: service(made, home, { self: made }),
    onRestart: (cwd) => restarts.push(cwd),
  })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/worktree")
  await app.until("  made  xagent/made  clean  ● this window")
  app.mockInput.pressEnter()
  await app.renderOnce()
  expect(restarts).toEqual([made, main])
})

test("d removes (a snapshot when it holds work), Enter on the snapshot restores, x prunes", async () => {
  const { s, app: a } = await setup(120)
  const { row } = await s.create({ name: "keep" })
  write(row.path, "w.txt", "work\n")
  await s.create({ name: "spare" })
  await a.submit("/worktree")
  await a.until("  keep  xagent/keep")
  // newest first: spare, then keep
  await key(a, "down")
  await key(a, "down")
  await confirmed(a, "d", "holds 1 changed file and 0 unpushed commits: a snapshot keeps them", "removed · snapshot")
  expect(existsSync(row.path)).toBe(false)
  // the snapshot row is the last one
  await key(a, "down")
  a.mockInput.pressEnter()
  await a.until((f) => f.includes("keep  xagent/keep  1 changed") && !f.includes("removed · snapshot"))
  expect(readFileSync(join(row.path, "w.txt"), "utf8")).toBe("work\n")
  await key(a, "x")
  await a.until("Pruned spare")
  expect((await s.list()).worktrees.map((w) => w.name)).toEqual(["keep"])
})

test("h hands a worktree's changes to the main checkout, c carries the main checkout's into it; a conflict is explained", async () => {
  const { s, repo: main, app: a } = await setup(120, 30)
  const { row } = await s.create({ name: "hand" })
  write(row.path, "from-wt.txt", "wt\n")
  await a.submit("/worktree")
  await a.until("  hand  xagent/hand")
  await key(a, "down")
  await confirmed(a, "h", "Apply hand's changes to the main checkout?", "Handed 1 file to the main checkout")
  expect(status(main)).toBe("?? from-wt.txt\n")
  rmSync(join(main, "from-wt.txt"))
  write(main, "from-main.txt", "main\n")
  await confirmed(a, "c", "Move the main checkout's uncommitted changes into hand?", "Carried 1 file into hand")
  expect(status(main)).toBe("")
  expect(readFileSync(join(row.path, "from-main.txt"), "utf8")).toBe("main\n")
  // both sides change a.txt differently
  write(row.path, "a.txt", "one\nworktree\nthree\n")
  write(main, "a.txt", "one\nmain\nthree\n")
  const frame = await confirmed(a, "h", "Apply hand's changes", "Nothing was changed on either side")
  expect(frame).toContain("stopped: the changes do not apply cleanly")
  expect(frame).toContain("(conflict in")
  expect(readFileSync(join(main, "a.txt"), "utf8")).toBe("one\nmain\nthree\n")
})

test("b makes a branch on a detached worktree; d refuses the one this window uses", async () => {
  const { s, repo: main, app: a, home } = await setup(120)
  const { row } = await s.create({ name: "loose", detach: true })
  await a.submit("/worktree")
  await a.until("loose  detached")
  await key(a, "down")
  await key(a, "b")
  await a.until("Branch for loose")
  await answer(a, "topic/x")
  await a.until("loose  topic/x")
  expect(sh(row.path, "symbolic-ref", "--short", "HEAD").trim()).toBe("topic/x")
  a.renderer.destroy()
  // a window whose folder is that worktree
  app = await mountApp({ width: 120, cwd: row.path, worktrees: service(row.path, home, { self: row.path }) })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/worktree")
  await app.until("● this window")
  await key(app, "down")
  await key(app, "d")
  await app.until("This window uses it: switch away first")
  expect(existsSync(row.path)).toBe(true)
  expect(main).toBeTruthy()
})

test("a session in a worktree: the status bar shows the worktree's path and branch", async () => {
  const r = makeRepo("status")
  const { row } = await service(r.repo, r.home).create({ name: "feat" })
  app = await mountApp({ width: 160, cwd: row.path })
  await app.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ cwd: row.path }) }) })
  const frame = await app.until(`${row.path} (xagent/feat)`)
  expect(
    frame
      .split("\n")
      .find((l) => l.includes(row.path))
      ?.trim(),
  ).toStartWith(`${row.path} (xagent/feat) · `)
})

test("n in a repository with a setup script: the script is shown and runs once trusted", async () => {
  const { s, repo: main, app: a } = await setup(120, 30)
  write(main, ".xagent/worktree-setup", "echo ran > .setup-ran\n")
  sh(main, "add", "-A")
  sh(main, "commit", "-qm", "setup script")
  await a.submit("/worktree")
  await a.until("main checkout")
  await key(a, "n")
  await a.until("New worktree")
  await answer(a, "setup")
  const asked = await a.until("Trust this setup script?")
  expect(asked).toContain(".xagent/worktree-setup of this repository runs in every new worktree")
  expect(asked).toContain("echo ran > .setup-ran")
  const path = (await s.list()).worktrees[0]!.path
  expect(existsSync(join(path, ".setup-ran"))).toBe(false)
  await key(a, "y")
  await a.until("Setup script ran in setup")
  expect(readFileSync(join(path, ".setup-ran"), "utf8")).toBe("ran\n")
})
