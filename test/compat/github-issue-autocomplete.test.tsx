// Pi's github-issue-autocomplete.ts example: in a GitHub checkout, `#` in the prompt offers the
// repository's open issues (from `gh issue list`) and Tab completes one; elsewhere it says the
// folder is not a git repository. GitHub is an edge we do not own: a `gh` on PATH answers for it.
import { expect, test } from "bun:test"
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { initRepo, sh } from "../worktree/fixture"
import { useDaemonExamples } from "./daemon-window"

const open = useDaemonExamples()

const ISSUES = [
  { number: 12, title: "Flaky build on CI", state: "OPEN" },
  { number: 345, title: "Dark mode", state: "OPEN" },
]

test("github-issue-autocomplete.ts: #1 offers the repository's issue #12; Tab completes it", async () => {
  const { app } = await open(
    ["github-issue-autocomplete.ts"],
    { turns: [] },
    {
      before: (d) => {
        initRepo(d.box.cwd)
        sh(d.box.cwd, "remote", "add", "origin", "https://github.com/acme/widgets.git")
        const bin = join(d.box.root, "bin")
        mkdirSync(bin)
        // Answers only the call the extension makes, for the repository it names.
        const gh = `#!/bin/sh\n[ "$1 $2 $3 $4" = "issue list --repo acme/widgets" ] || exit 3\necho '${JSON.stringify(ISSUES)}'\n`
        writeFileSync(join(bin, "gh"), gh)
        chmodSync(join(bin, "gh"), 0o755)
        d.env.PATH = `${bin}:${d.env.PATH}`
      },
    },
  )
  await app.mockInput.typeText("fix #1")
  const popup = await app.until("[open] Flaky build on CI")
  expect(popup).toContain("#12")
  expect(popup).not.toContain("Dark mode")
  app.mockInput.pressTab()
  expect(await app.until("│ › fix #12")).not.toContain("Flaky build on CI")
})

test("github-issue-autocomplete.ts: outside a git repository it says so", async () => {
  const { app } = await open(["github-issue-autocomplete.ts"], { turns: [] })
  expect(await app.until("github-issue-autocomplete: cwd is not a git repository")).toContain("Ask anything")
})
