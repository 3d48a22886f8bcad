// Section 4 and 5, the harness's rules: platform gating, off until enabled (with a confirmation),
// denial in the client and again in the worker, plan mode and print runs, selectors and refs,
// quiet actions, error results, settings (off until the person turns it on, with a confirmation),
// and WSL's paths.
import { expect, test } from "bun:test"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fauxAssistantMessage, getCurrentTools, type TranscriptContext } from "@earendil-works/pi-ai"
import { WorkerClient, DEFAULT_TIMING } from "./client"
import { detectSupport } from "./platform"
import { validateSettings } from "./settings"
import { simLauncher } from "./testing/sim-launcher"
import { saidOf } from "../../test/fixture/faux"
import { details, simScenario, until, useComputerSessions, type CuSession } from "../../test/fixture/computer-use"
import { encodedCommand, fromWindowsPath, helperArgv, toWindowsPath } from "./wsl-paths"

const open = useComputerSessions()
const code = (row: { details?: unknown }) => (row.details as { code?: string }).code
const notice = (cu: CuSession, text: string) =>
  cu.rec.waitFor((_s, ev) => saidOf(ev).some((n) => n.message.includes(text)), `notice "${text}"`)
const toolsSeen = async (cu: CuSession) => {
  let seen: string[] = []
  cu.fx.faux.setResponses([
    (ctx: TranscriptContext) => ((seen = getCurrentTools(ctx.messages).map((t) => t.name)), fauxAssistantMessage("ok")),
  ])
  await cu.send("hi")
  await cu.rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "reply")
  return seen
}

test("no_tools_on_unsupported_host", async () => {
  const cu = await open({ support: null })
  const seen = await toolsSeen(cu)
  expect(seen.filter((n) => ["list_windows", "click", "screenshot"].includes(n))).toEqual([])
  await cu.send("/computer:status")
  await notice(cu, "computer-use needs Windows or WSL")
  await cu.send("/computer:settings on")
  await notice(cu, "Settings have no effect here")
  // A transcript from Windows calling the tool gets Pi's unknown-tool error; nothing started.
  const row = await cu.call("list_windows")
  expect(row.status).toBe("error")
  expect(row.output).toContain("list_windows")
  expect(cu.trace()).toEqual([])
  expect(cu.rec.state!.ui.status["computer-use"]).toBeUndefined()
})

test("platform detection follows section 5", () => {
  const probe = (platform: string, rel?: string, interop = true, cmd = true) => ({
    platform,
    osrelease: () => rel,
    interop: () => interop,
    cmdRuns: () => cmd,
  })
  expect(detectSupport(probe("win32"))).toEqual({ supported: true, host: "win32" })
  expect(detectSupport(probe("darwin"))).toMatchObject({ supported: false })
  expect(detectSupport(probe("linux", "6.8.0-45-generic"))).toMatchObject({ supported: false })
  expect(detectSupport(probe("linux", "5.15.153.1-microsoft-standard-WSL2"))).toEqual({ supported: true, host: "wsl" })
  expect(detectSupport(probe("linux", "5.15.153.1-microsoft-standard-WSL2", false))).toMatchObject({ supported: false })
  expect(detectSupport(probe("linux", "5.15.153.1-microsoft-standard-WSL2", true, false))).toMatchObject({
    supported: false,
  })
  expect(detectSupport(probe("linux", "4.4.0-19041-Microsoft"))).toMatchObject({
    supported: true,
    warning: expect.stringContaining("WSL1"),
  })
})

test("hidden_denied_tool_refused", async () => {
  const cu = await open({ denied: ["click"] })
  const row = await cu.call("click", { x: 1, y: 1 })
  expect([row.status, code(row)]).toEqual(["error", "TOOL_DENIED"])
  expect(cu.trace()).toEqual([])
})

