// `xagent -w feat` in a temporary repository, in a real terminal: the status bar shows the
// worktree's path and branch, `git worktree list` shows it, `xagent worktree list` shows it in use
// (by the live session the daemon hosts), and /worktree switches the window back to the main checkout.
import { afterAll, describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { realpathSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { initRepo, sh } from "../worktree/fixture"
import { terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

if (!hasTmux) console.warn("test/e2e/worktree.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("xagent -w", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("starts the window in a managed worktree that git and xagent worktree list both show", async () => {
    const { box, pane } = await terminalBox({ turns: [{ text: "hello" }] }, cleanups, { cols: 180, rows: 30 })
    const repo = initRepo(realpathSync(box.cwd))

    pane.type(`${XAGENT_BIN} -w feat; echo "EXIT=$?"`)
    pane.send("Enter")
    const worktrees = join(realpathSync(box.xagentHome), "worktrees")
    const screen = await pane.waitFor((s) => /worktrees\/project-[0-9a-f]{8}\/feat \(xagent\/feat\)/.test(s))
    const path = /(\/\S+\/worktrees\/project-[0-9a-f]{8}\/feat) \(xagent\/feat\)/.exec(screen)![1]!
    expect(path.startsWith(worktrees + "/")).toBe(true)

    const listed = sh(repo, "worktree", "list")
    expect(listed).toMatch(
      new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s+[0-9a-f]{7} \\[xagent/feat\\]$`, "m"),
    )
    expect(sh(repo, "status", "--porcelain")).toBe("")

    // the window's session is live in the daemon (its status names the worktree as the host's folder)
    const ours = () => spawnSync(XAGENT_BIN, ["worktree", "list"], { cwd: repo, env: box.env, encoding: "utf8" }).stdout
    const deadline = Date.now() + 20_000
    let out = ours()
    while (!out.includes("a live session") && Date.now() < deadline) {
      await Bun.sleep(100)
      out = ours()
    }
    expect(out).toMatch(/^feat\s+xagent\/feat\s+main@[0-9a-f]{7}\s+0m\s+0\s+0\s+a live session\s+\S.*feat$/m)

    // /worktree: Enter on the main checkout opens the window again there, as a new conversation
    await pane.waitFor("Ask anything")
    pane.type("/worktree")
    pane.send("Enter")
    await pane.waitFor("main checkout  main")
    pane.send("Enter")
    await pane.waitFor((s) => s.includes(`${repo} (main)`) && s.includes("Ask anything"))
    pane.send("C-d")
    await pane.waitFor("EXIT=0")
  }, 90_000)
})
