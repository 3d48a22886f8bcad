// `xagent --agent pi` in a real terminal: the built-in profile's `pi-acp` (from the npm registry,
// over the Pi xagent ships) is the session's engine in the daemon. A prompt whose bash call Pi's
// permission-gate example asks about, answered in the window; the terminal killed mid-reply, and
// `xagent attach` in a new one shows the reply finish whole; then the daemon restarted, and the
// session opened again from its journal, whole, with no new model request.
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { PI_EXAMPLES, REPO_ROOT, XAGENT_BIN, writeAgentDir } from "../fixture/mockllm"
import { scriptedHome } from "./terminal-box"
import { restartAndReopen } from "./agent-restart"
import { hasTmux, openPane } from "./tmux"

const WORDS = Array.from({ length: 90 }, (_, i) => `w${i + 1}`)
const REPLY = `${WORDS.join(" ")} reply-complete-marker`

describe.skipIf(!hasTmux)("--agent pi in the window", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("the agent's question answered in the window, the terminal killed mid-reply, attach shows it finish", async () => {
    const { box, llm } = await scriptedHome(
      {
        turns: [
          { tool: "bash", args: { command: "rm -rf doomed && echo e2e-out" }, text: "Removing it." },
          { text: REPLY },
          { text: "Heard after the restart." },
        ],
      },
      cleanups,
      { tps: 30 },
    )
    writeAgentDir(box.agentDir, {
      baseUrl: llm.baseUrl,
      settings: { extensions: [join(PI_EXAMPLES, "permission-gate.ts")] },
    })
    mkdirSync(join(box.cwd, "doomed"))
    // pi-acp and the `pi` it runs, as installed programs are found
    const env = { ...box.env, PATH: `${join(REPO_ROOT, "node_modules/.bin")}:${box.env.PATH}` }

    const first = openPane({ cwd: box.cwd, env, cols: 100, rows: 30 })
    cleanups.push(() => first.kill())
    first.type(`${XAGENT_BIN} --agent pi`)
    first.send("Enter")
    await first.waitFor("Ask anything")
    first.type("remove it")
    first.send("Enter")
    await first.waitFor("Allow?")
    first.send("Enter") // the first of the agent's options: Yes
    await first.waitFor(/w3\b/)
    expect(existsSync(join(box.cwd, "doomed"))).toBe(false)
    expect(first.screen()).not.toContain("reply-complete-marker")
    first.kill() // the terminal goes away mid-reply

    const second = openPane({ cwd: box.cwd, env, cols: 100, rows: 30 })
    cleanups.push(() => second.kill())
    second.type(`${XAGENT_BIN} attach`)
    second.send("Enter")
    const screen = await second.waitFor("reply-complete-marker", 60_000)
    expect(screen).toContain("w89 w90 reply-complete-marker")
    expect(screen).toContain("rm -rf doomed && echo e2e-out")

    // The daemon restarted for real (its hosts and their agents end with it): the session comes
    // back from its journal, drawn whole, with no new request to the agent's model.
    second.kill()
    const {
      pane: third,
      screen: again,
      asked,
    } = await restartAndReopen(box, env, () => llm.requests().length, cleanups, "reply-complete-marker")
    expect(again).toContain("w89 w90 reply-complete-marker")
    expect(again).toContain("rm -rf doomed && echo e2e-out")
    expect(llm.requests().length).toBe(asked)
    // and it goes on: its agent reopened its own session (pi-acp loads it), the next message answered
    third.type("and now?")
    third.send("Enter")
    await third.waitFor("Heard after the restart.", 60_000)
    expect(llm.requests().length).toBe(asked + 1)
    // the model was sent the conversation from before the restart
    expect(JSON.stringify(llm.requests().at(-1))).toContain("reply-complete-marker")
  }, 240_000)
})
