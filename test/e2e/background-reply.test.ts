// Leaving a running reply in the background, as a person does it: a slow reply, /new, "Keep it
// running in the background"; the window is on a new session at once, the old reply finishes
// whole in its own session file, and the window says so. On the way out the window says how to
// get back: `xagent --session <id>` for a saved session, `xagent attach <id>` while a reply runs.
import { afterAll, describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { scriptedHome, startXagent } from "./terminal-box"
import { hasTmux, openPane } from "./tmux"

const WORDS = Array.from({ length: 240 }, (_, i) => `w${i + 1}`)
const REPLY = `${WORDS.join(" ")} reply-complete-marker`

if (!hasTmux) console.warn("test/e2e/background-reply.test.ts: skipped, tmux is not installed (apt-get install tmux)")

interface SavedFile {
  id: string
  users: string[]
  replies: string[]
}

/** Every session file under `dir`, as its id, its user messages and its replies' text. */
function sessionFiles(dir: string): SavedFile[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => {
      const lines = readFileSync(join(dir, f), "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .flatMap((l) => {
          try {
            return [JSON.parse(l)]
          } catch {
            return [] // a line being written
          }
        })
      const text = (role: string) =>
        lines
          .filter((l) => l.type === "message" && l.message.role === role)
          .map((l) =>
            typeof l.message.content === "string"
              ? l.message.content
              : l.message.content
                  .filter((c: { type: string }) => c.type === "text")
                  .map((c: { text: string }) => c.text)
                  .join(""),
          )
      return { id: lines.find((l) => l.type === "session")?.id ?? "", users: text("user"), replies: text("assistant") }
    })
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const got = probe()
    if (got !== undefined) return got
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(100)
  }
}

describe.skipIf(!hasTmux)("a reply left running in the background", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  async function setup(turns: { text: string }[]) {
    // 30 tokens a second: the first reply takes several seconds, long enough to leave it.
    const { box } = await scriptedHome({ turns }, cleanups, { tps: 30 })
    const pane = openPane({ cwd: box.cwd, env: box.env })
    cleanups.push(() => pane.kill())
    return { box, pane }
  }

  test("/new keeps the reply running in its host, the window moves on and says when it ends", async () => {
    const { box, pane } = await setup([{ text: REPLY }, { text: "second-session-marker" }])
    const sessions = join(box.agentDir, "sessions")
    await startXagent(pane)
    pane.type("count slowly")
    pane.send("Enter")
    await pane.waitFor(/w3\b/)
    pane.type("/new")
    pane.send("Enter")
    await pane.waitFor("Keep it running in the background")
    pane.send("Enter")

    // The reply goes on without the window: it ends whole in the first session's file, and the
    // window, on its new session, says so.
    // (with the composer: the screen may be caught while the footer grows to take the toast)
    const notice = await pane.waitFor((s) => s.includes("finished · /resume opens it") && s.includes("Ask anything"))
    // A toast, wrapped: its lines (`│ ` right of the composer's left edge) joined back. It has rows
    // of its own above the composer, whose border stays whole.
    const rows = notice.split("\n")
    const toast = rows.flatMap((r) => /^\s+│ (.*)$/.exec(r)?.[1]?.trim() ?? [])
    expect(toast.join(" ")).toBe("The reply in the background session “count slowly” finished · /resume opens it")
    const prompt = rows.findIndex((r) => r.includes("Ask anything"))
    expect(rows[prompt - 1]).toMatch(/^╭─+╮\s*$/)
    const first = await until("the first session's reply in its file", () =>
      sessionFiles(sessions).find((f) => f.users.includes("count slowly") && f.replies.join("") === REPLY),
    )

    // What is typed now goes to the new session, not the old one.
    pane.type("second question")
    pane.send("Enter")
    // Its reply over, not only drawn: on a loaded machine the text shows before the run has ended,
    // and a quit then would rightly say the reply is still running.
    await pane.waitFor((s) => s.includes("second-session-marker") && !s.includes("Working ("))
    const second = await until("the second session's file", () =>
      sessionFiles(sessions).find((f) => f.users.includes("second question") && f.replies.length > 0),
    )
    expect(second.id).not.toBe(first.id)
    expect(second.users).toEqual(["second question"])

    // On the way out: how to get back to the window's session, by the id `xagent sessions` shows.
    pane.send("C-d")
    const after = await pane.waitFor("EXIT=0")
    const resume = after.match(/Resume this session with: xagent --session (\S+)/)
    expect(resume).not.toBeNull()
    expect(second.id.startsWith(resume![1]!)).toBe(true)
    expect(after).not.toContain("still running")
    const listed = spawnSync(XAGENT_BIN, ["sessions"], { cwd: box.cwd, env: box.env, encoding: "utf8" }).stdout
    expect(listed).toContain(` ${resume![1]} `)
  }, 150_000)

  test("quitting: nothing for an empty session; xagent attach <id> while the reply runs (full screen)", async () => {
    const { pane } = await setup([{ text: REPLY }])
    await startXagent(pane)
    pane.send("C-d")
    const empty = await pane.waitFor("EXIT=0")
    expect(empty).not.toContain("Resume this session")
    expect(empty).not.toContain("xagent attach")
    pane.type("clear")
    pane.send("Enter")
    await pane.waitFor((s) => !s.includes("EXIT=0"))

    await startXagent(pane, "--fullscreen")
    pane.type("count slowly")
    pane.send("Enter")
    await pane.waitFor(/w3\b/)
    pane.send("C-d")
    const left = await pane.waitFor("EXIT=0")
    const attach = left.match(/Its reply is still running: xagent attach (\S+)/)
    expect(attach).not.toBeNull()
    expect(left).not.toContain("reply-complete-marker")

    // The id said is one `xagent attach` takes: the reply is there, finishing.
    pane.type(`${XAGENT_BIN} attach ${attach![1]}`)
    pane.send("Enter")
    await pane.waitFor("reply-complete-marker")
  }, 150_000)
})
