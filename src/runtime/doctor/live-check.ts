// The doctor's one live check: a real request to the model a session would use, made only after
// the person confirmed it with the model's name and the most it can cost in front of them
// (`xagent doctor --live`, asked or --yes; /doctor's `l`, asked). The plan says what would be sent;
// the run sends it and times the answer.
import type { Api, Model } from "@earendil-works/pi-ai"
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import type { DoctorCheck, LivePlan } from "../../protocol/doctor"
import { errorText } from "../../util/error-text"

const PROMPT = "Reply with the single word: ok"
/** The most the request may generate. */
export const LIVE_MAX_OUTPUT = 16
/** What the request sends, in tokens, counted generously (the words, the role, a provider's framing). */
const LIVE_INPUT_TOKENS = 40
const LIVE_TIMEOUT_MS = 60_000

/** What the live check would send, or why it cannot: the model check's own failure. */
export function livePlan(
  runtime: ModelRuntime,
  ref: { provider: string; id: string } | undefined,
): LivePlan | { problem: string } {
  if (!ref) return { problem: "no model is chosen: pick one with /model first" }
  const model = runtime.getModel(ref.provider, ref.id)
  if (!model) return { problem: `${ref.provider}/${ref.id} is not among the known models` }
  if (!runtime.hasConfiguredAuth(ref.provider)) return { problem: `${ref.provider}/${ref.id} has no key or sign-in` }
  const c = model.cost
  const priced = c && (c.input > 0 || c.output > 0)
  return {
    model: `${ref.provider}/${ref.id}`,
    inputTokens: LIVE_INPUT_TOKENS,
    maxOutputTokens: LIVE_MAX_OUTPUT,
    ...(priced ? { maxCost: (LIVE_INPUT_TOKENS * c.input + LIVE_MAX_OUTPUT * c.output) / 1_000_000 } : {}),
  }
}

/** Sends the request and says how it went, as a check. */
export async function liveCheck(runtime: ModelRuntime, ref: { provider: string; id: string }): Promise<DoctorCheck> {
  const name = "live request"
  const model = runtime.getModel(ref.provider, ref.id) as Model<Api> | undefined
  if (!model) return { name, verdict: "fail", text: `${ref.provider}/${ref.id} is not among the known models` }
  const started = performance.now()
  const signal = AbortSignal.timeout(LIVE_TIMEOUT_MS)
  try {
    const answer = await runtime.completeSimple(
      model,
      { messages: [{ role: "user", content: [{ type: "text", text: PROMPT }], timestamp: Date.now() }], tools: [] },
      { maxTokens: LIVE_MAX_OUTPUT, signal },
    )
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    if (answer.stopReason === "error" || answer.stopReason === "aborted")
      return {
        name,
        verdict: "fail",
        text: `${ref.provider}/${ref.id} did not answer: ${answer.errorMessage ?? answer.stopReason}`,
        fix: "check the key or sign-in, the provider's status, and the network (a proxy, a firewall)",
      }
    const u = answer.usage
    return {
      name,
      verdict: "ok",
      text: `${ref.provider}/${ref.id} answered in ${seconds} s (${u.input} tokens in, ${u.output} out)`,
    }
  } catch (e) {
    return {
      name,
      verdict: "fail",
      text: `${ref.provider}/${ref.id} did not answer: ${signal.aborted ? `no answer in ${LIVE_TIMEOUT_MS / 1000} s` : errorText(e)}`,
      fix: "check the key or sign-in, the provider's status, and the network (a proxy, a firewall)",
    }
  }
}
