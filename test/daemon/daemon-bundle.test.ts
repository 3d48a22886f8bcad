// The daemon runs from its prebuilt bundle (util/daemon-bundle.ts) while that matches its sources,
// and from the sources otherwise; from the bundle it still finds what it serves from the package:
// the session hosts' entry (src/daemon/host-process.ts) and remote control's web app (dist/remote).
import { afterAll, expect, test } from "bun:test"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildDaemonBundle, buildPackedDaemonBundle, DAEMON_BUNDLE, daemonEntry } from "../../src/util/daemon-bundle"
import { freshBundle } from "../../src/util/prebuilt-bundle"
import { REPO_ROOT } from "../fixture/mockllm"
import { assistantTexts, Recorder, replyDone, startBox } from "./harness"

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")

const pkg = mkdtempSync(join(tmpdir(), "xagent-daemon-bundle-"))
afterAll(() => rmSync(pkg, { recursive: true, force: true }))
function write(rel: string, text: string) {
  mkdirSync(join(pkg, rel, ".."), { recursive: true })
  writeFileSync(join(pkg, rel), text)
}

test("the daemon's entry is its bundle while that matches the sources, the sources once one changes or when asked", async () => {
  write("src/daemon/main.ts", `import { word } from "../util/word"\nconsole.log(word)\n`)
  write("src/util/word.ts", `export const word = "one"\n`)
  write("package.json", "{}\n")
  write("node_modules/.package-lock.json", "{}\n")
  const source = join(pkg, "src/daemon/main.ts")
  expect(daemonEntry(pkg, {})).toBe(source)
  // a stale start asks for a build in the background, once for a while however many daemons start
  const marker = join(pkg, "dist/.rebuild-started")
  expect(existsSync(marker)).toBe(true)
  const recent = new Date(Date.now() - 5_000)
  utimesSync(marker, recent, recent)
  daemonEntry(pkg, {})
  expect(statSync(marker).mtimeMs).toBe(recent.getTime()) // not asked again 5 s later
  const longAgo = new Date(Date.now() - 120_000)
  utimesSync(marker, longAgo, longAgo)
  daemonEntry(pkg, {})
  expect(statSync(marker).mtimeMs).toBeGreaterThan(longAgo.getTime()) // asked again after a while

  const bundle = await buildDaemonBundle(pkg)
  expect(bundle).toMatch(/dist\/daemon\/[0-9a-f]{16}\/main\.js$/)
  expect(daemonEntry(pkg, {})).toBe(bundle)
  expect(daemonEntry(pkg, { XAGENT_DAEMON_SOURCE: "1" })).toBe(source)
  const ran = Bun.spawnSync([process.execPath, bundle])
  expect(ran.stdout.toString().trim()).toBe("one")

  write("src/util/word.ts", `export const word = "two"\n`)
  const later = new Date(Date.now() + 2_000)
  utimesSync(join(pkg, "src/util/word.ts"), later, later)
  expect(daemonEntry(pkg, {})).toBe(source)

  // the one `npm pack` makes is used when no stamped bundle matches, while the bytes are the same
  const packed = await buildPackedDaemonBundle(pkg)
  expect(packed).toBe(join(pkg, "dist/daemon/packed/main.js"))
  rmSync(join(pkg, "dist/daemon"), { recursive: true })
  await buildPackedDaemonBundle(pkg)
  expect(daemonEntry(pkg, {})).toBe(packed)
  write("src/util/word.ts", `export const word = "six"\n`)
  expect(daemonEntry(pkg, {})).toBe(source)
})

test("a daemon started from its bundle runs its session hosts from the package's sources and serves the web app from dist/remote", async () => {
  // the bundle `npm install` builds (its postinstall), for these sources
  const bundle = freshBundle(DAEMON_BUNDLE) ?? (await buildDaemonBundle())
  const d = await startBox({ turns: [{ text: "answered by a host the bundled daemon started" }] })
  try {
    const win = await d.connect()
    expect(cmdline(win.daemonPid!)).toContain(bundle)

    const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
    const rec = new Recorder(win, sessionId, 0)
    await win.request("session.prompt", { sessionId, text: "hello" })
    const s = await rec.waitFor(replyDone(1), "the reply")
    expect(assistantTexts(s.items)).toEqual(["answered by a host the bundled daemon started"])
    const host = (await win.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
    expect(cmdline(host.pid)).toContain(join(REPO_ROOT, "src/daemon/host-process.ts"))

    const remote = await win.daemon("remote.start", { sessionId, listen: "http://127.0.0.1:0" })
    const page = await fetch(remote.url + "/")
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('src="app.js"')
    expect((await fetch(remote.url + "/app.js")).status).toBe(200)
  } finally {
    await d.cleanup()
  }
})
