// Remote control end to end: bin/xagent --rc in a real terminal (tmux), and a phone's browser (a
// real headless Chromium at phone size) that scans the QR code the terminal draws. The person
// allows the phone with a key in the window; the phone then sends a prompt and watches the scripted
// reply stream, answers a multi-select ask_user, allows an edit once, and stops a reply, and the
// terminal shows each of these as well. The certificate is trusted the way a person would: by
// the fingerprint the link carries (Chromium pinned to that key), nothing else relaxed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { createHash, X509Certificate } from "node:crypto"
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import jsQR from "jsqr"
import { buildRemoteApp } from "../../src/cli/remote-app-bundle"
import { connectSocket } from "../../src/client/socket-client"
import { daemonPaths } from "../../src/util/daemon-paths"
import { stringEnv } from "../../src/util/env-fingerprint"
import { CHROMIUM, openChromium, type Page } from "../fixture/chromium"
import { XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { until } from "../daemon/harness"
import { scriptedHome } from "./terminal-box"
import { hasTmux, openPane, type Pane } from "./tmux"

// a model's text is drawn as text: markup in it is shown, never run
const HOSTILE = `<img src=x onerror="window.pwned=1">`
const STREAMED = Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(" ") + ` ${HOSTILE} streamed-end`
const LAYOUT = {
  id: "layout",
  label: "Layout",
  prompt: "Which panels should the dashboard have?",
  multiple: true,
  choices: [
    { value: "side", label: "Sidebar", sketch: "+------+--------+\n| nav  | main   |\n+------+--------+" },
    { value: "top", label: "Top bar" },
    { value: "foot", label: "Footer" },
  ],
}
const scenario: Scenario = {
  turns: [
    { text: STREAMED, tps: 25 },
    { text: "A question first.", tool: "ask_user", args: { questions: [LAYOUT] } },
    { tool: "write", args: { path: "panels.txt", content: "sidebar\ntop bar\n" } },
    { text: "Panels written." },
    { repeat: "slow ", count: 3000, tps: 15 },
  ],
  fallback: "nothing more",
}

const skip = !hasTmux || !CHROMIUM
if (skip)
  console.warn("test/e2e/remote-control.test.ts: skipped, it needs tmux and chromium (apt-get install tmux chromium)")

/** The QR code the window drew (▀ ▄ █, two modules a cell), decoded as a phone's camera would. */
function scanQr(screen: string): string | undefined {
  const rows = screen.split("\n").filter((l) => /^ ?[ ▀▄█]*[▀▄█][ ▀▄█]*$/.test(l) && l.trim().length > 15)
  if (rows.length < 10) return undefined
  const width = Math.max(...rows.map((r) => r.length))
  const modules: boolean[][] = []
  for (const row of rows) {
    const cells = [...row.padEnd(width)]
    modules.push(
      cells.map((c) => c === "█" || c === "▀"),
      cells.map((c) => c === "█" || c === "▄"),
    )
  }
  const scale = 4
  const quiet = 4
  const w = (width + 2 * quiet) * scale
  const h = (modules.length + 2 * quiet) * scale
  const px = new Uint8ClampedArray(w * h * 4).fill(255)
  modules.forEach((line, y) =>
    line.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + quiet) * scale + dy) * w + (x + quiet) * scale + dx) * 4
          px[at] = px[at + 1] = px[at + 2] = 0
        }
    }),
  )
  return jsQR(px, w, h)?.data
}

