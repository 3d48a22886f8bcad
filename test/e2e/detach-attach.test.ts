// The promise of the daemon, seen as a person sees it: a slow reply starts in one terminal, that
// terminal is killed mid-reply, and `xagent attach` in a new one shows the reply finishing whole.
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { scriptedHome } from "./terminal-box"
import { hasTmux, openPane } from "./tmux"

const WORDS = Array.from({ length: 90 }, (_, i) => `w${i + 1}`)
const REPLY = `${WORDS.join(" ")} reply-complete-marker`

if (!hasTmux) console.warn("test/e2e/detach-attach.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("a reply outlives its terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("kill the window's terminal mid-reply, then xagent attach shows it finish", async () => {
    // 30 tokens a second: the reply takes about three seconds, long enough to kill its window.
    const { box } = await scriptedHome({ turns: [{ text: REPLY }] }, cleanups, { tps: 30 })

    const first = openPane({ cwd: box.cwd, env: box.env })
    cleanups.push(() => first.kill())
    first.type(XAGENT_BIN)
    first.send("Enter")
    await first.waitFor("Ask anything")
    first.type("count slowly")
    first.send("Enter")
    await first.waitFor(/w3\b/)
    const before = first.screen()
    expect(before).not.toContain("reply-complete-marker")
    first.kill() // the terminal goes away: the window gets SIGHUP mid-reply

    const second = openPane({ cwd: box.cwd, env: box.env })
    cleanups.push(() => second.kill())
    second.type(`${XAGENT_BIN} attach`)
    second.send("Enter")
    const screen = await second.waitFor("reply-complete-marker", 30_000)
    expect(screen).toContain("count slowly")
    expect(screen).toContain("w89 w90 reply-complete-marker")

    // The session file holds the same reply, word for word (it is written when the reply ends,
    // just after its last words reach the screen).
    expect(await replyInSessionFile(join(box.agentDir, "sessions"))).toBe(REPLY)
  }, 90_000)
})

async function replyInSessionFile(dir: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const files = existsSync(dir)
      ? readdirSync(dir, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith(".jsonl"))
      : []
    const lines = files.length === 1 ? readFileSync(join(dir, files[0]!), "utf8").trim().split("\n") : []
    const texts = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === "message" && l.message.role === "assistant")
      .flatMap((l) =>
        l.message.content.filter((c: { type: string }) => c.type === "text").map((c: { text: string }) => c.text),
      )
    if (texts.length > 0 || Date.now() > deadline) return texts.join("")
    await Bun.sleep(50)
  }
}
