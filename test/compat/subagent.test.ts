// Pi's subagent example re-runs its own program (`process.execPath process.argv[1]`) with Pi's
// flags: `--mode json -p --no-session --model … --tools … --append-system-prompt <file> "Task: …"`,
// and reads the child's message_end lines. In a detached session that program must be xagent
// (it was once the daemon, which refused to start a second time).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { MOCK_MODEL, MOCK_PROVIDER, PI_EXAMPLES } from "../fixture/mockllm"
import { Recorder, replyDone, startBox, type DaemonBox } from "../daemon/harness"

const SUBAGENT = join(PI_EXAMPLES, "subagent/index.ts")
let d: DaemonBox
beforeAll(async () => {
  d = await startBox({
    turns: [
      { tool: "subagent", args: { agent: "scout", task: "look around" } },
      { text: "CHILD-ANSWER: the repo has one file." },
      { text: "The scout says the repo has one file." },
    ],
  })
  mkdirSync(join(d.box.agentDir, "agents"), { recursive: true })
  writeFileSync(
    join(d.box.agentDir, "agents/scout.md"),
    `---\nname: scout\ndescription: recon\ntools: read, ls\nmodel: ${MOCK_PROVIDER}/${MOCK_MODEL}\n---\n\nSCOUT-PROMPT-MARK you are a scout.\n`,
  )
})
afterAll(() => d.cleanup())

test("the subagent tool runs a child xagent -p --mode json and gets its answer", async () => {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    extensions: [SUBAGENT],
  })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "ask the scout" })
  const s = await rec.waitFor(replyDone(2), "the reply after the subagent", 60_000)
  const tool = s.items.find((i) => i.kind === "tool" && i.name === "subagent")
  expect(tool).toMatchObject({ status: "done" })
  expect((tool as { output?: string }).output).toContain("CHILD-ANSWER: the repo has one file.")
  // the child was sent the agent's prompt, its tools and the task
  const child = d.llm.requests()[1]!
  expect(JSON.stringify(child.last)).toContain("SCOUT-PROMPT-MARK")
  expect(JSON.stringify(child.last)).toContain("Task: look around")
  expect([...child.tools].sort()).toEqual(["ls", "read"])
}, 90_000)
