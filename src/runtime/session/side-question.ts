// /btw: a side question about the conversation, answered by one tool-free model request with the
// session's model and thinking level. It goes through the session's own stream function (the one
// Pi's agent loop and its summaries use: auth, retries and headers as for a reply), but not
// through Pi's agent: nothing is appended to the session, no extension hook runs, no tool can be
// called, and it may run beside a reply.
//
// The conversation is sent as text inside the question's one user message, as Pi's branch
// summaries send it, not as the session's messages: a reply may be between a tool call and its
// result, and providers refuse tool calls in a history sent without tools (or unanswered ones).
import { normalizeContext } from "@earendil-works/pi-ai"
import { convertToLlm, serializeConversation } from "@earendil-works/pi-coding-agent"
import type { SessionEvent } from "../../protocol/index"
import { ProtocolError } from "../../protocol/index"
import { errorText } from "../../util/error-text"
import type { AgentSession } from "../pi-types"

const SIDE_PROMPT =
  "The person is asking a quick side question about the conversation below, while the work in it " +
  "goes on. Answer briefly and directly from what the conversation shows. You have no tools here: " +
  "do not offer to run anything, and say so if the answer needs something the conversation does not show."

/** Answers `question` over a copy of the session's conversation; each piece of the answer is `send`'s. */
export async function answerSideQuestion(
  session: AgentSession,
  id: string,
  question: string,
  send: (event: Extract<SessionEvent, { type: "side_answer" }>) => void,
): Promise<void> {
  const model = session.model
  if (!model) throw new ProtocolError("failed", "No model is selected: /btw needs one to answer")
  const conversation = serializeConversation(convertToLlm(session.messages))
  const text = conversation
    ? `<conversation>\n${conversation}\n</conversation>\n\n<side-question>\n${question}\n</side-question>`
    : question
  const level = session.thinkingLevel
  const stream = await session.agent.streamFunction(
    model,
    normalizeContext({
      systemPrompt: `${session.systemPrompt}\n\n${SIDE_PROMPT}`,
      messages: [{ role: "user", content: [{ type: "text", text }], timestamp: Date.now() }],
      tools: [],
    }),
    model.reasoning && level && level !== "off" ? { reasoning: level } : {},
  )
  // The request is answered once the run started; what streams comes as events.
  void (async () => {
    try {
      for await (const e of stream) {
        if (e.type === "text_delta" && e.delta) send({ type: "side_answer", id, delta: e.delta })
        if (e.type === "error") {
          send({ type: "side_answer", id, error: e.error.errorMessage || "The side question failed" })
          return
        }
      }
      send({ type: "side_answer", id, done: true })
    } catch (err) {
      send({ type: "side_answer", id, error: errorText(err) })
    }
  })()
}