describe.skipIf(skip)("remote control from a phone's browser", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })
  // the web app as the sources say now (the package's own is built at install)
  let appDir = ""
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "xagent-rc-app-"))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    appDir = await buildRemoteApp(join(dir, "app"))
  })
  const shots = process.env.XAGENT_SCREENSHOT_DIR

  test("pair with the window's key, prompt and watch it stream, answer ask_user, allow an edit, stop a reply", async () => {
    const { box, llm } = await scriptedHome(scenario, cleanups)
    // the daemon this window starts serves the app built above
    const env = { ...box.env, XAGENT_REMOTE_APP_DIR: appDir }
    const pane: Pane = openPane({ cwd: box.cwd, env, cols: 120, rows: 60 })
    cleanups.push(() => pane.kill())
    pane.type(`${XAGENT_BIN} --rc --fullscreen`)
    pane.send("Enter")
    await pane.waitFor("Nobody is asking to pair", 90_000)

    // the phone scans the code; its link carries the certificate's fingerprint
    const link = await until(() => scanQr(pane.screen()), "a QR code that decodes")
    expect(link).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/#pair=[\w-]+&fp=[0-9A-F]{64}$/)
    const cert = new X509Certificate(readFileSync(join(box.env.XAGENT_HOME!, "remote", "cert.pem")))
    expect(new URL(link).hash).toContain(`fp=${cert.fingerprint256.replaceAll(":", "")}`)
    const spki = createHash("sha256")
      .update(cert.publicKey.export({ type: "spki", format: "der" }))
      .digest("base64")

    const phone: Page = await openChromium({ spki })
    cleanups.push(() => phone.close())
    await phone.goto(link)
    await phone.waitFor(
      `document.body.innerText.includes("Waiting for the person at the terminal")`,
      "the wait for a yes",
    )
    // nothing is paired until the person's key
    await pane.waitFor("a allow · r refuse")
    expect(await phone.eval(`document.getElementById("bottom").hidden`)).toBe(true)
    pane.send("a")
    await phone.waitFor(`!document.getElementById("bottom").hidden`, "the paired page")
    await pane.waitFor("● connected")
    // the link paired once: a replay pairs nobody
    const again = await openChromium({ spki })
    cleanups.push(() => again.close())
    await again.goto(link)
    await again.waitFor(`document.body.innerText.includes("used already")`, "the replayed link refused")
    await again.close()

    pane.send("Escape")
    await pane.waitFor(/rc ●/)

    // a prompt from the phone, its reply streamed on both screens
    await phone.type("#prompt", "stream something")
    await phone.click("#send")
    await phone.waitFor(
      `document.getElementById("transcript").innerText.includes("word5") && !document.getElementById("transcript").innerText.includes("streamed-end")`,
      "the reply part way",
    )
    await phone.waitFor(`document.getElementById("transcript").innerText.includes("streamed-end")`, "the whole reply")
    await pane.waitFor("streamed-end")
    expect(pane.screen()).toContain("stream something")
    expect(
      await phone.eval(`document.getElementById("transcript").innerText.includes(${JSON.stringify(HOSTILE)})`),
    ).toBe(true)
    expect(await phone.eval(`[document.querySelectorAll("#transcript img").length, window.pwned ?? 0]`)).toEqual([0, 0])

    // approvals on for this session, as an editor turns them on (a trusted daemon client)
    const client = await connectSocket({
      socketPath: daemonPaths(box.env.XAGENT_HOME!).socket,
      heartbeatMs: 0,
      clientName: "test",
      env: { ...stringEnv(process.env), ...box.env },
    })
    cleanups.push(() => client.close())
    const [live] = (await client.daemon("daemon.status", {})).sessions
    await client.request("session.setApproval", { sessionId: live!.sessionId, approval: "ask" })

    // ask_user, answered on the phone: two of three checkboxes
    await phone.type("#prompt", "plan the panels")
    await phone.click("#send")
    await phone.waitFor(`document.querySelector('#dock fieldset[data-question="layout"]')`, "the question on the phone")
    // the dock takes the composer's place
    expect(await phone.eval(`getComputedStyle(document.getElementById("composer")).display`)).toBe("none")
    expect(await phone.eval(`document.querySelector("#dock .sketch").textContent`)).toContain("| nav  | main   |")
    await pane.waitFor("Which panels should the dashboard have?")
    if (shots) {
      mkdirSync(shots, { recursive: true })
      await phone.screenshot(join(shots, "remote-control-question.png"))
    }
    await phone.click(`#dock input[value="0"]`)
    await phone.click(`#dock input[value="1"]`)
    await phone.click("#dock button.primary")
    // then the write waits for approval: allowed once, from the phone
    await phone.waitFor(`document.querySelector("#dock .dock-body.permission")`, "the approval on the phone")
    await pane.waitFor("panels.txt")
    await phone.click("#dock button.primary")
    await phone.waitFor(
      `document.getElementById("transcript").innerText.includes("Panels written.")`,
      "the reply after the edit",
    )
    await pane.waitFor("Panels written.")
    expect(readFileSync(join(box.cwd, "panels.txt"), "utf8")).toBe("sidebar\ntop bar\n")
    // the model's request after the question carries the phone's answer as the tool's result
    const afterAsk = JSON.stringify(llm.requests()[2]?.last ?? null)
    expect(afterAsk).toContain("Layout: Sidebar (choice 1), Top bar (choice 2)")
    expect(afterAsk).not.toContain("Footer (choice 3)")

    // a long reply, stopped from the phone
    await phone.type("#prompt", "count slowly")
    await phone.click("#send")
    await phone.waitFor(`!document.getElementById("stop").hidden`, "the stop button while it runs")
    await phone.waitFor(`document.getElementById("transcript").innerText.includes("slow slow")`, "the slow reply")
    await phone.click("#stop")
    await phone.waitFor(`document.getElementById("stop").hidden`, "the reply stopped")
    expect(await phone.eval(`document.getElementById("transcript").innerText`)).toContain("Stopped")
    await pane.waitFor("⏹ Interrupted")
    expect((await client.daemon("daemon.status", {})).sessions[0]!.running).toBe(false)

    // the folder's sessions, this one marked
    await phone.click("#sessions-button")
    await phone.waitFor(`document.querySelector("#sessions .session.this")`, "this session in the folder's list")
    expect(await phone.eval(`document.getElementById("sessions").innerText`)).toContain("Sessions in this folder")
    await phone.click("#sessions-button")

    // the page at phone size, for the record
    if (shots) await phone.screenshot(join(shots, "remote-control-phone.png"))

    // a window attached later knows a phone follows the session, and /rc off there cuts it
    const second = openPane({ cwd: box.cwd, env, cols: 120, rows: 30 })
    cleanups.push(() => second.kill())
    second.type(`${XAGENT_BIN} attach --fullscreen`)
    second.send("Enter")
    await second.waitFor(/rc ●/, 90_000)
    second.type("/rc off")
    second.send("Enter")
    await second.waitFor("Remote control is off")
    await phone.waitFor(`document.getElementById("dot").className === "off"`, "the phone cut off")
    await pane.waitFor((s) => !/rc ●/.test(s))
  }, 600_000)
})
