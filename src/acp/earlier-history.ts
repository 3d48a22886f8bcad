// A session's older history for an ACP load: a window is sent only its newest part
// (common/history-window.ts), an editor's `session/load` replays all of it.
import type { Client } from "../client/client"
import type { TranscriptItem } from "../protocol"
import { errorText } from "../util/error-text"

/** Every item before `before`, oldest first; what cannot be fetched is left out (and logged). */
export async function fetchEarlier(
  client: Client,
  hostId: string,
  before: string,
  log: (line: string) => void,
): Promise<TranscriptItem[]> {
  const pages: TranscriptItem[][] = []
  try {
    for (let id = before; ;) {
      const page = await client.request("session.earlier", { sessionId: hostId, before: id })
      if (!page.items.length) break
      pages.unshift(page.items)
      if (!page.earlier) break
      id = page.items[0]!.id
    }
  } catch (err) {
    log(`the history before ${before} of ${hostId}: ${errorText(err)}`)
  }
  return pages.flat()
}
