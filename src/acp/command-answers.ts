// What a slash command the editor ran says, in ACP's terms. A command that starts no run answers
// with what it prints (a notice, a card such as /todo's list): the editor shows that as the reply.
// A notice during a run (a retry, compaction) is the agent's thought, never its answer. A panel
// only a window can draw is closed and named; a plan request's plan is asked about (dialogs.ts).
import type { SessionUpdate } from "@agentclientprotocol/sdk"
import { isImagesUnseenNotice } from "../common/unseen-images"
import { PLAN_CARD, PLAN_IMPLEMENT, PLAN_TOOL, planSteps } from "../common/plan"
import { type ComponentView, type CustomItem, type NoticeItem, type ToolItem } from "../protocol"
import type { PlanEntry } from "./turn-map"

/** The key that closes a pi-tui panel. */
export const ESC = "\x1b"
/** Whose keys the host sees (it gives a component's keys to the first window that types). */
export const EDITOR_KEYS = "acp-editor"

const say = (text: string): SessionUpdate => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } })

/** The update a notice or card of the editor's turn becomes, if any. */
export function commandSays(item: NoticeItem | CustomItem, ran: boolean): SessionUpdate | undefined {
  // The editor's own images went unseen: part of the answer, never a thought a client folds away.
  if (item.kind === "notice" && isImagesUnseenNotice(item.text)) return say(`${item.text}\n`)
  if (item.kind === "notice")
    return ran
      ? { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: `${item.text}\n` } }
      : say(`${item.text}\n`)
  // A run's cards are the window's (the plan goes as its own question, and the editor chose to
  // implement it); an entry is no message.
  if (ran || item.entry || item.customType === PLAN_CARD || item.customType === PLAN_IMPLEMENT) return undefined
  if (!item.text.trim()) return undefined
  return say(`${item.text}\n`)
}

/** Takes a window's keys where it shows: a custom component or an overlay, not a widget. */
export function windowOnly(c: ComponentView): boolean {
  return c.focusable && (c.slot === "inline" || c.slot === "overlay")
}

export function panelMessage(promptText: string, sessionId: string): SessionUpdate {
  const name = /^\/(\S+)/.exec(promptText.trim())?.[1]
  return say(
    `${name ? `/${name}` : "This command"} opens a panel that only a terminal window can show, so it was closed ` +
      `here. To use it, run \`xagent attach ${sessionId}\` in a terminal.\n`,
  )
}

export interface ReadyPlan {
  toolCallId: string
  title?: string
  plan: string
}

/** A plan request's submit_plan that went through with a plan (in an implementation it is a change, asked elsewhere). */
export function readyPlan(item: ToolItem, promptText: string): ReadyPlan | undefined {
  if (item.name !== PLAN_TOOL || item.status !== "done") return undefined
  if (!/^\/plan\s+(?!(?:implement|edit)\b)\S/.test(promptText.trim())) return undefined
  const a = (item.args ?? {}) as { outcome?: unknown; title?: unknown; plan?: unknown }
  if (a.outcome !== "plan_ready" || typeof a.plan !== "string" || !a.plan.trim()) return undefined
  return { toolCallId: item.id, ...(typeof a.title === "string" && a.title ? { title: a.title } : {}), plan: a.plan }
}

/** The plan's steps as the thread's plan, none done yet. */
export function planStepEntries(plan: string): PlanEntry[] {
  return planSteps(plan).map((content) => ({ content, priority: "medium", status: "pending" }))
}
