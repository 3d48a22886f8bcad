// The read deny list for the host-side read tools (runtime/sandbox/pi-read-tools.ts): read, grep,
// find and ls refuse xagent's state, Pi's auth.json and ~/.ssh, also through a symlink in the
// workspace and when grep or find would walk into them; the workspace reads as before, and full
// access lifts the list with the rest of the boundary.
import { afterAll, expect, test } from "bun:test"
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import type { ToolItem } from "../../src/protocol"
import { createFauxFixture, toolArgs } from "../fixture/faux"

const home = process.env.HOME!
const xagentHome = process.env.XAGENT_HOME!
mkdirSync(join(home, ".ssh"), { recursive: true })
mkdirSync(xagentHome, { recursive: true })
writeFileSync(join(home, ".ssh", "id_test"), "PRIVATE KEY sekrit\n")
writeFileSync(join(xagentHome, "state.txt"), "xagent state sekrit\n")

const fx = await createFauxFixture({
  files: { "notes.txt": "workspace sekrit line\n" },
  // grep, find and ls are off by default; a session that turns them on must still be held.
  extensionFactories: [
    (pi) => {
      pi.on("session_start", () => pi.setActiveTools(["read", "bash", "grep", "find", "ls"]))
    },
  ],
})
afterAll(() => fx.dispose())
writeFileSync(join(fx.agentDir, "auth.json"), JSON.stringify({ x: { key: "sekrit" } }))
symlinkSync(join(home, ".ssh"), join(fx.cwd, "keys"))

const calls = (...c: [string, Record<string, unknown>][]) => [
  fauxAssistantMessage(
    c.map(([name, args]) => fauxToolCall(name, toolArgs(args))),
    { stopReason: "toolUse" },
  ),
  fauxAssistantMessage("Carried on."),
]

async function runCalls(sessionId: string, c: [string, Record<string, unknown>][]): Promise<ToolItem[]> {
  const rec = fx.record(sessionId)
  fx.faux.setResponses(calls(...c))
  await fx.client.request("session.prompt", { sessionId, text: "read" })
  const s = await rec.waitFor(
    (s) =>
      !s.running &&
      s.items.filter((i) => i.kind === "tool").length >= c.length &&
      JSON.stringify(s.items).includes("Carried on."),
    "the calls",
  )
  rec.stop()
  return s.items.filter((i): i is ToolItem => i.kind === "tool").slice(-c.length)
}

test("read, grep, find and ls refuse xagent's state, auth.json and ~/.ssh; the workspace reads as before", async () => {
  const { sessionId } = await fx.open()
  const got = await runCalls(sessionId, [
    ["read", { path: join(xagentHome, "state.txt") }],
    ["read", { path: join(fx.agentDir, "auth.json") }],
    ["read", { path: join(home, ".ssh", "id_test") }],
    ["read", { path: "keys/id_test" }],
    ["grep", { pattern: "sekrit", path: home }],
    ["grep", { pattern: "sekrit", path: join(home, ".ssh") }],
    ["find", { pattern: "*", path: home }],
    ["ls", { path: "keys" }],
    ["read", { path: "notes.txt" }],
    ["grep", { pattern: "sekrit", path: "." }],
    ["ls", { path: home }],
  ])
  const [state, auth, key, viaLink, grepHome, grepSsh, findHome, lsKeys, notes, grepHere, lsHome] = got
  for (const t of [state, auth, key, viaLink, grepHome, grepSsh, findHome, lsKeys]) {
    expect(t!.status).toBe("error")
    expect(t!.output).toContain("Refused:")
    expect(t!.output).not.toContain("sekrit\n")
    expect(t!.output).not.toContain("PRIVATE KEY")
  }
  expect(viaLink!.output).toContain(`is in ${join(home, ".ssh")}`)
  expect(grepHome!.output).toContain(`would read ${join(home, ".ssh")}`)
  expect(notes!.output).toContain("workspace sekrit line")
  expect(grepHere!.output).toContain("notes.txt:1: workspace sekrit line")
  expect(grepHere!.output).not.toContain("PRIVATE KEY")
  // The folder holding one may be listed: names are not what the list keeps.
  expect(lsHome!.status).toBe("done")
  expect(lsHome!.output).toContain(".ssh/")
})

test("full access lifts the read deny list too", async () => {
  const { sessionId } = await fx.open()
  await fx.client.request("session.setPermissions", { sessionId, mode: "full" })
  const [key] = await runCalls(sessionId, [["read", { path: join(home, ".ssh", "id_test") }]])
  expect(key!.status).toBe("done")
  expect(key!.output).toContain("PRIVATE KEY sekrit")
})
