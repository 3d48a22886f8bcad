// `xagent --agent claude` in a real terminal: the built-in profile's `claude-agent-acp` (Claude
// Code's ACP front end, from the npm registry) on the scripted model's Anthropic Messages
// endpoint is the session's engine in the daemon. A Bash call it asks permission for, approved in
// the window with a key; the terminal killed mid-reply, and `xagent attach` shows it finish whole;
// then the daemon restarted, and the session opened again from its journal with no new model request.
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { REPO_ROOT, XAGENT_BIN } from "../fixture/mockllm"
import { scriptedHome } from "./terminal-box"
import { restartAndReopen } from "./agent-restart"
import { hasTmux, openPane } from "./tmux"

const WORDS = Array.from({ length: 90 }, (_, i) => `w${i + 1}`)
const REPLY = `${WORDS.join(" ")} reply-complete-marker`

describe.skipIf(!hasTmux)("--agent claude in the window", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("its permission approved in the window, the terminal killed mid-reply, attach shows it finish", async () => {
    const { box, llm } = await scriptedHome(
      {
        turns: [
          { tool: "Bash", args: { command: "touch made && echo e2e-out", description: "Make it" }, text: "Making it." },
          { text: REPLY },
          { text: "Heard after the restart." },
        ],
      },
      cleanups,
      { tps: 30 },
    )
    const env = {
      ...box.env,
      // claude-agent-acp as an installed program is found; Claude Code's config stays in the sandbox's home
      PATH: `${join(REPO_ROOT, "node_modules/.bin")}:${box.env.PATH}`,
      ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
      ANTHROPIC_API_KEY: "scripted",
      IS_SANDBOX: "1",
      CLAUDE_CONFIG_DIR: join(box.home, ".claude"),
    }

    const first = openPane({ cwd: box.cwd, env, cols: 100, rows: 30 })
    cleanups.push(() => first.kill())
    first.type(`${XAGENT_BIN} --agent claude`)
    first.send("Enter")
    await first.waitFor("Ask anything")
    first.type("make it")
    first.send("Enter")
    await first.waitFor("Allow touch made && echo e2e-out?")
    first.type("y")
    await first.waitFor(/w3\b/)
    expect(existsSync(join(box.cwd, "made"))).toBe(true)
    expect(first.screen()).not.toContain("reply-complete-marker")
    first.kill() // the terminal goes away mid-reply

    const second = openPane({ cwd: box.cwd, env, cols: 100, rows: 30 })
    cleanups.push(() => second.kill())
    second.type(`${XAGENT_BIN} attach`)
    second.send("Enter")
    const screen = await second.waitFor("reply-complete-marker", 60_000)
    expect(screen).toContain("w89 w90 reply-complete-marker")
    expect(screen).toContain("touch made && echo e2e-out")

    // The daemon restarted for real (its hosts and their agents end with it): the session comes
    // back from its journal, drawn whole, with no new request to the model; then it goes on in
    // Claude Code's own session, which Claude Code reopens.
    second.kill()
    const {
      pane: third,
      screen: again,
      asked,
    } = await restartAndReopen(box, env, () => llm.requests().length, cleanups, "reply-complete-marker")
    expect(again).toContain("w89 w90 reply-complete-marker")
    expect(again).toContain("touch made && echo e2e-out")
    expect(llm.requests().length).toBe(asked)
    third.type("and now?")
    third.send("Enter")
    await third.waitFor("Heard after the restart.", 60_000)
    expect(llm.requests().length).toBeGreaterThan(asked)
    // the model was sent the conversation from before the restart (Claude Code's own transcript:
    // its last reply is sometimes missing from it when its process was stopped right after, while
    // xagent's journal, drawn above, has it)
    expect(JSON.stringify(llm.requests().at(-1))).toContain("touch made && echo e2e-out")
  }, 240_000)
})
