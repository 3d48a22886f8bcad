// Type aliases over Pi's exports, so the rest of the runtime names Pi shapes in one place.
import type { AgentSession, AgentSessionEvent, SessionEntry } from "@earendil-works/pi-coding-agent"
import type { AssistantMessage, ImageContent, ToolResultMessage, UserMessage } from "@earendil-works/pi-ai"

export type {
  AgentSession,
  AgentSessionEvent,
  SessionEntry,
  AssistantMessage,
  ImageContent,
  ToolResultMessage,
  UserMessage,
}

/** Every message role Pi keeps in a session (LLM messages plus bash, custom and summaries). */
export type AgentMessage = AgentSession["messages"][number]
export type BashExecutionMessage = Extract<AgentMessage, { role: "bashExecution" }>
export type CustomMessage = Extract<AgentMessage, { role: "custom" }>
