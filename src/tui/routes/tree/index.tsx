// /tree: every message of this session file with its branches; choosing one moves the session
// there (the text of a chosen user message comes back into the prompt to edit and resend).
import { createMemo, createResource, createSignal } from "solid-js"
import { useDialog } from "../../context/dialog"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { useToast } from "../../context/toast"
import { DialogEditor } from "../../ui/dialog-editor"
import { DialogSelect } from "../../ui/dialog-select"
import { theme, themed } from "../../theme"
import { PageList } from "../../ui/page-list"
import { useComposerInput } from "../../context/composer-input"
import { oneLine } from "../../util/format"
import { filterRows, flattenTree } from "./flatten"

const roleColor: Record<string, string> = themed({ user: "user", assistant: "text" })
// Pi's entry types as a person would name them (the rest, user and assistant, read as they are).
const roleLabel: Record<string, string> = {
  model_change: "model",
  thinking_level_change: "thinking",
  session_info: "name",
  toolResult: "tool",
  bashExecution: "shell",
  branch_summary: "branch summary",
  branchSummary: "branch summary",
  compactionSummary: "compaction",
  custom_message: "extension",
  custom: "extension",
}

const SUMMARY_CHOICES = ["No summary", "Summarize", "Summarize with custom prompt"]

export function TreePage() {
  const session = useSession()
  const sync = useSync()
  const dialog = useDialog()
  const toast = useToast()
  const route = useRoute()
  const composer = useComposerInput()
  const [query, setQuery] = createSignal("")
  const [tree] = createResource(async () => (await session.act("session.tree", {}))?.nodes ?? [])
  const rows = createMemo(() => flattenTree(tree() ?? []))
  const shown = createMemo(() => filterRows(rows(), query()))
  const current = () =>
    Math.max(
      0,
      shown().findIndex((r) => r.node.isLeaf && r.node.onPath),
    )

  const go = async (entryId: string, summary?: { customInstructions?: string }) => {
    if (summary) toast.show({ level: "info", message: "Summarizing the branch…" })
    const r = await session.act("session.navigate", summary ? { entryId, summarize: true, ...summary } : { entryId })
    route.navigate({ name: "session" })
    composer.restore(r?.editorText)
  }

  // As Pi's /tree: what to keep of the branch left behind, unless branchSummary.skipPrompt says never ask.
  const choose = (entryId: string) => {
    if (sync.data.info?.skipBranchSummaryPrompt) return void go(entryId)
    dialog.show(() => (
      <DialogSelect
        title="Summarize branch?"
        options={SUMMARY_CHOICES.map((label) => ({ label, value: label }))}
        onSelect={(choice) => {
          if (choice === "No summary") return void go(entryId)
          if (choice === "Summarize") return void go(entryId, {})
          dialog.show(() => (
            <DialogEditor
              title="Custom summarization instructions"
              onSubmit={(text) => void go(entryId, { customInstructions: text })}
              onCancel={() => choose(entryId)}
            />
          ))
        }}
        onCancel={() => {}}
      />
    ))
  }

  return (
    <PageList
      title="Session tree"
      subtitle="● current path"
      items={shown()}
      loading={tree.loading}
      empty={query() ? "No message matches" : "No messages yet"}
      rowHeight={1}
      initial={current()}
      hints="Enter go there · Esc back"
      onQuery={setQuery}
      onChoose={(r) => void choose(r.node.id)}
      onBack={() => route.navigate({ name: "session" })}
    >
      {(r, selected) => (
        <text wrapMode="none">
          <span style={{ fg: theme.accent }}>{selected() ? "›" : " "}</span>
          <span style={{ fg: theme.dim }}>{" ".repeat(1 + Math.min(r.level, 12) * 2)}</span>
          <span style={{ fg: r.node.onPath ? theme.success : theme.dim }}>{r.node.onPath ? "● " : "○ "}</span>
          <span
            style={{ fg: roleColor[r.node.role] ?? theme.muted }}
          >{`${roleLabel[r.node.role] ?? r.node.role}: `}</span>
          <span style={{ fg: theme.muted }}>{oneLine(r.node.text, 300)}</span>
          <span style={{ fg: theme.dim }}>{r.branches ? " ⑂" : ""}</span>
        </text>
      )}
    </PageList>
  )
}
