// What `npm pack` puts in the published package: what xagent runs and the docs its README names,
// never the tests, the bench or the extensions' test doubles. (The packed window itself is built by
// prepack, which this dry run skips; test/install/global-install.test.ts packs for real.)
import { expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { REPO_ROOT } from "../fixture/mockllm"

function packedPaths(): string[] {
  const run = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  })
  expect(run.status, run.stderr).toBe(0)
  const [pack] = JSON.parse(run.stdout) as { files: { path: string }[] }[]
  return pack!.files.map((f) => f.path)
}

test("the package carries the program and the README's docs, not test/, bench/ or test files", () => {
  const paths = packedPaths()
  expect(
    paths.filter((p) => /^(test|bench|\.ci)\//.test(p) || /\.test\.tsx?$/.test(p) || p.includes("/testing/")),
  ).toEqual([])
  for (const p of [
    "package.json",
    "README.md",
    "bin/xagent",
    "bin/launch.bunfig.toml",
    "src/cli/main.ts",
    "src/tui/run.tsx",
  ])
    expect(paths).toContain(p)
  const extensions = readdirSync(join(REPO_ROOT, "extensions")).filter((n) =>
    existsSync(join(REPO_ROOT, "extensions", n, "index.ts")),
  )
  for (const name of extensions) {
    expect(paths).toContain(`extensions/${name}/index.ts`)
    expect(paths).toContain(`extensions/${name}/README.md`)
  }
  // The README names Pi's docs too (docs/rpc.md of Pi): only ours, the ones in this repository.
  const named = [...new Set(readFileSync(join(REPO_ROOT, "README.md"), "utf8").match(/docs\/[\w.-]+\.md/g) ?? [])]
  const ours = named.filter((d) => existsSync(join(REPO_ROOT, d)))
  expect(ours.length).toBeGreaterThan(0)
  expect(ours.filter((d) => !paths.includes(d))).toEqual([])
  expect(paths.filter((p) => p.startsWith("docs/") && !ours.includes(p))).toEqual([])
})
