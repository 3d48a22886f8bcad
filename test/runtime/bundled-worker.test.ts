// The bundled-extension slot in the host that `--no-daemon` (and `-p`) run in a Worker of the window's
// process: the extensions of the slot's folder load there too, in mode window, and each session's
// noBundled switches them off.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Client } from "../../src/client/client"
import { createWorkerClient } from "../../src/client/worker-client"
import type { Params } from "../../src/protocol"
import { makeSlot, type Slot } from "../fixture/bundled-slot"

let root: string
let slot: Slot
let client: Client
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "xagent-worker-slot-"))
  mkdirSync(join(root, "work"))
  slot = makeSlot()
  client = createWorkerClient({
    agentDir: join(root, "agent"),
    setupModule: fileURLToPath(new URL("../fixture/faux-worker-setup.ts", import.meta.url)),
    env: { PI_OFFLINE: "1", XAGENT_BUNDLED_DIR: slot.dir },
  })
})
afterAll(async () => {
  await client.close()
  slot.cleanup()
  rmSync(root, { recursive: true, force: true })
})

/** One prompt in a new session; the text of the reply. */
async function ask(text: string, extra: Partial<Params<"session.open">> = {}): Promise<string> {
  const opened = await client.request("session.open", {
    cwd: join(root, "work"),
    mode: { kind: "new" },
    model: "faux/faux-1",
    ...extra,
  })
  expect(opened.warnings).toEqual([])
  const settled = Promise.withResolvers<void>()
  let sawRun = false
  const unsub = client.subscribe(opened.sessionId, 0, ({ event: e }) => {
    if (e.type === "run" && e.running) sawRun = true
    if (e.type === "run" && !e.running && sawRun) settled.resolve()
  })
  await client.request("session.prompt", { sessionId: opened.sessionId, text })
  await settled.promise
  unsub()
  const { text: reply } = await client.request("session.lastReply", { sessionId: opened.sessionId })
  await client.request("session.close", { sessionId: opened.sessionId })
  return reply ?? ""
}

test("in the worker host, ask_user and an extension placed in the slot's folder load; the probe runs in mode window", async () => {
  const tools = (await ask("which tools?")).replace("tools: ", "").split(",")
  expect(tools).toEqual(expect.arrayContaining(["ask_user", "probe", "read"]))
  expect(await ask("call probe")).toBe("the tool said: probe ran in mode window")
}, 30_000)

test("noBundled switches each off for its session in the worker host", async () => {
  const tools = (await ask("which tools?", { noBundled: ["probe", "ask-user"] })).replace("tools: ", "").split(",")
  expect(tools).toContain("read")
  expect(tools).not.toContain("probe")
  expect(tools).not.toContain("ask_user")
  // A print session there: the slot loads, ask_user leaves itself out.
  const print = (await ask("which tools?", { interactive: false })).replace("tools: ", "").split(",")
  expect(print).toContain("probe")
  expect(print).not.toContain("ask_user")
}, 30_000)

test("the worker host has the environment the process has now, not the one it started with", async () => {
  // The tests' preload sets XAGENT_HOME after start, as a CLI may set a variable before it starts
  // the host: a Bun Worker is started from the first (here that read the real ~/.xagent).
  const profiles = join(process.env.XAGENT_HOME!, "agents")
  mkdirSync(profiles, { recursive: true })
  writeFileSync(join(profiles, "worker-env.md"), "---\nname: worker-env\ndescription: Seen\n---\nBody.\n")
  const opened = await client.request("session.open", {
    cwd: join(root, "work"),
    mode: { kind: "new" },
    model: "faux/faux-1",
  })
  const listing = await client.request("agents.list", { sessionId: opened.sessionId })
  await client.request("session.close", { sessionId: opened.sessionId })
  expect(listing.folders.global).toBe(profiles)
  expect(listing.rows.find((r) => r.name === "worker-env")).toMatchObject({ group: "global", description: "Seen" })
}, 30_000)
