// A session file's entry tree as flat TreeNodes (depth-first, children in file order), for /tree.
import type { SessionManager } from "@earendil-works/pi-coding-agent"
import type { TreeNode } from "../../protocol/index"
import type { SessionEntry } from "../pi-types"
import { contentText, userText } from "../../common/message-projection"

const PREVIEW = 200

export function projectTree(sm: SessionManager): TreeNode[] {
  const leaf = sm.getLeafId()
  const onPath = new Set(sm.getBranch().map((e) => e.id))
  const out: TreeNode[] = []
  const stack = [...sm.getTree()].reverse()
  while (stack.length) {
    const node = stack.pop()!
    const e = node.entry
    out.push({
      id: e.id,
      parentId: e.parentId,
      role: e.type === "message" ? e.message.role : e.type,
      text: oneLine(node.label ? `[${node.label}] ${entryText(e)}` : entryText(e)),
      timestamp: Date.parse(e.timestamp) || 0,
      onPath: onPath.has(e.id),
      isLeaf: e.id === leaf,
    })
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!)
  }
  return out
}

export function entryText(e: SessionEntry): string {
  switch (e.type) {
    case "message": {
      const m = e.message
      switch (m.role) {
        case "user":
          return userText(m)
        case "assistant": {
          const text = m.content
            .filter((c) => c.type === "text")
            .map((c) => (c as { text: string }).text)
            .join(" ")
          const tools = m.content.filter((c) => c.type === "toolCall").map((c) => (c as { name: string }).name)
          return text || (tools.length ? `[${tools.join(", ")}]` : (m.errorMessage ?? ""))
        }
        case "toolResult":
          return `${m.toolName}: ${contentText(m.content)}`
        case "bashExecution":
          return `!${m.command}`
        case "custom":
          return contentText(m.content)
        case "system":
          return systemText(m)
        default:
          return "summary" in m ? m.summary : ""
      }
    }
    case "custom_message":
      return contentText(e.content)
    case "compaction":
    case "branch_summary":
      return e.summary
    case "model_change":
      return `${e.provider}/${e.modelId}`
    case "thinking_level_change":
      return e.thinkingLevel
    case "label":
      return e.label ?? ""
    case "session_info":
      return e.name ?? ""
    case "custom":
      return e.customType
    case "usage":
      return `${e.kind}: ${e.provider}/${e.model}`
    case "context_edit":
      return e.replacement ? "edited an earlier message" : "left an earlier message out of the context"
  }
}

/**
 * Pi records the prompt's sections and the tool loadout as system messages whose own text is
 * usually empty: the row names what they changed rather than show nothing.
 */
function systemText(m: {
  content: Parameters<typeof contentText>[0]
  sections?: Record<string, string | null>
  toolsAdded?: { name: string }[]
  toolsRemoved?: { name: string }[]
}): string {
  const text = contentText(m.content)
  const sections = Object.keys(m.sections ?? {})
  const tools = [...(m.toolsAdded ?? []).map((t) => `+${t.name}`), ...(m.toolsRemoved ?? []).map((t) => `-${t.name}`)]
  const parts = [
    ...(text ? [text] : []),
    ...(sections.length ? [`prompt ${sections.join(", ")}`] : []),
    ...(tools.length ? [`tools ${tools.join(" ")}`] : []),
  ]
  return parts.length ? parts.join("; ") : "prompt unchanged"
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, " ").trim()
  return line.length > PREVIEW ? `${line.slice(0, PREVIEW - 1)}…` : line
}
