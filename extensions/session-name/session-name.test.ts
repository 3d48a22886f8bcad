// Provisional session names on a real Pi session (faux model): a substantive first turn is named
// by one short tool-free request; a greeting, a named session, a second turn, "off" and a failed
// request name nothing; a hostile or chatty answer is cleaned to one plain line.
import { afterEach, beforeEach, expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentTools, type TranscriptContext } from "@earendil-works/pi-ai"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { SessionSnapshot } from "../../src/protocol"
import { useFauxSessions } from "../../test/fixture/faux-session"
import { cleanTitle, NAMING_PROMPT, readNamingSetting, SESSION_NAMES_ENV, substantive } from "./rules"

const setup = useFauxSessions()
const before = process.env[SESSION_NAMES_ENV]
beforeEach(() => {
  process.env[SESSION_NAMES_ENV] = "auto"
})
afterEach(() => {
  if (before === undefined) delete process.env[SESSION_NAMES_ENV]
  else process.env[SESSION_NAMES_ENV] = before
})

/** Each request the model gets, with the reply it gives. */
function model(replies: string[]) {
  const asked: TranscriptContext[] = []
  const steps = replies.map((text) => (ctx: TranscriptContext) => {
    asked.push(ctx)
    return fauxAssistantMessage(text)
  })
  return { asked, steps }
}
const idle = (s: SessionSnapshot) => !s.running && s.items.some((i) => i.kind === "assistant" && !i.streaming)

test("a substantive first turn is named by one tool-free request; the second turn asks nothing more", async () => {
  const { fx, rec, send } = await setup()
  const m = model(["The parser drops the last line because of an off-by-one.", "Parser drops last line", "Done."])
  fx.faux.setResponses(m.steps)
  await send("why does the parser drop the last line of a file?")
  const named = await rec.waitFor((s) => s.info.name !== undefined, "the provisional name")
  expect(named.info.name).toBe("Parser drops last line")
  expect(m.asked).toHaveLength(2)
  const naming = m.asked[1]!
  expect(JSON.stringify(naming.messages)).toContain(NAMING_PROMPT)
  expect(getCurrentTools(naming.messages)).toEqual([])
  expect(JSON.stringify(naming.messages)).toContain("why does the parser drop the last line")
  expect(JSON.stringify(naming.messages)).toContain("off-by-one")
  // The name is the session's, in its file, as /name writes it.
  await send("thanks, fix it")
  await rec.waitFor((s) => idle(s) && s.items.filter((i) => i.kind === "assistant").length === 2, "the second reply")
  await Bun.sleep(200)
  expect(m.asked).toHaveLength(3)
  expect((await rec.waitFor(() => true, "now")).info.name).toBe("Parser drops last line")
})

test("a greeting, or a session the person already named, is not named", async () => {
  const greeting = await setup()
  const g = model(["Hello! What shall we work on?", "should never be asked"])
  greeting.fx.faux.setResponses(g.steps)
  await greeting.send("hi")
  await greeting.rec.waitFor(idle, "the greeting's reply")
  await Bun.sleep(300)
  expect(g.asked).toHaveLength(1)

  const named = await setup()
  await named.fx.client.request("session.setName", { sessionId: named.sessionId, name: "my own name" })
  const n = model(["The parser drops the last line.", "should never be asked"])
  named.fx.faux.setResponses(n.steps)
  await named.send("why does the parser drop the last line of a file?")
  await named.rec.waitFor(idle, "the reply")
  await Bun.sleep(300)
  expect(n.asked).toHaveLength(1)
  expect((await named.rec.waitFor(() => true, "now")).info.name).toBe("my own name")
})

test('"off" in settings.json names nothing; a value set wrong is said at start', async () => {
  delete process.env[SESSION_NAMES_ENV]
  const home = process.env.XAGENT_HOME!
  mkdirSync(home, { recursive: true })
  const file = join(home, "settings.json")
  try {
    writeFileSync(file, JSON.stringify({ sessionNames: "off" }))
    const { fx, rec, send } = await setup()
    const m = model(["The parser drops the last line.", "should never be asked"])
    fx.faux.setResponses(m.steps)
    await send("why does the parser drop the last line of a file?")
    await rec.waitFor(idle, "the reply")
    await Bun.sleep(300)
    expect(m.asked).toHaveLength(1)

    writeFileSync(file, JSON.stringify({ sessionNames: "sometimes" }))
    const wrong = await setup()
    const said = await wrong.rec.waitFor((s) => JSON.stringify(s.items).includes("Session names:"), "the notice")
    expect(JSON.stringify(said.items)).toContain('\\"sessionNames\\" is \\"sometimes\\": use \\"auto\\" or \\"off\\"')
  } finally {
    writeFileSync(file, "{}")
  }
})

test("a failed naming request leaves the session unnamed", async () => {
  const { fx, rec, send } = await setup()
  let asked = 0
  fx.faux.setResponses([
    () => (asked++, fauxAssistantMessage("The parser drops the last line.")),
    () => (asked++, fauxAssistantMessage("", { stopReason: "error", errorMessage: "overloaded" })),
  ])
  await send("why does the parser drop the last line of a file?")
  await rec.waitFor(idle, "the reply")
  const deadline = Date.now() + 10_000
  while (asked < 2 && Date.now() < deadline) await Bun.sleep(50)
  await Bun.sleep(200)
  expect(asked).toBe(2)
  expect((await rec.waitFor(() => true, "now")).info.name).toBeUndefined()
})

test("what counts as substantive, and how an answer becomes a name", () => {
  expect(substantive("hi")).toBe(false)
  expect(substantive("/model gpt")).toBe(false)
  expect(substantive("!ls -la here now")).toBe(false)
  expect(substantive("fix the flaky login test")).toBe(true)
  expect(cleanTitle('Title: "Fix the flaky login test."')).toBe("Fix the flaky login test")
  expect(cleanTitle("**Parser bug**\n\nI chose this because…")).toBe("Parser bug")
  expect(cleanTitle("\u001b]0;owned\u0007Evil \u001b[31mred\u001b[0m title\u202e")).toBe("Evil red title")
  expect(cleanTitle("word ".repeat(30))!.length).toBeLessThanOrEqual(50)
  expect(cleanTitle("  \n ")).toBeUndefined()
  expect(readNamingSetting({ XAGENT_SESSION_NAMES: "off" }, "/nonexistent")).toEqual({ setting: "off" })
  expect(readNamingSetting({}, "/nonexistent")).toEqual({ setting: "auto" })
  expect(readNamingSetting({ XAGENT_SESSION_NAMES: "yes" }, "/nonexistent")).toEqual({
    error: 'XAGENT_SESSION_NAMES is "yes": use "auto" or "off"',
  })
})
