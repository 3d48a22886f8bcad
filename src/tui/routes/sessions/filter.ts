// Which saved sessions match what the person typed: every word must appear in the title, first
// message, folder or id (case-insensitive), newest first as the host sent them.
import type { SavedSession } from "../../../protocol"

export function sessionTitle(s: SavedSession): string {
  return (s.name || s.firstMessage || "(empty session)").replace(/\s+/g, " ").trim()
}

export function filterSessions(list: readonly SavedSession[], query: string): SavedSession[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...list]
  return list.filter((s) => {
    const hay = `${s.name ?? ""} ${s.firstMessage} ${s.cwd} ${s.id}`.toLowerCase()
    return words.every((w) => hay.includes(w))
  })
}
