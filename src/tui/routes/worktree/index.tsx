// /worktree: the repository's managed worktrees on one page. Enter switches the window to the
// selected checkout (it opens again there, as a new conversation) or restores a snapshot; the
// letter keys make, hand off, branch, remove and prune. Git runs in the CLI's service, never here.
// Its parts: the listing and the one action running (listing.ts), what each key does
// (actions.tsx, keys.ts), the rows in view (list.tsx, rows.tsx).
import { useTerminalDimensions } from "@opentui/solid"
import { Show } from "solid-js"
import { useToast } from "../../context/toast"
import { useWorktrees } from "../../context/worktrees"
import { theme } from "../../theme"
import { shortPath } from "../../util/format"
import { useWorktreeActions } from "./actions"
import { useWorktreeKeys } from "./keys"
import { WorktreeList } from "./list"
import { createWorktreeListing, type Say } from "./listing"

export const WORKTREE_HINTS =
  "Enter switch/restore · n new · p permanent · b branch · h hand to main · c carry from main · d remove · x prune · Esc back"

export function WorktreePage(props: { cwd: string }) {
  const wt = useWorktrees()
  const toast = useToast()
  const dims = useTerminalDimensions()
  const say: Say = (message, level = "info") => toast.show({ level, message })
  const { listing, items, busy, run } = createWorktreeListing(wt.service, say)
  const actions = useWorktreeActions({ say, run })
  const selected = useWorktreeKeys({ items, canAct: () => !!wt.service(), ...actions })

  const hintRows = () => Math.ceil(WORKTREE_HINTS.length / Math.max(10, dims().width - 2))
  const capacity = () => Math.max(1, Math.floor((dims().height - 3 - hintRows()) / 2))
  const now = Date.now()

  return (
    <box flexDirection="column" width="100%" height="100%" paddingX={1}>
      <text flexShrink={0} wrapMode="none" truncate>
        <span style={{ fg: theme.text }}>Worktrees</span>
        <span style={{ fg: theme.dim }}>{`  ${shortPath(listing()?.main ?? props.cwd)}`}</span>
        <span style={{ fg: theme.warning }}>{busy() ? `  ${busy()}…` : ""}</span>
      </text>
      <box flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} marginTop={1}>
        <Show
          when={wt.service()}
          fallback={
            <text fg={theme.dim}>Worktrees are managed from the xagent command (this window has no git service)</text>
          }
        >
          <Show
            when={items().length > 0}
            fallback={<text fg={theme.dim}>{listing.loading ? "Loading…" : "Not in a git repository"}</text>}
          >
            <WorktreeList items={items()} selected={selected()} capacity={capacity()} now={now} />
          </Show>
        </Show>
      </box>
      <text flexShrink={0} fg={theme.dim} wrapMode="word">
        {WORKTREE_HINTS}
      </text>
    </box>
  )
}
