// The process `xagent doctor` runs its checks in (spawned by src/cli/doctor-command.ts, which keeps
// Pi out of the CLI): Pi's model runtime, settings and package resolver in the current folder, on
// the agent dir pi uses. The report is one JSON line on stdout; anything Pi says goes to stderr.
// `--live-plan` adds what the live check would send (for the CLI to confirm); `--live-run` makes it.
import { join } from "node:path"
import { getAgentDir, ModelRuntime, ProjectTrustStore, SettingsManager } from "@earendil-works/pi-coding-agent"
import type { DoctorReport } from "../../protocol/doctor"
import { errorText } from "../../util/error-text"
import { doctorChecks } from "./checks"
import { liveCheck, livePlan } from "./live-check"

async function main(): Promise<DoctorReport> {
  const agentDir = getAgentDir()
  const cwd = process.cwd()
  const modelRuntime = await ModelRuntime.create({
    authPath: join(agentDir, "auth.json"),
    modelsPath: join(agentDir, "models.json"),
    allowModelNetwork: false,
  })
  // As Pi's package commands with no one to ask: the saved decision alone.
  const projectTrusted = new ProjectTrustStore(agentDir).get(cwd) === true
  const report: DoctorReport = { checks: await doctorChecks({ cwd, agentDir, modelRuntime, projectTrusted }) }
  const live = process.argv.includes("--live-run") ? "run" : process.argv.includes("--live-plan") ? "plan" : undefined
  if (!live) return report
  const settings = SettingsManager.create(cwd, agentDir, { projectTrusted })
  settings.drainErrors()
  const provider = settings.getDefaultProvider()
  const id = settings.getDefaultModel()
  const plan = livePlan(modelRuntime, provider && id ? { provider, id } : undefined)
  report.live = plan
  if (live === "run" && "model" in plan) {
    report.checks.push(await liveCheck(modelRuntime, { provider: provider!, id: id! }))
    report.liveMade = true
  }
  return report
}

// Pi's own console output must not mix with the report.
console.log = console.info = console.warn = console.error
main().then(
  (report) => process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0)),
  (e) => {
    process.stderr.write(`xagent: ${errorText(e)}\n`)
    process.exit(1)
  },
)
