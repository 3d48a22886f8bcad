// /doctor: the doctor's checks (runtime/doctor/checks.ts) in the session's folder, under its
// project trust, with its model and what its extensions' loading said; asked for, the live check's
// plan (the window confirms it) or the live request itself, to the session's model.
import type { DoctorReport } from "../../protocol/doctor"
import { doctorChecks } from "../doctor/checks"
import { liveCheck, livePlan } from "../doctor/live-check"
import { realModel } from "../setup/models"
import type { Handlers } from "./session-methods"

export const DOCTOR_METHODS = {
  "session.doctor": async (live, p, host) => {
    const s = live.session
    const model = realModel(s.model)
    const checks = await doctorChecks({
      cwd: live.cwd,
      agentDir: host.agentDir,
      modelRuntime: host.modelRuntime,
      projectTrusted: s.settingsManager.isProjectTrusted(),
      model: model && { provider: model.provider, id: model.id },
      bwrap: host.bwrap,
      loaded: { extensionErrors: s.resourceLoader.getExtensions().errors },
    })
    const report: DoctorReport = { checks }
    if (!p.live) return report
    const ref = model && { provider: model.provider, id: model.id }
    const plan = livePlan(host.modelRuntime, ref)
    report.live = plan
    if (p.live === "run" && ref && "model" in plan) {
      checks.push(await liveCheck(host.modelRuntime, ref))
      report.liveMade = true
    }
    return report
  },
} satisfies Partial<Handlers>
