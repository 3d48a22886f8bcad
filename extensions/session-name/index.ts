// Provisional session names as a bundled extension: once the first turn of a conversation has
// settled (a substantive request, a reply that was not stopped), one short tool-free request to the
// session's model proposes a title, and it becomes the session's name (Pi's session_info entry, as
// /name writes it) if the session is still unnamed by then. `sessionNames: "off"` in
// $XAGENT_HOME/settings.json (or XAGENT_SESSION_NAMES=off) skips it; `-p` never names.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import { xagentHome } from "../../src/util/daemon-paths"
import { cleanTitle, NAMING_PROMPT, namingRequest, readNamingSetting, substantive } from "./rules"

const MAX_TOKENS = 40

export default function sessionName(pi: ExtensionAPI, host?: BundledHost): void {
  if (host?.mode === "print") return
  const read = readNamingSetting(process.env, xagentHome())
  if ("error" in read) {
    pi.on("session_start", (_e, ctx) => ctx.ui.notify(`Session names: ${read.error}`, "error"))
    return
  }
  if (read.setting === "off") return

  // Tried once per conversation: its first settled turn, or never.
  let tried = false
  let naming: AbortController | undefined
  pi.on("session_start", () => {
    tried = false
    naming?.abort()
  })
  pi.on("session_shutdown", () => naming?.abort())
  pi.on("agent_settled", (e, ctx) => {
    if (tried || e.aborted) return
    tried = true
    const turn = firstTurn(ctx)
    if (!turn || pi.getSessionName() || !ctx.model) return
    naming = new AbortController()
    void propose(ctx, turn, naming.signal).then((title) => {
      // /name during the request wins; so does a newer conversation in this session.
      if (title && !naming?.signal.aborted && !pi.getSessionName()) pi.setSessionName(title)
    })
  })
}

interface Turn {
  request: string
  reply: string
}

/** The conversation's only exchange so far, when it is one worth naming. */
function firstTurn(ctx: ExtensionContext): Turn | undefined {
  const messages = ctx.sessionManager
    .getBranch()
    .flatMap((e) => (e.type === "message" ? [e.message as { role: string; content: unknown }] : []))
  const users = messages.filter((m) => m.role === "user")
  if (users.length !== 1) return undefined
  const request = textOf(users[0]!.content)
  if (!substantive(request)) return undefined
  const reply = messages
    .filter((m) => m.role === "assistant")
    .map((m) => textOf(m.content))
    .join("\n")
    .trim()
  return reply ? { request, reply } : undefined
}

async function propose(ctx: ExtensionContext, turn: Turn, signal: AbortSignal): Promise<string | undefined> {
  try {
    const message = await ctx.modelRegistry
      .streamSimple(
        ctx.model!,
        {
          systemPrompt: NAMING_PROMPT,
          messages: [
            {
              role: "user",
              content: [{ type: "text", text: namingRequest(turn.request, turn.reply) }],
              timestamp: Date.now(),
            },
          ],
          tools: [],
        },
        { maxTokens: MAX_TOKENS, signal },
      )
      .result()
    if (message.stopReason === "error" || message.stopReason === "aborted") return undefined
    return cleanTitle(textOf(message.content))
  } catch {
    // A name is a courtesy: a failed request leaves the session unnamed, as it was.
    return undefined
  }
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content.map((b: { type?: string; text?: string }) => (b.type === "text" ? (b.text ?? "") : "")).join("")
}
