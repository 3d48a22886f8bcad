// The daemon starts one session host before it loads its own code (daemon/spare-host.ts): the
// first session opened with the daemon's own environment runs in it, moved to its folder; one
// opened with another environment never does; and a spare nobody takes ends. A window that had a
// session and leaves gets the next start a spare of its own, which a window in another pane (its
// environment differing only in the terminal's variables) takes, its tools seeing that pane's.
import { afterEach, expect, test } from "bun:test"
import { existsSync, mkdirSync, readFileSync, readlinkSync, rmSync } from "node:fs"
import { join } from "node:path"
import { envChange } from "../../src/daemon/spare-host"
import { makeSlot } from "../fixture/bundled-slot"
import { alive, Recorder, startBox, startEnv, until, type DaemonBox } from "./harness"

let d: DaemonBox | undefined
afterEach(async () => {
  await d?.cleanup()
  d = undefined
})

/** The daemon's child processes (its session hosts). */
function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

test("the first session with the daemon's environment runs in its spare host, in the session's folder", async () => {
  d = await startBox({ turns: [{ text: "fine" }] })
  const client = await d.connect()
  const folder = join(d.box.cwd, "elsewhere")
  mkdirSync(folder)
  const { sessionId } = await client.request("session.open", { cwd: folder, mode: { kind: "new" } })
  const host = (await client.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
  expect(d.log()).toContain(`host ${host.pid} (the spare) taken in ${folder}`)
  expect(readlinkSync(`/proc/${host.pid}/cwd`)).toBe(folder)
  expect(startEnv(host.pid).XAGENT_HOME).toBe(d.box.xagentHome)
  // it works as any host does
  const unsub = client.subscribe(sessionId, 0, () => {})
  await client.request("session.prompt", { sessionId, text: "hi" })
  unsub()
}, 60_000)

test("a spare host imports the bundled extensions while it waits, before any window opens a session in it", async () => {
  const slot = makeSlot({ askUser: false })
  try {
    const imported = join(slot.dir, "imported.txt")
    // its module says when it is evaluated, and where (the spare's pid)
    slot.add(
      "marker",
      `require("node:fs").writeFileSync(${JSON.stringify(imported)}, String(process.pid))\nexport default function marker() {}\n`,
    )
    d = await startBox({ turns: [{ text: "fine" }] }, { env: { XAGENT_BUNDLED_DIR: slot.dir } })
    const client = await d.connect()
    const spare = await until(() => children(client.daemonPid!)[0], "the spare host")
    await until(() => existsSync(imported), "the spare to import the slot's extensions")
    expect(readFileSync(imported, "utf8")).toBe(String(spare))
    rmSync(imported)
    // the window's open takes the spare and imports nothing again
    const { sessionId } = await client.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
    const host = (await client.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
    expect(host.pid).toBe(spare)
    expect(existsSync(imported)).toBe(false)
  } finally {
    slot.cleanup()
  }
}, 60_000)

test("a session with another environment gets a host of its own; an unused spare ends", async () => {
  d = await startBox({ turns: [{ text: "fine" }] }, { env: { XAGENT_DAEMON_SPARE_MS: "10000" } })
  const starter = await d.connect()
  const daemon = starter.daemonPid!
  const spare = await until(() => children(daemon)[0], "the spare host")
  const other = await d.connect({ env: { ...d.env, XAGENT_TEST_API_KEY: "other" } })
  const { sessionId } = await other.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const host = (await other.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
  expect(host.pid).not.toBe(spare)
  expect(startEnv(host.pid).XAGENT_TEST_API_KEY).toBe("other")
  await until(() => !alive(spare), "the unused spare to end")
  await until(() => children(daemon).join() === String(host.pid), "only the session's host below the daemon")
}, 60_000)

/** The pids of the spares the daemon started after a window left, in order (its log). */
const sparesStarted = (log: string) =>
  [...log.matchAll(/spare host (\d+) started for the next window/g)].map((m) => Number(m[1]))

test("a window that leaves leaves a spare, taken by the next window from another pane, whose tools see that pane", async () => {
  const pane = "pane.txt"
  d = await startBox({
    turns: [
      { text: "Noting the pane.", tool: "bash", args: { command: `echo "$TMUX_PANE" > ${pane}` } },
      { text: "noted" },
    ],
  })
  const first = await d.connect({ env: { ...d.env, TMUX_PANE: "%1" } })
  // A command that only asks something leaves no spare behind.
  const asker = await d.connect({ env: { ...d.env, TMUX_PANE: "%3" } })
  await asker.daemon("daemon.status", {})
  await asker.close()
  const { sessionId } = await first.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const watch = new Recorder(first, sessionId, 0)
  await watch.waitFor(() => true, "the first session's snapshot")
  await first.close()
  const spare = await until(() => sparesStarted(d!.log())[0], "a spare after the window left")
  expect(sparesStarted(d.log())).toEqual([spare])

  const second = await d.connect({ env: { ...d.env, TMUX_PANE: "%7" } })
  const opened = await second.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const host = (await second.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === opened.sessionId)!
  expect(host.pid).toBe(spare)
  expect(d.log()).toContain(`host ${spare} (the spare) taken in ${d.box.cwd}`)
  expect(startEnv(spare).TMUX_PANE).toBe("%1")
  const rec = new Recorder(second, opened.sessionId, 0)
  await rec.waitFor(() => true, "the second session's snapshot")
  await second.request("session.prompt", { sessionId: opened.sessionId, text: "note the pane" })
  await rec.waitFor(
    (s) => s.items.some((i) => i.kind === "assistant" && JSON.stringify(i).includes("noted")),
    "the reply",
  )
  // the bash tool ran with the second pane's variable, not the one the spare started with
  const file = join(d.box.cwd, pane)
  await until(() => existsSync(file), "the tool's file")
  expect(readFileSync(file, "utf8").trim()).toBe("%7")
  rec.stop()
}, 90_000)

test("a spare is taken only by an environment that differs from its own in the terminal's variables", () => {
  const base = { HOME: "/h", PATH: "/bin", TMUX_PANE: "%1", SHLVL: "2" }
  expect(envChange(base, { ...base })).toBeUndefined()
  expect(envChange(base, { HOME: "/h", PATH: "/bin", TMUX_PANE: "%4", WINDOWID: "9" })).toEqual({
    set: { TMUX_PANE: "%4", WINDOWID: "9" },
    unset: ["SHLVL"],
  })
  expect(envChange(base, { ...base, OPENAI_API_KEY: "another" })).toBeNull()
  expect(envChange(base, { ...base, PATH: "/usr/bin" })).toBeNull()
})
