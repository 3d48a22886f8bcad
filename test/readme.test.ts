// The README's Node floor is what users read; a dependency whose own `engines` asks for a newer Node
// makes `npm install` print EBADENGINE, which the README must explain.
import { expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { bundledNames, PACKAGE_BUNDLED_DIR } from "../src/util/bundled-dir"

const root = join(import.meta.dir, "..")

test("every dependency that wants a newer Node than the README's floor is explained there", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8")
  const floor = /Node\.js (\d+\.\d+) or newer/.exec(readme)?.[1]
  expect(floor).toBeDefined()
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, { engines?: { node?: string }; optional?: boolean; dev?: boolean }>
  }
  const picky = Object.entries(lock.packages)
    .filter(([, p]) => !p.dev && p.engines?.node && !Bun.semver.satisfies(`${floor}.0`, p.engines.node))
    .map(([path]) => path.replace(/^.*node_modules\//, ""))
  expect(picky.length).toBeGreaterThan(0)
  const explained = readme.slice(readme.indexOf("EBADENGINE"))
  for (const name of picky)
    expect(explained.includes("EBADENGINE") && explained.includes(name) ? name : `${name}: not explained`).toBe(name)
})

test("the README's table of bundled extensions names every bundled extension, and only those", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8")
  const section = readme.slice(readme.indexOf("### Bundled extensions"))
  const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| name |")))
  const listed = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!).sort()
  expect(listed).toEqual(bundledNames(PACKAGE_BUNDLED_DIR))
})

test("the README's table of commands names every command xagent has", async () => {
  const { buildProgram } = await import("../src/cli/index")
  const { registerCommands } = await import("../src/cli/commands")
  const program = buildProgram(async () => 0)
  await registerCommands(program)
  const readme = readFileSync(join(root, "README.md"), "utf8")
  const section = readme.slice(readme.indexOf("### Commands"))
  const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| command |")))
  const names = program.commands.flatMap((c) => [c.name(), ...c.aliases()])
  expect(names).toContain("install")
  for (const name of names)
    expect(table.includes(`\`xagent ${name}`) || table.includes(`\`${name}\``) ? name : `${name}: missing`).toBe(name)
})
