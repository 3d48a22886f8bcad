// Computer-use tests on a real Pi session (faux model) with the real worker process on the
// simulated backend: the extension is placed in a bundled-extension folder the way the slot
// loads it, with the sim launcher and a Windows-like host given through its factory. `call` runs
// one scripted tool call through Pi's tool execution and returns the transcript's tool row.
import { mkdirSync, mkdtempSync, readFileSync, existsSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { fauxAssistantMessage, fauxToolCall, type FauxResponseFactory } from "@earendil-works/pi-ai"
import type { SessionSnapshot, ToolItem } from "../../../src/protocol"
import type { ComputerDetails } from "../../../src/protocol/computer-use"
import { toolArgs } from "../../../test/fixture/faux"
import { useFauxSessions } from "../../../test/fixture/faux-session"
import { PACKAGE_BUNDLED_DIR } from "../../../src/util/bundled-dir"
import type { ClientTiming } from "../client"
import type { Support } from "../platform"
import type { Fault, Scenario } from "./scenario"
import { DESKTOP } from "./desktop-fixture"

const HERE = resolve(import.meta.dir, "..")

export interface CuOptions {
  faults?: Fault[]
  enabled?: boolean
  denied?: string[]
  timing?: Partial<ClientTiming>
  support?: Support | null
  /** Share another session's desktop (its lock file), so the two really contend. */
  desktopOf?: CuSession
  plan?: boolean
  interactive?: boolean
  piSettings?: Record<string, unknown>
}
type FauxResponse = ReturnType<typeof fauxAssistantMessage> | FauxResponseFactory
export type CuSession = Awaited<ReturnType<ReturnType<typeof useComputerSessions>>>

export const FAST: Partial<ClientTiming> = { cancelGraceMs: 400, disposeAckMs: 600, disposeExitMs: 400, helloMs: 8_000 }

export function useComputerSessions() {
  const open = useFauxSessions()
  return async (o: CuOptions = {}) => {
    const dir = mkdtempSync(join(tmpdir(), "xagent-cu-"))
    const shared = o.desktopOf?.dir ?? dir
    const scenario: Scenario = {
      ...structuredClone(DESKTOP),
      lockPath: join(shared, "desktop.lock"),
      controlPath: join(dir, "control"),
      effectsPath: join(dir, "effects.ndjson"),
      tracePath: join(dir, "trace.log"),
      faults: o.faults ?? [],
    }
    const settingsPath = join(dir, "computer-use.json")
    writeFileSync(settingsPath, JSON.stringify({ enabled: o.enabled ?? true, denied: o.denied ?? [] }))
    const slot = join(dir, "slot")
    mkdirSync(join(slot, "computer-use"), { recursive: true })
    if (o.plan) symlinkSync(join(PACKAGE_BUNDLED_DIR, "plan"), join(slot, "plan"))
    const opts = {
      support: o.support === null ? undefined : (o.support ?? { supported: true, host: "win32" }),
      settingsPath,
      logPath: join(dir, "computer-use.log"),
      timing: { ...FAST, ...o.timing },
    }
    writeFileSync(
      join(slot, "computer-use", "index.ts"),
      `import { createComputerUseExtension } from ${JSON.stringify(join(HERE, "index.ts"))}
import { simLauncher } from ${JSON.stringify(join(HERE, "testing", "sim-launcher.ts"))}
const scenario = ${JSON.stringify(scenario)}
export default createComputerUseExtension({ ...${JSON.stringify(opts)}, launcher: simLauncher(scenario, ${JSON.stringify(join(dir, "scenario.json"))}) })
`,
    )
    const { fx, sessionId, rec } = await open({
      hostOptions: { bundledDir: slot },
      settings: o.piSettings,
    })
    let session = { sessionId }
    if (o.interactive === false) session = await fx.open({ kind: "new" }, { interactive: false })
    const r = o.interactive === false ? fx.record(session.sessionId) : rec
    const sendTo = (text: string) => fx.client.request("session.prompt", { sessionId: session.sessionId, text })
    const read = (p: string) => (existsSync(p) ? readFileSync(p, "utf8") : "")
    const tools = (s: SessionSnapshot) => s.items.filter((i): i is ToolItem => i.kind === "tool")
    const settled = (n: number) =>
      r.waitFor((s) => !s.running && tools(s).length >= n && tools(s).slice(-1)[0]!.status !== "running" && s.items.at(-1)?.kind === "assistant", `${n} tool rows`)
    return {
      fx,
      dir,
      sessionId: session.sessionId,
      rec: r,
      send: sendTo,
      settingsPath,
      scenario,
      tools,
      effects: () => read(scenario.effectsPath).split("\n").filter(Boolean).map((l) => JSON.parse(l) as { epoch: number; op: string; method: string }),
      trace: () => read(scenario.tracePath).split("\n").filter(Boolean),
      log: () => read(opts.logPath),
      control: (line: string) => writeFileSync(scenario.controlPath, line + "\n"),
      /** Runs the tool calls as one assistant turn (then a closing reply) and returns their rows. */
      async turn(calls: [string, Record<string, unknown>][], text = "go", closing: FauxResponse = fauxAssistantMessage("done")): Promise<ToolItem[]> {
        const before = tools(r.state!).length
        fx.faux.setResponses([
          fauxAssistantMessage(calls.map(([n, a]) => fauxToolCall(n, toolArgs(a))), { stopReason: "toolUse" }),
          closing,
        ])
        await sendTo(text)
        const s = await settled(before + calls.length)
        return tools(s).slice(before)
      },
      async call(name: string, args: Record<string, unknown> = {}): Promise<ToolItem> {
        return (await this.turn([[name, args]]))[0]!
      },
    }
  }
}

/** Waits for something the sim writes to a file (no session event tells of it). */
export async function until(pred: () => boolean, what: string, ms = 4_000): Promise<void> {
  const end = Date.now() + ms
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

export const details = (t: ToolItem) => t.details as ComputerDetails & { data?: Record<string, any> }
