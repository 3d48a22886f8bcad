// A worker outcome as Pi's tool result: short text for the model, the capture as an image block
// (its bytes never in text), and `details` with verification, effect, the operation and the code.
import type { AgentToolResult } from "@earendil-works/pi-coding-agent"
import type { ComputerDetails, Effect, Verification } from "../../src/common/computer-use"
import type { CallResult } from "./backend"
import type { Outcome } from "./client"
import { classOf } from "./methods"
import type { Code } from "./protocol"

export type ComputerResult = AgentToolResult<ComputerDetails & { data?: Record<string, unknown> }>

const AFTER: Record<Effect, string> = {
  none: "Nothing was done.",
  sent: "It may have acted: observe before acting again.",
  unknown: "It may or may not have acted: observe again before deciding; do not simply repeat it.",
}

export function failure(
  code: Code | string,
  message: string,
  operationId?: string,
  effect: Effect = "none",
  data?: Record<string, unknown>,
): ComputerResult {
  return {
    content: [{ type: "text", text: `${code}: ${message}\n${AFTER[effect]}` }],
    details: { ok: false, code, verification: "none", effect, operationId, warnings: [], ...(data ? { data } : {}) },
    isError: true,
  }
}

export function toResult(method: string, o: Outcome, operationId?: string): ComputerResult {
  if (!o.ok) return failure(o.error.code, o.error.message, operationId, o.error.effect, o.error.details)
  const r = o.result as CallResult
  const verification: Verification = r.verification ?? "none"
  const effect: Effect = classOf(method) === "O" ? "none" : "sent"
  const content: ComputerResult["content"] = [{ type: "text", text: r.text }]
  if (r.image) content.push({ type: "image", data: r.image.base64, mimeType: r.image.mimeType })
  if (verification === "sent") content.push({ type: "text", text: "Sent, not verified: observe to see what it did." })
  return {
    content,
    details: {
      ok: true,
      verification,
      effect,
      operationId,
      windowRef: r.windowRef,
      warnings: r.warnings ?? [],
      ...(r.image ? { image: { width: r.image.width, height: r.image.height, mimeType: r.image.mimeType } } : {}),
      ...(r.data ? { data: r.data } : {}),
    },
  }
}
