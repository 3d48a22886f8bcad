// The history a session/load replays: the snapshot carries only its newest part
// (common/history-window.ts), so the older part is fetched first; a user message goes as its
// blocks (its text, embedded resources and links, turn-map.ts), then its images (the host keeps
// their data; the snapshot only counts them).
import type { SessionUpdate } from "@agentclientprotocol/sdk"
import type { SessionSnapshot, UserItem } from "../protocol"
import { errorText } from "../util/error-text"
import { fetchEarlier } from "./earlier-history"
import type { SessionLink } from "./session-link"
import { promptBlocksOf } from "./turn-map"

/** The snapshot with every older item before its own (itself when it holds them all). */
export async function wholeHistory(s: SessionSnapshot, link: SessionLink, hostId: string): Promise<SessionSnapshot> {
  const oldest = s.items[0]
  if (!s.earlier || !oldest) return s
  const older = await fetchEarlier(link.client, hostId, oldest.id, (line) => link.log(line))
  return { ...s, items: [...older, ...s.items], earlier: 0 }
}

/** A message of the history as user_message_chunks, one per block, then its images. */
export function replayUserMessage(
  item: UserItem,
  link: SessionLink,
  hostId: string,
  notify: (update: SessionUpdate | Promise<SessionUpdate>) => void,
): void {
  for (const content of promptBlocksOf(item.text)) notify({ sessionUpdate: "user_message_chunk", content })
  if (!item.images) return
  const images = link.client
    .request("session.userImages", { sessionId: hostId, timestamp: item.timestamp })
    .then((r) => r.images)
    .catch((err) => {
      link.log(`images of ${item.id}: ${errorText(err)}`)
      return []
    })
  for (let i = 0; i < item.images; i++)
    notify(
      images.then((all): SessionUpdate => ({
        sessionUpdate: "user_message_chunk",
        content: all[i] ? { type: "image", ...all[i]! } : { type: "text", text: "[image]" },
      })),
    )
}
