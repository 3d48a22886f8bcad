// The escaped-tool attack, with no sandbox in the way (full access): a tool call
// starts 10 `setsid nohup` lurkers that wait for whatever serves the socket next and prompt it.
// When their host ends, they end with it, so none is left for a later daemon to trust: 0 of 10
// prompts get through after `daemon stop`, after the daemon's idle exit, and after the host is
// killed (what an agent that kills its own host does).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import { alive, assistantTexts, lurkCommand, lurkersAlive, Recorder, startBox, until, type DaemonBox } from "./harness"

const LURKERS = 10
let d: DaemonBox

beforeAll(async () => {
  const round = (tag: string) => [{ tool: "bash", args: { command: lurkCommand(tag, LURKERS) } }, { text: "lurking" }]
  const after = { text: "nobody else here" }
  d = await startBox(
    { turns: [...round("killed"), after, ...round("stopped"), after, ...round("idle"), after] },
    { env: { XAGENT_DAEMON_IDLE_MS: "1500" } },
  )
})
afterAll(() => d.cleanup())

/** A new window continues the session (full access, so the lurkers escape their call) and sends one prompt. */
async function turn(text: string, reply: string, what: string) {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "continue" },
    permissions: "full",
  })
  const rec = new Recorder(win, sessionId, 0)
  const before = assistantTexts((await rec.waitFor(() => true, `${what}: the snapshot`)).items).length
  await win.request("session.prompt", { sessionId, text })
  const s = await rec.waitFor((x) => {
    const texts = assistantTexts(x.items)
    return !x.running && texts.length > before && texts.at(-1) === reply
  }, `${what}: the reply`)
  rec.stop()
  return { win, sessionId, snapshot: s }
}

/** A session whose tool starts the lurkers. */
async function plant(tag: string): Promise<{ win: SocketClient; sessionId: string; hostPid: number }> {
  const { win, sessionId } = await turn(`plant ${tag}`, "lurking", `${tag}: planting`)
  for (let i = 0; i < LURKERS; i++) expect(existsSync(join(d.box.cwd, `${tag}-${i}.started`))).toBe(true)
  expect(lurkersAlive()).toBe(LURKERS)
  // a daemon that hosts its sessions itself is their host
  const status = await win.daemon("daemon.status", {})
  const hostPid = status.hosts?.find((h) => h.sessionId === sessionId)?.pid ?? status.pid
  return { win, sessionId, hostPid }
}

/** The next daemon's session takes a prompt; none of the lurkers got one in. */
async function nobodyGotIn(tag: string) {
  await until(() => lurkersAlive() === 0, `${tag}: the lurkers to be gone`)
  const { win, snapshot } = await turn("anyone?", "nobody else here", `${tag}: after`)
  const acted = Array.from({ length: LURKERS }, (_, i) => existsSync(join(d.box.cwd, `${tag}-${i}.acted`)))
  expect(acted.filter(Boolean)).toHaveLength(0)
  expect(JSON.stringify(snapshot.items)).not.toContain("INJECTED BY LURKER")
  await win.close()
}

test("the host killed: everything its tools started ends, 0 of 10 get in", async () => {
  const { win, hostPid } = await plant("killed")
  process.kill(hostPid, "SIGKILL")
  await nobodyGotIn("killed")
  await win.close()
}, 60_000)

test("daemon stop: 0 of 10 get in", async () => {
  const { win } = await plant("stopped")
  const daemon = win.daemonPid
  await win.daemon("daemon.stop", {})
  await until(() => !alive(daemon), "the daemon to stop")
  await win.close()
  await nobodyGotIn("stopped")
}, 60_000)

test("idle exit: 0 of 10 get in", async () => {
  const { win, sessionId } = await plant("idle")
  const daemon = win.daemonPid
  await win.request("session.close", { sessionId })
  await win.close()
  await until(() => !alive(daemon), "the daemon's idle exit")
  await nobodyGotIn("idle")
}, 60_000)
