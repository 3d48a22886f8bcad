// /btw while a reply runs, as a person does it in a real terminal: the side answer streams into
// its dock above the composer while the reply goes on; both complete, and the session file holds
// the conversation alone (neither the side question nor its answer).
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { scriptedHome, startXagent } from "./terminal-box"
import { hasTmux, openPane } from "./tmux"

const WORDS = Array.from({ length: 200 }, (_, i) => `w${i + 1}`)
const REPLY = `${WORDS.join(" ")} reply-complete-marker`
const SIDE = "side-answer-marker: the parser is in src/parse.ts"

if (!hasTmux) console.warn("test/e2e/side-question.test.ts: skipped, tmux is not installed (apt-get install tmux)")

/** The text of every session file's lines under `dir` (a line being written is skipped). */
function sessionText(dir: string): string {
  if (!existsSync(dir)) return ""
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n")
}

describe.skipIf(!hasTmux)("/btw during a running reply", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("the side answer and the reply both complete; the session file holds neither the question nor the answer", async () => {
    // The reply at 20 tokens a second takes long enough to ask beside it; the side answer comes at full speed.
    const { box, llm } = await scriptedHome({ turns: [{ text: REPLY }, { text: SIDE, tps: 0 }] }, cleanups, {
      tps: 20,
    })
    const pane = openPane({ cwd: box.cwd, env: box.env })
    cleanups.push(() => pane.kill())
    await startXagent(pane)
    pane.type("count slowly")
    pane.send("Enter")
    await pane.waitFor(/w3\b/)

    pane.type("/btw where is the parser?")
    pane.send("Enter")
    const side = await pane.waitFor(SIDE)
    // Asked and answered while the reply still runs, in the dock above the composer.
    expect(side).toContain("btw: where is the parser?")
    expect(side).toContain("Working (")
    expect(side).not.toContain("reply-complete-marker")

    const done = await pane.waitFor((s) => s.includes("reply-complete-marker") && !s.includes("Working ("))
    expect(done).toContain(SIDE)
    pane.send("Escape")
    await pane.waitFor((s) => !s.includes(SIDE))

    const sessions = join(box.agentDir, "sessions")
    const deadline = Date.now() + 60_000
    while (!sessionText(sessions).includes("reply-complete-marker") && Date.now() < deadline) await Bun.sleep(100)
    const saved = sessionText(sessions)
    expect(saved).toContain("reply-complete-marker")
    expect(saved).toContain("count slowly")
    expect(saved).not.toContain("where is the parser?")
    expect(saved).not.toContain("side-answer-marker")
    // The side question was one request of its own, with no tools.
    const requests = llm.requests()
    expect(requests).toHaveLength(2)
    expect(requests[1]!.tools).toEqual([])
  }, 150_000)
})
