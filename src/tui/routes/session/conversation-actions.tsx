// What the commands do with this conversation itself: name it, compact it, ask beside it (/btw), copy, export, count
// its usage, show the files it changed, and ask for AGENTS.md.
import { useTerminalDimensions } from "@opentui/solid"
import type { CommandActions, CopyTarget, ExportFormat } from "../../commands"
import { SessionChangesView } from "../../component/session-changes-view"
import { UsageView } from "../../component/usage/usage-view"
import { useClipboard } from "../../context/clipboard"
import { useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { DialogInput } from "../../ui/dialog-input"
import { initPrompt } from "../../util/init-prompt"
import { sessionChanges } from "../../util/session-changes"
import { transcriptMarkdown } from "../../../common/transcript-markdown"
import { useActionToasts } from "./action-toasts"
import { copyText } from "./copy-text"

export function useConversationActions(): Pick<
  CommandActions,
  "compact" | "rename" | "btw" | "copy" | "usage" | "exportSession" | "diff" | "init"
> {
  const session = useSession()
  const dialog = useDialog()
  const sync = useSync()
  const dims = useTerminalDimensions()
  const clipboard = useClipboard()
  const { info, fail } = useActionToasts()

  return {
    compact: (instructions) => void session.act("session.compact", instructions ? { instructions } : {}),
    rename(name) {
      const apply = (n: string) => {
        const trimmed = n.trim()
        if (!trimmed) return fail("A session name cannot be empty")
        void session.act("session.setName", { name: trimmed }).then((r) => r && info(`Named: ${trimmed}`))
      }
      if (name.trim()) return apply(name)
      dialog.show(() => (
        <DialogInput title="Name this session" value={sync.data.info?.name} onSubmit={apply} onCancel={() => {}} />
      ))
    },
    btw(question) {
      if (!question) return fail("/btw needs a question: /btw <question>")
      const id = `side-${Math.random().toString(36).slice(2, 10)}`
      sync.side.ask(id, question)
      void session.act("session.btw", { id, question }).then((r) => r || sync.side.failed(id))
    },
    async copy(target: CopyTarget) {
      const picked = await copyText(target, {
        side: () => sync.side.current()?.text,
        lastReply: async () => (await session.act("session.lastReply", {}))?.text,
        all: () => (sync.data.info ? transcriptMarkdown(sync.data.info, sync.data.items) : ""),
      })
      if ("refused" in picked) return info(picked.refused)
      const { via } = await clipboard.copy(picked.text)
      if (via.length === 0) return fail("Not copied: the terminal ignores OSC 52 and no clipboard tool was found")
      info(`Copied ${picked.what}`)
    },
    async usage() {
      const r = await session.act("session.usage", {})
      // The dialog's inner width: its frame (dialog.tsx) less border and padding.
      if (r) dialog.show(() => <UsageView usage={r} width={Math.max(20, Math.min(76, dims().width - 4)) - 4} />)
    },
    async exportSession(format: ExportFormat, path?: string) {
      const r = await session.act("session.export", path ? { format, path } : { format })
      if (r) info(`Exported to ${r.path}`)
    },
    async diff() {
      const files = sessionChanges(sync.data.items)
      // A failed read (said by act) still leaves the agent's own edits to show.
      const workspace = await session.act("session.diff", {})
      const clean = !workspace?.repo || workspace.files.length + workspace.moreUntracked === 0
      if (files.length === 0 && clean)
        return info(
          workspace?.repo
            ? "No changes: the work tree matches HEAD and the agent has edited nothing"
            : "No files changed by the agent in this session yet",
        )
      dialog.show(() => <SessionChangesView files={files} workspace={workspace} />)
    },
    init(extra) {
      // Queued as a follow-up during a reply, as a typed message would be (a failure is reported by act).
      void session.send(initPrompt(extra), sync.data.running ? "followUp" : "prompt")
    },
  }
}
