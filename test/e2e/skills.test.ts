// `$name` in a real terminal (tmux) through bin/xagent --no-daemon on the scripted model: `$` at a
// word's start lists the person's skills, Tab inserts one, and the request the model gets holds the
// message as typed and, as a message of its own after it, the skill's text; `$nope` stays text.
import { afterAll, describe, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { startedBox } from "./terminal-box"
import { hasTmux } from "./tmux"

if (!hasTmux) console.warn("test/e2e/skills.test.ts: skipped, tmux is not installed (apt-get install tmux)")

type Message = { role: string; content: unknown }

/** A message's text, whether its content is a string or an array of parts. */
function textOf(m: Message): string {
  if (typeof m.content === "string") return m.content
  return (m.content as { type: string; text?: string }[]).map((p) => p.text ?? "").join("")
}

describe.skipIf(!hasTmux)("$skill in the composer", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  test("$ completes a skill, and the request holds the skill's text after the message as typed", async () => {
    const skillFile = (home: string) => join(home, "skills", "review-code", "SKILL.md")
    const { pane, llm, box } = await startedBox(["SKILLED", "PLAIN"], cleanups, (box) => {
      mkdirSync(dirname(skillFile(box.agentDir)), { recursive: true })
      writeFileSync(
        skillFile(box.agentDir),
        "---\nname: review-code\ndescription: Review code for bugs before a merge\n---\n\nREVIEW-STEPS: read every diff.\n",
      )
    })

    pane.type("check $rev")
    await pane.waitFor("$review-code  Review code for bugs before a merge", 60_000)
    pane.send("Tab")
    await pane.waitFor("› check $review-code", 60_000)
    pane.type("now")
    pane.send("Enter")
    const screen = await pane.waitFor((s) => s.includes("SKILLED") && s.includes("⎿ skill: review-code"), 60_000)
    expect(screen).toContain("check $review-code now")
    expect(screen).not.toContain("REVIEW-STEPS")

    const sent = llm.requests()[0]!.last as Message[]
    const user = sent.findIndex((m) => textOf(m) === "check $review-code now")
    expect(user).toBeGreaterThanOrEqual(0)
    expect(sent.length).toBe(user + 2)
    expect(sent[user + 1]!.role).toBe("user")
    const skill = textOf(sent[user + 1]!)
    expect(skill).toContain(`<skill name="review-code" location="${skillFile(box.agentDir)}">`)
    expect(skill).toContain("REVIEW-STEPS: read every diff.\n</skill>")

    // A `$word` naming no skill opens nothing and goes as typed, alone.
    pane.type("$nope")
    await pane.waitFor("› $nope", 60_000)
    pane.send("Enter")
    await pane.waitFor("PLAIN", 60_000)
    const plain = llm.requests()[1]!.last as Message[]
    expect(textOf(plain.at(-1)!)).toBe("$nope")
    expect(plain.at(-2)!.role).toBe("assistant")
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0", 60_000)
  }, 200_000)
})