test("worker_rechecks_denial", async () => {
  const dir = mkdtempSync(join(tmpdir(), "xagent-cu-"))
  const scenario = simScenario(dir)
  const logs: string[] = []
  const client = new WorkerClient(
    simLauncher(scenario, join(dir, "scenario.json")),
    { event() {}, exit() {}, log: (l) => logs.push(l) },
    DEFAULT_TIMING,
  )
  // The worker's own list says click is denied; the client's (empty) check lets it through.
  expect((await client.call("configure", { denied: ["click"] })).ok).toBe(true)
  const o = await client.call("click", { x: 1, y: 1 }, { op: "op-1" })
  expect(o.ok ? "ok" : o.error.code).toBe("TOOL_DENIED")
  expect(readFileSync(scenario.tracePath, "utf8")).not.toContain("call click")
  expect((await client.dispose()).acked).toBe(true)
})

test("settings_validate_configure", async () => {
  const cu = await open({ enabled: false })
  const off = await cu.call("list_windows")
  expect([off.status, code(off)]).toEqual(["error", "COMPUTER_USE_OFF"])
  expect(cu.trace()).toEqual([])
  await cu.send("/computer:settings on")
  const asking = await cu.rec.waitFor((s) => s.ui.pending.some((r) => r.kind === "confirm"), "the confirmation")
  const req = asking.ui.pending.find((r) => r.kind === "confirm")!
  await cu.fx.client.request("session.uiRespond", {
    sessionId: cu.sessionId,
    requestId: req.id,
    response: { confirmed: true },
  })
  await notice(cu, "computer-use is on")
  expect(JSON.parse(readFileSync(cu.settingsPath, "utf8")).enabled).toBe(true)
  expect((await cu.call("list_windows")).status).toBe("done")
  await cu.send("/computer:settings deny clik")
  await notice(cu, 'Not changed: denied: no computer-use tool is named "clik"')
  await cu.send("/computer:settings deny click")
  await notice(cu, "denied: click")
  expect(JSON.parse(readFileSync(cu.settingsPath, "utf8")).denied).toEqual(["click"])
  expect(code(await cu.call("click", { x: 1, y: 1 }))).toBe("TOOL_DENIED")

  expect(validateSettings({ enabled: "yes" }).errors).toEqual(["enabled must be true or false"])
  expect(validateSettings({ enabled: true, stopChord: "ctrl+alt+s" })).toEqual({
    settings: { enabled: true, denied: [], stopChord: "ctrl+alt+s" },
    errors: [],
  })
  expect(validateSettings({ colour: 1 }).errors).toEqual(['unknown setting "colour"'])
  expect(validateSettings({ stopChord: "esc esc" }).errors[0]).toContain("stopChord")
})

test("plan mode refuses computer-use tools", async () => {
  const cu = await open({ plan: true })
  cu.fx.faux.setResponses([
    fauxAssistantMessage([{ type: "toolCall", id: "c1", name: "click", arguments: { x: 1, y: 1 } }], {
      stopReason: "toolUse",
    }),
    fauxAssistantMessage([{ type: "toolCall", id: "c2", name: "submit_plan", arguments: { outcome: "no_plan" } }], {
      stopReason: "toolUse",
    }),
    fauxAssistantMessage("no plan"),
  ])
  await cu.send("/plan click the button")
  const s = await cu.rec.waitFor(
    (s) => !s.running && cu.tools(s).length === 2 && s.items.at(-1)?.kind === "assistant",
    "the plan run",
  )
  expect(cu.tools(s)[0]!.status).toBe("error")
  expect(cu.tools(s)[0]!.output).toContain("click")
  expect(cu.effects()).toEqual([])
})

test("a print run has only the observing tools", async () => {
  const cu = await open({ interactive: false })
  const seen = await toolsSeen(cu)
  expect(seen).toContain("list_windows")
  expect(seen).not.toContain("click")
  expect(seen).not.toContain("set_value")
})

