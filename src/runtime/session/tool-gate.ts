// The consent gate (common/permission.ts): while a session's approval is "ask", a gated tool
// call waits for a `permission` dialog before it runs. Any window or editor may answer (the first
// answer wins); a cancel, an abort, a closed session or any answer but an offered choice denies.
// "Always" lasts for this live session only, per tool name.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import { DENIED, gatedTool, isPermissionChoice, type Approval } from "../../common/permission"
import type { UiBridge } from "../extensions/ui-bridge"

export class ToolGate {
  approval: Approval = "off"
  private readonly always = new Set<string>()
  /** Calls a bundled extension's hook (which runs before this one) already had consent for. */
  private readonly covered = new Set<string>()

  constructor(private readonly bridge: UiBridge) {}

  set(approval: Approval): void {
    this.approval = approval
    if (approval === "off") this.always.clear()
  }

  /** The person consented to this call elsewhere (BundledHost.consented): one question per call. */
  consented(toolCallId: string): void {
    this.covered.add(toolCallId)
  }

  /** The extension hook that holds gated calls (an error in it blocks the call: Pi fails safe). */
  readonly hook = (pi: ExtensionAPI) => {
    pi.on("tool_call", async (e, ctx) => {
      if (this.covered.delete(e.toolCallId)) return undefined
      const allowed = await this.allows(e, ctx.signal)
      return allowed ? undefined : { block: true, reason: DENIED }
    })
  }

  /**
   * Whether a gated call may run: at once while the gate is off (or the person said "always" for
   * its tool), else after the person's consent in a `permission` dialog. A subagent's calls come
   * here too (BundledHost.approve), named by it: they are the parent's tools, so the same gate.
   */
  async allows(
    call: { toolCallId: string; toolName: string; input: unknown; from?: string },
    signal?: AbortSignal,
  ): Promise<boolean> {
    if (this.approval !== "ask" || !gatedTool(call.toolName) || this.always.has(call.toolName)) return true
    const r = await this.bridge.request(
      {
        kind: "permission",
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        title: titleOf(call.toolName, call.input),
        input: call.input,
        ...(call.from ? { from: call.from } : {}),
      },
      signal ? { signal } : undefined,
    )
    const choice = r && "value" in r && isPermissionChoice(r.value) ? r.value : "reject_once"
    if (choice === "allow_always") this.always.add(call.toolName)
    return choice !== "reject_once"
  }
}

/** One line naming what the call would do: `bash: npm test`, `edit: src/a.ts`. */
function titleOf(tool: string, input: unknown): string {
  const i = (input ?? {}) as Record<string, unknown>
  const what = typeof i.command === "string" ? i.command : typeof i.path === "string" ? i.path : ""
  const line = what.split("\n")[0]!.slice(0, 200)
  return line ? `${tool}: ${line}` : tool
}
