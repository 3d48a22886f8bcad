// What an extension's command may do to its session beyond Pi's API (ctx.newSession, fork,
// navigateTree, switchSession, reload), done through the live session so that windows follow.
import { existsSync } from "node:fs"
import type { ExtensionCommandContextActions } from "@earendil-works/pi-coding-agent"
import { RELOADED_NOTICE } from "../../protocol/index"
import type { LiveSession } from "./live-session"
import { assertSessionFile, workspaceOverride } from "../files/session-files"

export function commandActions(live: LiveSession): ExtensionCommandContextActions {
  return {
    waitForIdle: () => live.session.waitForIdle(),
    newSession: (o) => live.replace(() => live.rt.newSession(o)),
    fork: async (entryId, o) => ({ cancelled: (await live.replace(() => live.rt.fork(entryId, o))).cancelled }),
    navigateTree: async (targetId, o) => {
      const r = await live.session.navigateTree(targetId, o)
      if (!r.cancelled) live.resetView()
      return { cancelled: r.cancelled }
    },
    // Pi would rewrite a file that is not a session: an extension gets the refusal instead
    // (a path with no file is Pi's way to start a session there, and harms nothing). A file
    // outside the person's session store goes on in this session's folder, not its header's.
    switchSession: (path, o) => {
      if (!existsSync(path)) return live.replace(() => live.rt.switchSession(path, o))
      const cwdOverride = workspaceOverride(assertSessionFile(path), live.cwd, live.rt.services.agentDir)
      return live.replace(() => live.rt.switchSession(path, { ...o, cwdOverride }))
    },
    reload: async () => {
      live.components.reset({ announce: true })
      await live.session.reload()
      // Pi tells the person after an extension's reload as after its own /reload (reload-runtime).
      live.emitInfo()
      live.emit({ type: "ui_notify", level: "info", message: RELOADED_NOTICE })
    },
  }
}
