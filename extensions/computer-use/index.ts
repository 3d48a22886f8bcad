// Windows computer-use as a bundled extension: the model tools (tools.ts) over a worker process
// (client.ts → worker.ts), one operation per user run that ends when the run settles, disposal on
// session shutdown, `/computer:status` and `/computer:settings`, and the status segment. Off until
// the person turns it on; on hosts other than Windows and WSL it registers no model tools at all.
// See README.md.
import { appendFileSync, mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { getAgentDir, type ExtensionAPI, type ExtensionContext } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import { COMPUTER_STATUS_KEY } from "../../src/common/computer-use"
import { statusSlot } from "../../src/common/status-slot"
import { DEFAULT_TIMING, WorkerClient, type ClientTiming } from "./client"
import { registerCommands } from "./commands"
import { nativeLauncher, type Launcher } from "./launcher"
import { detectSupport, type Support } from "./platform"
import { readSettings } from "./settings"
import { ComputerStatus } from "./state"
import { registerTools } from "./tools"

export interface ComputerUseOptions {
  /** Tests only: the worker to start (testing/sim-launcher.ts); by default the native one. */
  launcher?: Launcher
  /** Tests only: the host as detected (platform.ts). */
  support?: Support
  settingsPath?: string
  logPath?: string
  timing?: Partial<ClientTiming>
}

/** What the tools and commands share for one Pi session. */
export interface ComputerSession {
  pi: ExtensionAPI
  host?: BundledHost
  support: Support
  settingsPath: string
  client?: WorkerClient
  status: ComputerStatus
  log(line: string): void
  show(): void
  settings(): ReturnType<typeof readSettings>
  ctx?: ExtensionContext
}

let opSeq = 0
const newOp = () => `op-${process.pid}-${Date.now().toString(36)}-${++opSeq}`

export function createComputerUseExtension(opts: ComputerUseOptions = {}) {
  return function computerUse(pi: ExtensionAPI, host?: BundledHost): void {
    const support = opts.support ?? detectSupport()
    const settingsPath = opts.settingsPath ?? join(getAgentDir(), "computer-use.json")
    const logPath = opts.logPath ?? join(getAgentDir(), "computer-use.log")
    const slot = statusSlot(COMPUTER_STATUS_KEY)
    const s: ComputerSession = {
      pi,
      host,
      support,
      settingsPath,
      status: new ComputerStatus(),
      settings: () => readSettings(settingsPath),
      log(line) {
        try {
          mkdirSync(dirname(logPath), { recursive: true })
          appendFileSync(logPath, `${new Date().toISOString()} ${line}\n`)
        } catch {}
      },
      show() {
        // Unsupported hosts keep an empty status line (section 5).
        if (support.supported) slot.set(s.ctx?.ui, s.status.text(s.settings().settings.enabled))
      },
    }
    registerCommands(s)
    if (!support.supported) return

    s.client = new WorkerClient(
      opts.launcher ?? nativeLauncher(support.host),
      {
        log: s.log,
        event(e) {
          if (e.name === "stopped" || e.name === "desktop_lost") {
            s.status.stopped = true
            s.status.control = false
            s.log(`stopped (${e.reason ?? e.name}) in ${e.op ?? "no operation"}`)
            // The person stopped it: the run ends too, and nothing else acts in this operation.
            if (e.op && e.op === s.status.op) s.ctx?.abort()
          } else if (e.name === "control") s.status.control = e.active === true
          s.show()
        },
        exit(info) {
          s.status.owned = false
          s.status.control = false
          if (info.unavailable) s.status.unavailable = true
          s.show()
        },
      },
      { ...DEFAULT_TIMING, ...opts.timing },
    )
    registerTools(s)

    const endOp = async () => {
      if (!s.status.op) return
      const op = s.status.op
      s.status.end()
      if (s.client?.currentEpoch !== undefined) await s.client.call("operation_end", { op })
      s.log(`operation ${op} ended`)
      s.show()
    }
    pi.on("session_start", (_e, ctx) => {
      s.ctx = ctx
      slot.reset()
      s.show()
    })
    // A run from the person's message (or a triggered custom message) is one operation, across
    // turns, agent_end, retries and follow-ups, until Pi 1.6's agent_settled says the run is over.
    pi.on("before_agent_start", async (_e, ctx) => {
      s.ctx = ctx
      await endOp()
      s.status.begin(newOp())
      s.show()
    })
    pi.on("agent_settled", () => endOp())
    pi.on("session_shutdown", async () => {
      // Pi's ctx is stale from here: nothing may draw through it.
      s.ctx = undefined
      s.status.end()
      const hadWorker = s.client!.currentEpoch !== undefined
      const report = await s.client!.dispose()
      if (hadWorker)
        s.log(
          `disposed: ${report.acked ? "acknowledged" : "not acknowledged"}; released ${report.released.join(", ") || "nothing"}; retained ${report.retained.join(", ") || "nothing"}`,
        )
    })
  }
}

export default createComputerUseExtension()
