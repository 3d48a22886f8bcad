// /doctor: the doctor's checks (runtime/doctor/checks.ts) in the session's folder, under its
// project trust, with its model and what its extensions' loading said.
import { doctorChecks } from "../doctor/checks"
import { realModel } from "../setup/models"
import type { Handlers } from "./session-methods"

export const DOCTOR_METHODS = {
  "session.doctor": async (live, _p, host) => {
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
    return { checks }
  },
} satisfies Partial<Handlers>
