// A transcript as Markdown: user, assistant and tool sections, readable in any viewer. Pure, so the
// host exports it (session.export) and the window copies it (/copy all) the same way.
import type { SessionInfo, TranscriptItem } from "../protocol/transcript"

export function transcriptMarkdown(info: SessionInfo, items: readonly TranscriptItem[]): string {
  const title = info.name ?? `Session ${info.piSessionId}`
  const meta = [`cwd: \`${info.cwd}\``, info.model ? `model: ${info.model.provider}/${info.model.id}` : undefined]
  const out = [`# ${title}`, "", meta.filter(Boolean).join(" · "), ""]
  for (const item of items) out.push(...itemMarkdown(item), "")
  return (
    out
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd() + "\n"
  )
}

/** One item as Markdown lines (what the transcript export holds of it). */
export function itemMarkdown(item: TranscriptItem): string[] {
  switch (item.kind) {
    case "user":
      return ["## User", "", item.text]
    case "assistant": {
      const body: string[] = ["## Assistant", ""]
      for (const b of item.blocks) {
        if (b.type === "text") body.push(b.text, "")
        else if (b.type === "thinking" && b.text.trim()) body.push(quote(b.text), "")
      }
      if (item.stopReason === "aborted") body.push("_(interrupted)_")
      if (item.errorMessage) body.push(`_Error: ${item.errorMessage}_`)
      return body
    }
    case "tool": {
      const body = [
        `### Tool: ${item.name}${item.status === "error" ? " (error)" : ""}`,
        "",
        fence(JSON.stringify(item.args, null, 2), "json"),
      ]
      if (item.output) body.push("", fence(item.output))
      return body
    }
    case "bash":
      return [
        `## Shell: \`${item.command}\``,
        "",
        fence(item.output + (item.exitCode ? `\n(exit ${item.exitCode})` : "")),
      ]
    case "custom":
      // A custom entry is only its extension's drawing, and no part of the conversation.
      return item.entry ? [] : [`## ${item.customType}`, "", item.text]
    case "compaction":
      return ["## Context compacted", "", quote(item.summary)]
    case "branch_summary":
      return ["## Branch summary", "", quote(item.summary)]
    case "notice":
      return [`> ${item.level}: ${item.text}`]
  }
}

function quote(text: string): string {
  return text
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n")
}

/** A code fence longer than any backtick run inside, so content cannot close it. */
function fence(text: string, lang = ""): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length))
  const f = "`".repeat(longest + 1)
  return `${f}${lang}\n${text.replace(/\n$/, "")}\n${f}`
}
