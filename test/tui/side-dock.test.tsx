import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function asking(width: number) {
  const client = new FakeClient({ "session.btw": () => ({}) })
  app = await mountApp({ client, width, height: 24 })
  await app.emit(
    { type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "refactor the parser")] }) },
    { type: "run", running: true, startedAt: Date.now() },
  )
  await app.until(() => client.calls("session.commands").length > 0)
  await app.submit("/btw which file holds the tokenizer?")
  await app.until(() => client.calls("session.btw").length > 0)
  const [call] = client.calls("session.btw") as { id: string; question: string }[]
  return { client, id: call!.id, question: call!.question }
}

for (const width of [120, 80, 40]) {
  test(`/btw at ${width} columns: the question and its streaming answer in a dock above the composer`, async () => {
    const { id, question } = await asking(width)
    expect(question).toBe("which file holds the tokenizer?")
    const waiting = await app!.until("answering")
    expect(waiting).toContain("btw: which")
    // Model text reaches the dock sanitized: no escape sequence gets to the terminal.
    await app!.emit(
      { type: "side_answer", id, delta: "It is \u001b[31msrc/lexer.ts\u001b]0;owned\u0007, " },
      { type: "side_answer", id, delta: "beside the parser." },
      { type: "side_answer", id, done: true },
    )
    const frame = await app!.until((f) => f.includes("beside the parser") && !f.includes("answering"))
    expect(frame).toContain("It is src/lexer.ts, beside the parser.")
    expect(frame).not.toContain("owned")
    const rows = frame.split("\n")
    const title = rows.findIndex((r) => r.includes("btw: which"))
    const answer = rows.findIndex((r) => r.includes("It is src/lexer.ts"))
    const working = rows.findIndex((r) => r.includes("Working ("))
    const composer = rows.findIndex((r, i) => i > answer && r.includes("›"))
    expect(working).toBeGreaterThan(-1)
    expect(title).toBeGreaterThan(working)
    expect(answer).toBe(title + 1)
    expect(composer).toBeGreaterThan(answer)
    for (const r of rows) expect(Bun.stringWidth(r)).toBeLessThanOrEqual(width)
    // The conversation is left as it was: no item came from the side answer.
    expect(app!.frame()).toContain("refactor the parser")

    // Esc closes the dock before it would stop the reply.
    app!.mockInput.pressEscape()
    const closed = await app!.until((f) => !f.includes("btw: which"))
    expect(closed).toContain("Working (")
    expect(app!.client.calls("session.abort")).toEqual([])
  })
}

test("another window's side answer (an id this window did not ask) is not drawn", async () => {
  app = await mountApp({ width: 80, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot() }, { type: "side_answer", id: "side-other", delta: "SECRET" })
  await app.until((f) => f.includes("›"))
  expect(app.frame()).not.toContain("SECRET")
})

test("a long side answer scrolls with PgUp and PgDn and follows its end while it streams", async () => {
  const { id } = await asking(80)
  const text = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n")
  await app!.emit({ type: "side_answer", id, delta: text }, { type: "side_answer", id, done: true })
  const end = await app!.until("line 30")
  expect(end).not.toContain("line 1\n")
  expect(end).toMatch(/of 30/)
  app!.mockInput.pressKey("\x1b[5~")
  const up = await app!.until((f) => !f.includes("line 30"))
  expect(up).toContain("line 17")
  app!.mockInput.pressKey("\x1b[6~")
  await app!.until("line 30")
})

test("/btw without a question says how to ask one", async () => {
  const client = new FakeClient({ "session.btw": () => ({}) })
  app = await mountApp({ client, width: 80, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until(() => client.calls("session.commands").length > 0)
  await app.submit("/side")
  await app.until("/btw needs a question")
  expect(client.calls("session.btw")).toEqual([])
})
