// Who uses which folder now, as the broker daemon knows it: the folders of its live sessions and
// of their host processes. Asked without starting a daemon; none running means no live session.
import type { LiveUse } from "../worktree/live"
import { reach } from "./daemon-commands"

export async function liveUse(self?: string): Promise<LiveUse> {
  const client = await reach(false).catch(() => undefined)
  if (!client) return { sessionCwds: [], self }
  try {
    const s = await client.daemon("daemon.status", {})
    return { sessionCwds: [...s.sessions.map((x) => x.cwd), ...(s.hosts ?? []).map((h) => h.cwd)], self }
  } finally {
    await client.close()
  }
}
