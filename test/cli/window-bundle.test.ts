// The prebuilt window is used only while it matches the sources it was built from.
import { afterAll, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshWindowBundle, windowStamp } from "../../src/cli/window-bundle"

const pkg = mkdtempSync(join(tmpdir(), "xagent-bundle-"))
afterAll(() => rmSync(pkg, { recursive: true, force: true }))

function write(rel: string, text: string) {
  mkdirSync(join(pkg, rel, ".."), { recursive: true })
  writeFileSync(join(pkg, rel), text)
}

test("a bundle for the current stamp is found; any change to its inputs makes it stale", () => {
  write("src/tui/run.tsx", "export const a = 1\n")
  write("src/tui/deep/view.tsx", "export const b = 1\n")
  write("src/protocol/index.ts", "export {}\n")
  write("package.json", "{}\n")
  const stamp = windowStamp(pkg)
  expect(freshWindowBundle(pkg)).toBeUndefined()
  write(`dist/window/${stamp}/run.js`, "export {}\n")
  expect(freshWindowBundle(pkg)).toBe(join(pkg, "dist/window", stamp, "run.js"))

  // An edit of the same length is caught by the mtime.
  write("src/tui/deep/view.tsx", "export const b = 2\n")
  utimesSync(join(pkg, "src/tui/deep/view.tsx"), new Date(), new Date(Date.now() + 5000))
  expect(windowStamp(pkg)).not.toBe(stamp)
  expect(freshWindowBundle(pkg)).toBeUndefined()
  const edited = windowStamp(pkg)

  write("src/tui/new-file.tsx", "")
  const added = windowStamp(pkg)
  expect(added).not.toBe(edited)
  // Reinstalled dependencies too.
  write("node_modules/.package-lock.json", "{}")
  expect(windowStamp(pkg)).not.toBe(added)
})
