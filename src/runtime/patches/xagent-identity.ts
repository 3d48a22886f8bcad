// The model is told it runs in xagent. Pi's prompt opens with a fixed sentence naming pi, which
// only a whole custom prompt (`--system-prompt`) replaces, and that drops Pi's tool list, rules
// and docs too. So the sentence is rewritten through Pi's extension events: `before_agent_start`
// gives each run the rewritten prompt (Pi's own or one an extension forces, as plan mode does), so
// `ctx.getSystemPrompt()` reads what the model gets; `context_with_system` catches a request whose
// system message still carries Pi's sentence.
// What the session file keeps is Pi's own. Pi's docs block stays: xagent hosts Pi's extensions,
// skills and themes, and those docs are the ones that describe them.
// Relies on Pi's wording of that sentence (Pi 1.6.0); a new wording is left as it is, and
// test/cli/identity.test.ts fails.
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import { patchOn } from "../../util/patch-switch"

export const PI_IDENTITY =
  "You are a coding assistant running inside pi, a coding agent harness. Help users inspect files, run commands, and modify code."
export const XAGENT_IDENTITY =
  "You are a coding assistant running inside xagent, a coding agent harness built on pi that runs pi's extensions, skills and settings. Help users inspect files, run commands, and modify code."

const swap = (text: string) => text.replace(PI_IDENTITY, XAGENT_IDENTITY)

type SystemLike = { role: "system"; content: unknown; sections?: Record<string, string | null> }

function rewritten<M extends { role: string }>(message: M): M {
  if (message.role !== "system") return message
  const m = message as unknown as SystemLike
  const preamble = m.sections?.preamble
  const content = typeof m.content === "string" ? swap(m.content) : m.content
  const sections = typeof preamble === "string" ? { ...m.sections, preamble: swap(preamble) } : m.sections
  if (content === m.content && sections === m.sections) return message
  return { ...message, content, ...(sections ? { sections } : {}) }
}

export function xagentIdentity(env: NodeJS.ProcessEnv = process.env): ExtensionFactory[] {
  if (!patchOn("IDENTITY", env)) return []
  return [
    (pi) => {
      pi.on("context_with_system", (e) => ({ messages: e.messages.map(rewritten) }))
      // The run's prompt itself names xagent, so what extensions read (`ctx.getSystemPrompt()`)
      // is what the model gets; a forced prompt (plan mode) included.
      pi.on("before_agent_start", (e) => {
        const prompt = e.systemPromptOptions.forceSystemPrompt ?? e.systemPrompt
        if (prompt?.includes(PI_IDENTITY)) return { systemPrompt: swap(prompt) }
      })
    },
  ]
}
