// Pi's git-merge-and-resolve.ts example: when a run ends in a clean checkout with an upstream, it
// fetches and merges it; on conflicts it sends the model a follow-up listing them.
import { afterAll, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { usePiExamples } from "../fixture/pi-examples"
import { replyAndRecord } from "./model-sees"
import { initRepo, sh, write } from "../worktree/fixture"

const open = usePiExamples()
const scratches: string[] = []
afterAll(() => {
  for (const d of scratches) rmSync(d, { recursive: true, force: true })
})

test("git-merge-and-resolve.ts: after a run the upstream is merged; its conflicts go to the model as a follow-up", async () => {
  const { app, fx } = await open(["git-merge-and-resolve.ts"])
  // An upstream (a bare repository) one commit ahead, changing the line this checkout changed too.
  const scratch = mkdtempSync(join(tmpdir(), "xagent-upstream-"))
  scratches.push(scratch)
  const upstream = join(scratch, "up.git")
  initRepo(fx.cwd, { "a.txt": "base\n" })
  sh(fx.cwd, "clone", "-q", "--bare", fx.cwd, upstream)
  sh(fx.cwd, "remote", "add", "origin", upstream)
  sh(fx.cwd, "fetch", "-q", "origin")
  sh(fx.cwd, "branch", "-q", "--set-upstream-to=origin/main")
  const other = join(scratch, "other")
  sh(scratch, "clone", "-q", upstream, other)
  sh(other, "config", "user.email", "o@example.com")
  sh(other, "config", "user.name", "Other")
  write(other, "a.txt", "theirs\n")
  sh(other, "commit", "-qam", "theirs")
  sh(other, "push", "-q", "origin", "HEAD:main")
  write(fx.cwd, "a.txt", "ours\n")
  sh(fx.cwd, "commit", "-qam", "ours")

  const sent = replyAndRecord(fx.faux, "Work done.", "Resolving now.")
  await app.submit("do the work")
  const frame = await app.until("Resolving now.")
  // Its notice (wrapped in the toast).
  expect(frame).toContain("git-merge-and-resolve: fetching origin,")
  expect(sent[1]).toContain("Merged origin/main with conflicts:")
  expect(sent[1]).toContain("a.txt:1-5 (ours 2, theirs 4)")
  expect(sh(fx.cwd, "diff", "--name-only", "--diff-filter=U")).toBe("a.txt\n")
})
