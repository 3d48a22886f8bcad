// The /worktree page's rows: the main checkout, each managed worktree, then the snapshots of
// removed ones. Pure views of the listing; two lines each, cut to the window's width.
import { Show } from "solid-js"
import {
  branchText,
  workText,
  type SnapshotRow,
  type WorktreeListing,
  type WorktreeRow,
} from "../../../common/worktree"
import { plural } from "../../../util/plural"
import { theme } from "../../theme"
import { formatAge, shortPath } from "../../util/format"

export type Item =
  | { kind: "main"; path: string; branch?: string; current: boolean }
  | { kind: "worktree"; row: WorktreeRow; current: boolean }
  | { kind: "snapshot"; snap: SnapshotRow }

export function itemsOf(l: WorktreeListing): Item[] {
  return [
    { kind: "main", path: l.main, branch: l.mainBranch, current: !l.current },
    ...l.worktrees.map((row): Item => ({ kind: "worktree", row, current: l.current === row.name })),
    ...l.snapshots.map((snap): Item => ({ kind: "snapshot", snap })),
  ]
}

const mark = (selected: boolean) => (selected ? "› " : "  ")

export function ItemView(props: { item: Item; selected: boolean; now: number }) {
  const fg = () => (props.selected ? theme.accent : theme.text)
  const it = props.item
  if (it.kind === "main")
    return (
      <>
        <text wrapMode="none" truncate fg={fg()}>
          {mark(props.selected) + "main checkout"}
          <span style={{ fg: theme.muted }}>{it.branch ? `  ${it.branch}` : "  detached"}</span>
          <Show when={it.current}>
            <span style={{ fg: theme.success }}>{"  ● this window"}</span>
          </Show>
        </text>
        <text wrapMode="none" truncate fg={theme.dim}>{`  ${shortPath(it.path)}`}</text>
      </>
    )
  if (it.kind === "snapshot")
    return (
      <>
        <text wrapMode="none" truncate fg={fg()}>
          {mark(props.selected) + it.snap.name}
          <span style={{ fg: theme.warning }}>{"  removed · snapshot"}</span>
        </text>
        <text wrapMode="none" truncate fg={theme.dim}>
          {`  ${formatAge(it.snap.takenAt, props.now)} · ${plural(it.snap.changedFiles, "changed file")} · ${plural(it.snap.unpushed, "commit")}${it.snap.branch ? ` · ${it.snap.branch}` : ""}`}
        </text>
      </>
    )
  const r = it.row
  const use = () => (it.current ? "this window" : r.inUse)
  return (
    <>
      <text wrapMode="none" truncate fg={fg()}>
        {mark(props.selected) + r.name}
        <span style={{ fg: r.branch ? theme.muted : theme.warning }}>{`  ${branchText(r)}`}</span>
        <span style={{ fg: r.missing ? theme.error : r.changedFiles || r.ahead ? theme.warning : theme.dim }}>
          {`  ${workText(r)}`}
        </span>
        <Show when={r.permanent}>
          <span style={{ fg: theme.info }}>{"  permanent"}</span>
        </Show>
        <Show when={use()}>
          <span style={{ fg: theme.success }}>{`  ● ${use()}`}</span>
        </Show>
      </text>
      <text wrapMode="none" truncate fg={theme.dim}>
        {`  from ${r.baseRef ? `${r.baseRef}@` : ""}${r.base} · ${formatAge(r.createdAt, props.now)} · ${shortPath(r.path)}`}
      </text>
    </>
  )
}
