// The process `xagent doctor` runs its checks in (spawned by src/cli/doctor-command.ts, which keeps
// Pi out of the CLI): Pi's model runtime, settings and package resolver in the current folder, on
// the agent dir pi uses. The report is one JSON line on stdout; anything Pi says goes to stderr.
import { join } from "node:path"
import { getAgentDir, ModelRuntime, ProjectTrustStore } from "@earendil-works/pi-coding-agent"
import type { DoctorReport } from "../../protocol/doctor"
import { errorText } from "../../util/error-text"
import { doctorChecks } from "./checks"

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
  return { checks: await doctorChecks({ cwd, agentDir, modelRuntime, projectTrusted }) }
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