test("conflicting_selectors", async () => {
  const cu = await open()
  const ref = details(await cu.call("list_windows")).data!.windows[0].windowRef
  const both = await cu.call("snapshot", { windowRef: ref, title: "Notepad" })
  expect([code(both), both.output]).toEqual(["TARGET_CONFLICT", expect.stringContaining("use the windowRef alone")])
  const point = await cu.call("click", { elementId: "e1.101.0.0", x: 3, y: 4 })
  expect(code(point)).toBe("TARGET_CONFLICT")
  expect(cu.effects()).toEqual([])
})

test("ref_expiry_lost_proof", async () => {
  const cu = await open()
  const ref = details(await cu.call("list_windows")).data!.windows[0].windowRef
  cu.control("advance 400000")
  const expired = await cu.call("snapshot", { windowRef: ref })
  expect([code(expired), expired.output]).toEqual(["STALE_REFERENCE", expect.stringContaining("expired")])
  const fresh = details(await cu.call("list_windows")).data!.windows[0].windowRef
  cu.control("remark 101")
  const lost = await cu.call("invoke", { elementId: `e${fresh.slice(1)}.1` })
  expect([code(lost), lost.output]).toEqual(["STALE_REFERENCE", expect.stringContaining("lost its proof")])
  // Lost proof is never swapped for a raw selector: nothing was invoked.
  expect(cu.effects()).toEqual([])
})

test("quiet_no_control", async () => {
  const cu = await open()
  const snap = await cu.call("snapshot")
  const edit = /\[(e[^\]]+)\] edit "Text editor"/.exec(snap.output!)![1]!
  const row = await cu.call("set_value", { elementId: edit, value: "hello" })
  expect([row.status, details(row).verification, details(row).effect]).toEqual(["done", "sent", "sent"])
  expect(row.output).toContain('edit "Text editor" value="hello"')
  expect(row.output).toContain('value="••••"')
  await until(() => cu.trace().at(-1) === "1 release", "the end of the operation")
  expect(cu.trace().some((l) => l.includes("control true"))).toBe(false)
})

test("errors_isError", async () => {
  const cu = await open()
  let result: unknown
  const [row] = await cu.turn(
    [["element_info", { elementId: "e1.999.0.0" }]],
    "go",
    (ctx) => ((result = ctx.messages.at(-1)), fauxAssistantMessage("ok")),
  )
  expect(row!.status).toBe("error")
  expect(result).toMatchObject({ role: "toolResult", isError: true })
  expect(details(row!)).toMatchObject({ ok: false, code: "STALE_REFERENCE", effect: "none", verification: "none" })
  expect(row!.output!.startsWith("STALE_REFERENCE: ")).toBe(true)
})

test("wsl_argv_paths_unicode", () => {
  expect(toWindowsPath("/mnt/c/Users/Zoë Smith/工作/Uia.cs", "Ubuntu")).toBe("C:\\Users\\Zoë Smith\\工作\\Uia.cs")
  expect(toWindowsPath("/home/zoë/my repo", "Ubuntu-24.04")).toBe("\\\\wsl.localhost\\Ubuntu-24.04\\home\\zoë\\my repo")
  expect(fromWindowsPath("C:\\Users\\Zoë\\AppData\\Local\r\n")).toBe("/mnt/c/Users/Zoë/AppData/Local")
  expect(() => toWindowsPath("relative/x", "U")).toThrow()
  const argv = helperArgv(["/out:", { path: "/mnt/d/tmp dir/ü.exe" }, "--flag"], { distro: "U" })
  expect(argv).toEqual(["/out:", "D:\\tmp dir\\ü.exe", "--flag"])
  expect(helperArgv([{ path: "C:\\x y\\z.exe" }], undefined)).toEqual(["C:\\x y\\z.exe"])
  expect(Buffer.from(encodedCommand("Write-Output 'é'"), "base64").toString("utf16le")).toBe("Write-Output 'é'")
})
