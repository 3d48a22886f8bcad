// /tree: every message of this session file with its branches; choosing one moves the session
// there (the text of a chosen user message comes back into the prompt to edit and resend).
import { useRenderer } from "@opentui/solid"
import { createMemo, createResource, createSignal } from "solid-js"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { theme } from "../../theme"
import { PageList } from "../../ui/page-list"
import { fillComposer } from "../../util/composer-text"
import { oneLine } from "../../util/format"
import { filterRows, flattenTree } from "./flatten"

const roleColor: Record<string, string> = { user: theme.user, assistant: theme.text }
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

export function TreePage() {
  const session = useSession()
  const route = useRoute()
  const renderer = useRenderer()
  const [query, setQuery] = createSignal("")
  const [tree] = createResource(async () => (await session.act("session.tree", {}))?.nodes ?? [])
  const rows = createMemo(() => flattenTree(tree() ?? []))
  const shown = createMemo(() => filterRows(rows(), query()))
  const current = () =>
    Math.max(
      0,
      shown().findIndex((r) => r.node.isLeaf && r.node.onPath),
    )

  const choose = async (entryId: string) => {
    const r = await session.act("session.navigate", { entryId })
    route.navigate({ name: "session" })
    fillComposer(renderer, r?.editorText)
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
