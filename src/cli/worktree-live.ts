// Who uses which folder now, as the broker daemon knows it: the folders of its live sessions and
// of their host processes. Asked without starting a daemon; none running means no live session.
// The socket client loads only when asked, never on the window's way to its first frame.
import type { LiveUse } from "../worktree/live"

export async function liveUse(self?: string): Promise<LiveUse> {
  const { reach } = await import("./daemon-commands")
  const client = await reach(false).catch(() => undefined)
  if (!client) return { sessionCwds: [], self }
  try {
    const s = await client.daemon("daemon.status", {})
    return { sessionCwds: [...s.sessions.map((x) => x.cwd), ...(s.hosts ?? []).map((h) => h.cwd)], self }
  } finally {
    await client.close()
  }
}
