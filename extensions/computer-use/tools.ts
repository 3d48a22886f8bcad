// The model tools. Each call passes the harness's gate first (on, not denied, no acting tool in
// plan mode or without a person at the window), then goes to the worker in the run's operation.
// Observations may run side by side (the client still sends them one at a time); anything that
// acts is sequential in Pi as well.
import type { ExtensionContext } from "@earendil-works/pi-coding-agent"
import { COMPUTER_TOOLS } from "../../src/common/computer-use"
import type { ComputerSession } from "./index"
import { classOf } from "./methods"
import { failure, toResult, type ComputerResult } from "./result"
import { TOOL_SPECS } from "./schemas"

type Entry = { type: string; customType?: string; data?: unknown }

/** Plan mode's phase as the plan extension records it in the session (its `plan-state` entries). */
function planning(ctx: ExtensionContext): boolean {
  const branch = ctx.sessionManager.getBranch() as Entry[]
  const last = branch.filter((e) => e.type === "custom" && e.customType === "plan-state").pop()
  return (last?.data as { phase?: string } | undefined)?.phase === "planning"
}

/** Why this call may not run here, as a refused result; undefined when it may. */
export function gate(s: ComputerSession, name: string, ctx: ExtensionContext): ComputerResult | undefined {
  const op = s.status.op
  if (!s.support.supported) return failure("UNSUPPORTED_PLATFORM", s.support.reason, op)
  const { settings, errors } = s.settings()
  if (errors.length) return failure("COMPUTER_USE_OFF", `the settings file is invalid (${errors.join("; ")})`, op)
  if (!settings.enabled)
    return failure("COMPUTER_USE_OFF", "computer-use is off; the person can turn it on with /computer:settings on", op)
  if (settings.denied.includes(name)) return failure("TOOL_DENIED", `${name} is denied by the person's settings`, op)
  const cls = classOf(name)
  if (cls !== "O" && planning(ctx))
    return failure("TOOL_DENIED", `plan mode is read-only: ${name} acts on the desktop`, op)
  if (cls !== "O" && (s.host?.mode === "print" || !ctx.hasUI))
    return failure("TOOL_DENIED", `${name} acts on the desktop, which needs a person at the window to stop it`, op)
  return undefined
}

export function registerTools(s: ComputerSession): void {
  const print = s.host?.mode === "print"
  for (const [name, spec] of Object.entries(TOOL_SPECS)) {
    const cls = COMPUTER_TOOLS[name]!
    // A print run has nobody to press Esc: only observations exist there.
    if (print && cls !== "O") continue
    s.pi.registerTool({
      name,
      label: `computer ${name}`,
      description: `Windows desktop (computer-use): ${spec.description}`,
      parameters: spec.parameters,
      executionMode: cls === "O" ? undefined : "sequential",
      async execute(_id, params, signal, _update, ctx) {
        s.ctx = ctx
        const refused = gate(s, name, ctx)
        if (refused) return refused
        s.client!.denied = s.settings().settings.denied
        const op = s.status.op
        const o = await s.client!.call(name, params as Record<string, unknown>, { op, signal })
        if (o.ok) Object.assign(s.status, { owned: true, busy: false, unavailable: false })
        else if (o.error.code === "COMPUTER_USE_BUSY") s.status.busy = true
        else if (o.error.code === "COMPUTER_USE_STOPPED") s.status.stopped = true
        s.show()
        return toResult(name, o, op)
      },
    })
  }
}
