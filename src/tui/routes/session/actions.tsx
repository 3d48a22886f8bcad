// What the built-in commands do: requests on the session, and the dialogs and pages they need.
// Leaving this session (new, fork, quit) and the pages are here; each other group of commands is
// in a file of its own: model-actions, conversation-actions, settings-actions, login-action.
import type { CommandActions } from "../../commands"
import { HelpView } from "../../component/help-view"
import { useComposerInput } from "../../context/composer-input"
import { useDialog } from "../../context/dialog"
import { NO_DAEMON, useRemote } from "../../context/remote"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { useStopGuard } from "../../context/stop-guard"
import { DialogSelect } from "../../ui/dialog-select"
import { oneLine } from "../../util/format"
import { RELOADED_NOTICE } from "../../../protocol"
import { useActionToasts } from "./action-toasts"
import { useConversationActions } from "./conversation-actions"
import { useLoginAction } from "./login-action"
import { useModelActions } from "./model-actions"
import { useSettingsActions } from "./settings-actions"

export function useCommandActions(): CommandActions {
  const composer = useComposerInput()
  const session = useSession()
  const dialog = useDialog()
  const route = useRoute()
  const guard = useStopGuard()
  const { info, fail } = useActionToasts()
  const remote = useRemote()

  async function fork(): Promise<void> {
    const r = await session.act("session.forkPoints", {})
    if (!r) return
    if (r.points.length === 0) return info("Nothing to fork from yet")
    dialog.show(() => (
      <DialogSelect
        title="Fork from message"
        filterable={r.points.length > 8}
        options={[...r.points].reverse().map((p) => ({ label: oneLine(p.text, 200), value: p.entryId }))}
        onSelect={async (entryId) => {
          const done = await session.act("session.fork", { entryId })
          if (done) composer.restore(done.editorText)
        }}
        onCancel={() => {}}
      />
    ))
  }

  return {
    ...useModelActions(),
    ...useConversationActions(),
    ...useSettingsActions(),
    login: useLoginAction(),
    help: () => dialog.show(() => <HelpView commands={session.commands()} />),
    newSession: () =>
      guard.leave({
        what: "start a new session",
        stop: () => void session.openNew(),
        keep: () => void session.openBeside({ kind: "new" }),
      }),
    openSessions: () => route.navigate({ name: "sessions" }),
    openTree: () => route.navigate({ name: "tree" }),
    openWorktrees: () => route.navigate({ name: "worktree" }),
    openPackages: () => route.navigate({ name: "packages" }),
    openDoctor: () => route.navigate({ name: "doctor" }),
    async remoteControl(args) {
      if (!remote.available()) return fail(NO_DAEMON)
      const arg = args.trim()
      if (arg === "off") {
        const s = await remote.stop()
        if (s && !s.on) info("Remote control is off: every device is cut")
        return
      }
      route.navigate({ name: "remote" })
      const [listen, publicUrl] = arg.split(/\s+/).filter(Boolean)
      await remote.start({ ...(listen ? { listen } : {}), ...(publicUrl ? { publicUrl } : {}) })
    },
    openFollowUp: () => route.navigate({ name: "follow-up" }),
    openContext: (tab) => route.navigate({ name: "context", tab }),
    fork: () =>
      // A fork takes this live session's place (Pi's fork from a message, in the session's host):
      // there is no host beside it for the reply to go on in.
      guard.leave({
        what: "fork",
        why: "A fork replaces this session in its host, so the reply cannot go on beside it.",
        stop: () => void fork(),
      }),
    async reload() {
      const r = await session.act("session.reload", {})
      if (!r) return
      session.refreshCommands()
      info(RELOADED_NOTICE)
    },
    quit: () => guard.quit(),
    refuse: (message) => fail(message),
  }
}
