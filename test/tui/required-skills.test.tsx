// `$name` in a message sent from the composer requires the loaded skill of that name: the model
// gets the message as typed and then the skill's text (Pi's `<skill>` block) as a message of its
// own; the transcript shows the message and a one-line marker. A `$word` that names no loaded skill
// is plain text. A real window on a real Pi session (faux model, which hands the test each
// request's messages in process), the skills in the agent dir where Pi finds the person's own.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { queuedDuringReply, recordRequests } from "../fixture/faux-requests"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  await fx?.dispose()
  fx = undefined
})

function writeSkill(agentDir: string, name: string, description: string, body: string): string {
  const dir = join(agentDir, "skills", name)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, "SKILL.md")
  writeFileSync(file, `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`)
  return file
}

async function withSkills() {
  fx = await createFauxFixture()
  const file = writeSkill(
    fx.agentDir,
    "review-code",
    "Review code for bugs.",
    "# Review\nREVIEWSTEPS: read every diff.",
  )
  writeSkill(fx.agentDir, "pdf-tools", "Work with PDF files.", "PDFSTEPS: use pdftotext.")
  return { fx, file }
}

test("the model gets the message as typed and then the named skill's text; the transcript shows a marker", async () => {
  const { fx, file } = await withSkills()
  const seen = recordRequests(fx, ["GOTIT"])
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 100, height: 30 })
  await app.submit("please $review-code this, and $nope too")
  const frame = await app.until((f) => f.includes("GOTIT"))
  expect(frame).toContain("please $review-code this, and $nope too")
  expect(frame).toContain("⎿ skill: review-code")
  expect(frame).not.toContain("REVIEWSTEPS")

  const sent = seen[0]!
  const user = sent.findIndex((m) => m.includes("please $review-code this"))
  expect(user).toBeGreaterThanOrEqual(0)
  // The person's text is theirs alone, `$name` and all; the skill follows it as its own message.
  expect(sent[user]).not.toContain("REVIEWSTEPS")
  expect(JSON.parse(sent[user]!).content).toEqual([{ type: "text", text: "please $review-code this, and $nope too" }])
  expect(sent.length).toBe(user + 2)
  const skill = sent[user + 1]!
  expect(skill).toContain(`<skill name=\\"review-code\\" location=\\"${file}\\">`)
  expect(skill).toContain("# Review\\nREVIEWSTEPS: read every diff.\\n</skill>")
  expect(skill).not.toContain("PDFSTEPS")
  expect(skill).not.toContain("nope")
})

test("a `$word` that names no loaded skill is text: nothing goes with it", async () => {
  const { fx } = await withSkills()
  const seen = recordRequests(fx, ["PLAIN"])
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 100, height: 30 })
  await app.submit("$nope costs $5")
  const frame = await app.until((f) => f.includes("PLAIN"))
  expect(frame).toContain("$nope costs $5")
  expect(frame).not.toContain("⎿")
  const sent = seen[0]!
  expect(JSON.parse(sent.at(-1)!).content).toEqual([{ type: "text", text: "$nope costs $5" }])
  expect(sent.join("\n")).not.toContain("<skill name=")
})

test("two skills go in the order named, in one message after the person's", async () => {
  const { fx } = await withSkills()
  const seen = recordRequests(fx, ["BOTH"])
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.prompt", {
    sessionId,
    text: "$pdf-tools then $review-code.",
    requireSkills: true,
  })
  const s = await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"), "the reply")
  const sent = seen[0]!
  const skills = sent.at(-1)!
  expect(skills.indexOf("PDFSTEPS")).toBeGreaterThan(0)
  expect(skills.indexOf("REVIEWSTEPS")).toBeGreaterThan(skills.indexOf("PDFSTEPS"))
  const marker = s.items.find((i) => i.kind === "custom")
  expect(marker && "text" in marker ? marker.text : "").toBe("skills: pdf-tools, review-code")
})

test("a message queued during a reply goes as typed, and the person is told its skills were not sent", async () => {
  fx = await createFauxFixture({ tokensPerSecond: 20 })
  writeSkill(fx.agentDir, "review-code", "Review code for bugs.", "REVIEWSTEPS")
  const { sent, session, notice } = await queuedDuringReply(fx, { text: "then $review-code", requireSkills: true })
  expect(sent.some((m) => m.includes("then $review-code"))).toBe(true)
  expect(sent.join("\n")).not.toContain("REVIEWSTEPS")
  expect(session.items.some((i) => i.kind === "custom")).toBe(false)
  expect(notice).toStartWith("Skills not sent: $review-code. Skills go with")
})

test("without requireSkills (print mode, editors over ACP) the text goes alone; the command list names the skills", async () => {
  const { fx } = await withSkills()
  const seen = recordRequests(fx, ["ALONE"])
  const { sessionId } = await fx.open()
  const listed = await fx.client.request("session.commands", { sessionId })
  expect(listed.skills?.toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: "pdf-tools", description: "Work with PDF files." },
    { name: "review-code", description: "Review code for bugs." },
  ])
  const rec = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "use $review-code" })
  const s = await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"), "the reply")
  expect(seen[0]!.join("\n")).not.toContain("REVIEWSTEPS")
  expect(s.items.some((i) => i.kind === "custom")).toBe(false)
})
