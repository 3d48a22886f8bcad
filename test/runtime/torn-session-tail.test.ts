// A session file whose last line was cut short (a write that did not finish)
// is repaired when it is opened: the cut line is moved to a file beside it, not merged with the
// next entry and not deleted, and the opening window is told where it went.
import { afterEach, expect, test } from "bun:test"
import { appendFileSync, readdirSync, readFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

const fixtures: FauxFixture[] = []
afterEach(async () => {
  for (const f of fixtures.splice(0)) await f.dispose()
})

const TORN = '{"type":"message","id":"cut00001","parentId":null,"message":{"role":"user","content":"half a lin'

/** A saved session of one turn whose file then gets a cut-short last line. */
async function tornSession(): Promise<{ file: string; whole: string }> {
  const fx = await createFauxFixture()
  fixtures.push(fx)
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([fauxAssistantMessage("First answer.")])
  await fx.client.request("session.prompt", { sessionId, text: "one" })
  const file = (await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"))).info.file!
  await fx.client.request("session.close", { sessionId })
  const whole = readFileSync(file, "utf8")
  appendFileSync(file, TORN)
  return { file, whole }
}

const lines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; message?: { role: string; content: unknown } })

test("opening a file with a cut-short last line moves that line aside, says where, and the next entry is whole", async () => {
  const { file, whole } = await tornSession()
  const fx = await createFauxFixture({ agentDir: fixtures[0]!.agentDir, cwd: fixtures[0]!.cwd })
  fixtures.push(fx)
  const opened = await fx.client.request("session.open", { cwd: fx.cwd, mode: { kind: "session", ref: file } })

  const aside = readdirSync(dirname(file)).filter((n) => n.startsWith(`${basename(file)}.torn-`))
  expect(aside).toHaveLength(1)
  const asidePath = join(dirname(file), aside[0]!)
  expect(readFileSync(asidePath, "utf8")).toBe(TORN)
  expect(readFileSync(file, "utf8")).toBe(whole)
  const warning = opened.warnings.find((w) => w.includes("cut short"))
  expect(warning).toContain(file)
  expect(warning).toContain(asidePath)

  const rec = fx.record(opened.sessionId)
  fx.faux.setResponses([fauxAssistantMessage("Second answer.")])
  await fx.client.request("session.prompt", { sessionId: opened.sessionId, text: "two" })
  await rec.waitFor((s) => !s.running && s.items.filter((i) => i.kind === "assistant").length === 2)
  // Every line parses, and both turns are there: nothing was glued onto the cut line.
  const entries = lines(file)
  expect(entries.filter((e) => e.message?.role === "user")).toHaveLength(2)
  expect(JSON.stringify(entries)).toContain("Second answer.")
  expect(JSON.stringify(entries)).not.toContain("half a lin")
})

test("session.switch to a file with a cut-short last line repairs it the same way and tells the window", async () => {
  const { file, whole } = await tornSession()
  const fx = await createFauxFixture({ agentDir: fixtures[0]!.agentDir, cwd: fixtures[0]!.cwd })
  fixtures.push(fx)
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.switch", { sessionId, path: file })
  await rec.waitFor(
    (_, ev) =>
      ev.some(
        (e) => e.event.type === "item_add" && e.event.item.kind === "notice" && /cut short/.test(e.event.item.text),
      ),
    "the repair notice",
  )
  expect(readFileSync(file, "utf8")).toBe(whole)
  expect(readdirSync(dirname(file)).filter((n) => n.startsWith(`${basename(file)}.torn-`))).toHaveLength(1)
})
