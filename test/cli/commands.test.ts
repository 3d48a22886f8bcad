// The subcommand list that decides when subcommands load must name every registered command.
import { expect, test } from "bun:test"
import { mayNameSubcommand, registerCommands, SUBCOMMANDS } from "../../src/cli/commands"
import { buildProgram } from "../../src/cli/index"

test("every registered subcommand is in SUBCOMMANDS", async () => {
  const program = buildProgram(async () => 0)
  await registerCommands(program)
  const names = program.commands.map((c) => c.name())
  expect(names.length).toBeGreaterThan(0)
  for (const name of names) expect(SUBCOMMANDS).toContain(name)
})

test("subcommands load for a subcommand word or help, not for a plain run", () => {
  expect(mayNameSubcommand(["daemon", "status"])).toBe(true)
  expect(mayNameSubcommand(["-m", "a/b", "--help"])).toBe(true)
  expect(mayNameSubcommand([])).toBe(false)
  expect(mayNameSubcommand(["-c", "fix the tests"])).toBe(false)
})
