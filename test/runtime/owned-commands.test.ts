// Owned commands: every extension command is also `/<owner>:<command>`, the owner being the
// extension file's name or its package's. Two extension files of the agent folder register
// `/hello`: `/a:hello` and `/b:hello` run each one, the bare `/hello` asks which (a select every
// window sees), and with no window (-p) it is refused with both forms named. A package's command
// that no other owner shares keeps its bare name and answers to `/<package>:<command>` too.
import { afterEach, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { UiRequest } from "../../src/protocol"
import { createFauxFixture, saidOf, type FauxFixture } from "../fixture/faux"
import { writeOwnedExtensions } from "../fixture/owned-extensions"

let fx: FauxFixture | undefined
let root: string | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
  if (root) rmSync(root, { recursive: true, force: true })
  root = undefined
})

/** An agent folder with extensions a.ts and b.ts (each `/hello`), ping.ts (`/ping`) and the package @acme/greeter (`/wave`). */
async function fixture(interactive = true) {
  root = mkdtempSync(join(tmpdir(), "xagent-owned-"))
  const agentDir = writeOwnedExtensions(root)
  fx = await createFauxFixture({ agentDir, cwd: join(root, "work") })
  const { sessionId } = await fx.open({ kind: "new" }, { interactive })
  const rec = fx.record(sessionId)
  const said = (text: string) => rec.waitFor((_, events) => saidOf(events).some((n) => n.message === text), `"${text}"`)
  return { fx, sessionId, rec, said }
}

test("the session's commands name each owner; a shared name is offered in its owned forms", async () => {
  const { fx, sessionId } = await fixture()
  const { commands } = await fx.client.request("session.commands", { sessionId })
  const ext = commands.filter((c) => c.owner)
  expect(ext).toEqual([
    { name: "a:hello", owner: "a", shared: true, source: "extension", description: "hello from a" },
    { name: "b:hello", owner: "b", shared: true, source: "extension", description: "hello from b" },
    { name: "wave", owner: "greeter", source: "extension", description: "wave from greeter" },
    { name: "ping", owner: "ping", source: "extension", description: "ping from ping" },
  ])
})

test("/a:hello and /b:hello run each one; /hello asks which and runs the one picked", async () => {
  const { fx, sessionId, rec, said } = await fixture()
  await fx.client.request("session.prompt", { sessionId, text: "/a:hello one" })
  await said("hello from a: [one]")
  await fx.client.request("session.prompt", { sessionId, text: "/b:hello two" })
  await said("hello from b: [two]")

  await fx.client.request("session.prompt", { sessionId, text: "/hello three" })
  const s = await rec.waitFor((s) => s.ui.pending.length > 0, "the question which /hello")
  const q = s.ui.pending[0] as UiRequest & { kind: "select" }
  expect(q.title).toBe("Which /hello?")
  expect(q.options).toEqual(["/a:hello", "/b:hello"])
  await fx.client.request("session.uiRespond", { sessionId, requestId: q.id, response: { value: "/b:hello" } })
  await said("hello from b: [three]")
  expect(saidOf(rec.events).filter((n) => n.message.includes("[three]"))).toHaveLength(1)
})

test("a command no other owner shares runs by its bare name and by its package's name", async () => {
  const { fx, sessionId, said } = await fixture()
  await fx.client.request("session.prompt", { sessionId, text: "/wave" })
  await said("wave from greeter: []")
  await fx.client.request("session.prompt", { sessionId, text: "/greeter:wave hi" })
  await said("wave from greeter: [hi]")
})

test("with no window to ask in, a shared bare name is refused with the owned forms", async () => {
  const { fx, sessionId } = await fixture(false)
  const sent = fx.client.request("session.prompt", { sessionId, text: "/hello" })
  await expect(sent).rejects.toThrow("/hello is a command of more than one extension: use /a:hello or /b:hello")
})

test("dismissing the question runs neither, and the prompt is over", async () => {
  const { fx, sessionId, rec } = await fixture()
  await fx.client.request("session.prompt", { sessionId, text: "/hello" })
  const s = await rec.waitFor((s) => s.ui.pending.length > 0, "the question which /hello")
  const before = rec.events.length
  await fx.client.request("session.uiRespond", {
    sessionId,
    requestId: s.ui.pending[0]!.id,
    response: { cancelled: true },
  })
  await rec.waitFor((_, events) => events.slice(before).some((e) => e.event.type === "turn_end"), "the prompt's end")
  expect(saidOf(rec.events).filter((n) => n.message.startsWith("hello from"))).toEqual([])
})
