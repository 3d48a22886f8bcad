// With every patch switched off (XAGENT_NO_<NAME>=1 for each of src/util/patch-switch.ts), a
// window's session host is started with Bun's defaults (the daemon, started tuned by an earlier
// window, stays), both ends of its socket stay Bun's own (the path used off Linux), and a prompt
// still gets its streamed reply.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { BUN_TUNING } from "../../src/util/patches/bun-tuning"
import { PATCHES, patchSwitch } from "../../src/util/patch-switch"
import { assistantTexts, Recorder, replyDone, startBox, startEnv, type DaemonBox } from "./harness"

const ALL_OFF = Object.fromEntries(PATCHES.map((p) => [patchSwitch(p), "1"]))
const REPLY = "Every patch is off and this still streams."

const tuningOf = (env: Record<string, string>) =>
  Object.fromEntries(Object.keys(BUN_TUNING).flatMap((k) => (k in env ? [[k, env[k]]] : [])))

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: REPLY }] })
})
afterAll(async () => {
  for (const k of Object.keys(ALL_OFF)) delete process.env[k]
  await d.cleanup()
})

test("all switches off: a session host started without tuning, switches on both ends of the socket, and a reply", async () => {
  const tuned = await d.connect()
  const first = tuned.daemonPid
  expect(tuningOf(startEnv(first))).toEqual(BUN_TUNING)
  await tuned.close()

  // the window's own side of the socket reads its switch from this process's environment
  Object.assign(process.env, ALL_OFF)
  const client = await d.connect({ env: { ...d.env, ...ALL_OFF } })
  expect(client.daemonPid).toBe(first) // sessions take the window's environment, not the daemon's
  const { sessionId } = await client.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const host = (await client.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
  const env = startEnv(host.pid)
  expect(tuningOf(env)).toEqual({})
  for (const [k, v] of Object.entries(ALL_OFF)) expect(env[k]).toBe(v)

  const rec = new Recorder(client, sessionId)
  await client.request("session.prompt", { sessionId, text: "go" })
  const s = await rec.waitFor(replyDone(1), "the reply")
  expect(assistantTexts(s.items)).toEqual([REPLY])
  expect(rec.events.some((e) => e.event.type === "text_delta")).toBe(true)
}, 60_000)
