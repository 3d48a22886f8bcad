// A background child (`background: true`): not a session in this process, which ends with its
// host, but a session of a host of its own that the daemon's broker opens and sends the task
// (BundledHost.openSession). It outlives the parent's reply, session and host; its file names the
// parent's as its parentSession, so `xagent sessions` says whose it is. The tool returns at once.
import type { ExtensionToolContext } from "@earendil-works/pi-coding-agent"
import type { Params } from "../../src/protocol/index"
import type { ChildProfile } from "./profiles"
import { AGENT_TOOL } from "./rules"

export type OpenSession = (params: Params<"session.open">, prompt: string) => Promise<string>

/** Why a background child cannot start here; undefined when it can. */
export function backgroundRefusal(open: OpenSession | undefined, depth: number, worktree: boolean): string | undefined {
  if (!open)
    return "Background subagents need the xagent daemon, and this session runs in the window's process (--no-daemon) or is a -p run: nothing here outlives it. Call agent without background, and wait for it."
  if (depth > 1) return "Only the main agent starts background subagents: do the task here, or wait for a child."
  if (worktree) return "A background subagent in a worktree is not available yet: call agent with one of the two."
  return undefined
}

/** Opens the child's session and sends it the task; its session id. */
export async function startBackground(
  open: OpenSession,
  o: { profile: ChildProfile; title: string; task: string; ctx: ExtensionToolContext },
): Promise<string> {
  const { profile, ctx } = o
  // On an external ACP agent: an agent session of its own (its journal, not a Pi file, so no parent link).
  if (profile.acp) {
    const env = profile.acp.env
    return open(
      {
        cwd: ctx.cwd,
        mode: { kind: "new" },
        agent: { command: [profile.acp.command, ...profile.acp.args], ...(Object.keys(env).length ? { env } : {}) },
      },
      o.task,
    )
  }
  const model = profile.model ?? (ctx.model ? `${ctx.model.provider}/${ctx.model.id}` : undefined)
  // Its own `agent` tool would start at depth 0 again in a session of its own: it has none.
  const tools = profile.tools.filter((t) => t !== AGENT_TOOL)
  const parent = ctx.sessionManager.getSessionFile()
  return open(
    {
      cwd: ctx.cwd,
      mode: { kind: "new" },
      ...(model ? { model } : {}),
      ...(profile.thinking ? { thinking: profile.thinking as Params<"session.open">["thinking"] } : {}),
      ...(parent ? { parent } : {}),
      pi: {
        tools,
        name: `${o.title} (subagent)`,
        ...(profile.instructions ? { appendSystemPrompt: [profile.instructions] } : {}),
      },
    },
    o.task,
  )
}

/** The tool's result text: where the child is and how to look at it. */
export function startedText(profile: string, title: string, sessionId: string): string {
  return (
    `Subagent ${profile} · ${title}: started in the background as session ${sessionId}. ` +
    `It goes on after this reply, and after this session closes; its result does not come back here. ` +
    `\`xagent sessions\` lists it (with this session as its parent), \`xagent attach ${sessionId}\` opens it.`
  )
}
