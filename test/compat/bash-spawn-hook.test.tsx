// Pi's bash-spawn-hook.ts example: it replaces the bash tool with one built on process.cwd() whose
// spawn hook sources ~/.profile and sets PI_SPAWN_HOOK=1. In a daemon the host runs in the project
// folder, so the tool runs there (it once ran in ~/.xagent).
import { expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { useDaemonExamples } from "./daemon-window"

const open = useDaemonExamples()

test("bash-spawn-hook.ts: the model's bash runs in the project, through the hook", async () => {
  const { app, d } = await open(
    ["bash-spawn-hook.ts"],
    {
      turns: [
        { tool: "bash", args: { command: 'echo "cwd=$(pwd) hook=$PI_SPAWN_HOOK profile=$FROM_PROFILE"' } },
        { text: "Ran it." },
      ],
    },
    { before: (d) => writeFileSync(join(d.box.home, ".profile"), "export FROM_PROFILE=yes\n") },
  )
  await app.submit("run it")
  const frame = await app.until("Ran it.")
  expect(frame).toContain(`cwd=${d.box.cwd} hook=1 profile=yes`)
})
