// /diff: what changed, in two tabs. "Workspace" is the folder's git diff against HEAD with its
// untracked files (whoever changed them: the agent's edits, its bash, the person), as Codex's /diff
// shows; "Agent's edits" is this session's edit and write calls by file, each drawn as its
// transcript row is, opened. Outside a git repository only the second exists. Tab switches;
// arrows and PgUp/PgDn scroll.
import { TextAttributes, type ScrollBoxRenderable } from "@opentui/core"
import { useKeyboard } from "@opentui/solid"
import { createSignal, For, Match, Show, Switch } from "solid-js"
import type { WorkspaceDiff, WorkspaceFileDiff } from "../../protocol"
import { terminalText } from "../../common/terminal-text"
import { plural } from "../../util/plural"
import { useWindowRows } from "../context/window-rows"
import { theme } from "../theme"
import { useScrollKeys } from "../ui/scroll-keys"
import type { FileChanges } from "../util/session-changes"
import { DiffView } from "./message/diff-view"
import { EditToolRow, WriteToolRow } from "./message/tool-rows"

type Tab = "workspace" | "agent"

export function SessionChangesView(props: { files: FileChanges[]; workspace?: WorkspaceDiff }) {
  const windowRows = useWindowRows()
  const repo = () => (props.workspace?.repo ? props.workspace : undefined)
  const tabs = (): Tab[] => (repo() ? ["workspace", "agent"] : ["agent"])
  const [tab, setTab] = createSignal<Tab>(tabs()[0]!)
  let box: ScrollBoxRenderable | undefined
  useScrollKeys(() => box)
  useKeyboard((e) => {
    if (e.name !== "tab" && e.name !== "left" && e.name !== "right") return
    const all = tabs()
    const step = e.name === "left" || (e.name === "tab" && e.shift) ? -1 : 1
    setTab(all[(all.indexOf(tab()) + step + all.length) % all.length]!)
    box?.scrollTo(0)
    e.preventDefault()
  })
  return (
    <box flexDirection="column">
      <Show when={tabs().length > 1}>
        <text flexShrink={0}>
          <For each={tabs()}>
            {(t) => (
              <span
                style={{
                  fg: t === tab() ? theme.accent : theme.dim,
                  attributes: t === tab() ? TextAttributes.BOLD : 0,
                }}
              >
                {t === tab() ? `[${TAB_NAMES[t]}] ` : ` ${TAB_NAMES[t]}  `}
              </span>
            )}
          </For>
        </text>
      </Show>
      <scrollbox
        ref={(r: ScrollBoxRenderable) => (box = r)}
        height={Math.max(3, windowRows() - 9)}
        flexShrink={0}
        wrapperOptions={{ flexBasis: 0 }}
      >
        <Switch>
          <Match when={tab() === "workspace" && repo()}>
            <WorkspaceTab diff={repo()!} />
          </Match>
          <Match when={tab() === "agent"}>
            <AgentTab files={props.files} outsideRepo={props.workspace?.repo === false} />
          </Match>
        </Switch>
      </scrollbox>
      <text flexShrink={0} fg={theme.dim}>
        {tabs().length > 1 ? "Tab switches · ↑/↓ PgUp/PgDn scroll · Esc closes" : "↑/↓ PgUp/PgDn scroll · Esc closes"}
      </text>
    </box>
  )
}

const TAB_NAMES: Record<Tab, string> = { workspace: "Workspace", agent: "Agent's edits" }

function WorkspaceTab(props: { diff: Extract<WorkspaceDiff, { repo: true }> }) {
  const totals = () =>
    props.diff.files.reduce((t, f) => ({ added: t.added + f.added, removed: t.removed + f.removed }), {
      added: 0,
      removed: 0,
    })
  const against = () => (props.diff.base === "HEAD" ? "against HEAD" : "(no commit yet)")
  return (
    <box flexDirection="column" flexShrink={0}>
      <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD}>
        {props.diff.files.length === 0
          ? `No changes ${against()}: the work tree is clean`
          : `${plural(props.diff.files.length, "file")} changed ${against()}, +${totals().added} −${totals().removed}`}
      </text>
      <text flexShrink={0} fg={theme.dim}>
        {terminalText(props.diff.root)}
      </text>
      <For each={props.diff.files}>{(file) => <WorkspaceFile file={file} />}</For>
      <Show when={props.diff.moreUntracked > 0}>
        <text flexShrink={0} fg={theme.dim} marginTop={1}>
          {`… and ${plural(props.diff.moreUntracked, "more untracked file")} (git status lists them)`}
        </text>
      </Show>
    </box>
  )
}

function WorkspaceFile(props: { file: WorkspaceFileDiff }) {
  const counts = () => (props.file.added || props.file.removed ? ` · +${props.file.added} −${props.file.removed}` : "")
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1}>
      <text flexShrink={0} fg={theme.accent}>
        {`${terminalText(props.file.path)} · ${props.file.status}${counts()}`}
      </text>
      <Show
        when={props.file.diff}
        fallback={
          <text flexShrink={0} fg={theme.dim}>
            {terminalText(props.file.note ?? "")}
          </text>
        }
      >
        <DiffView diff={props.file.diff!} max={Number.MAX_SAFE_INTEGER} />
      </Show>
    </box>
  )
}

function AgentTab(props: { files: FileChanges[]; outsideRepo: boolean }) {
  const calls = () => props.files.reduce((n, f) => n + f.calls.length, 0)
  return (
    <box flexDirection="column" flexShrink={0}>
      <Show when={props.outsideRepo}>
        <text flexShrink={0} fg={theme.dim}>
          Not a git repository: these are the agent's edit and write calls (changes its commands made are not listed)
        </text>
      </Show>
      <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD}>
        {props.files.length === 0
          ? "The agent has not edited or written a file in this session"
          : `Changed this session: ${plural(props.files.length, "file")}, ${plural(calls(), "edit/write call")}`}
      </text>
      <For each={props.files}>
        {(file) => (
          <box flexDirection="column" flexShrink={0} marginTop={1}>
            <text flexShrink={0} fg={theme.accent}>
              {`${terminalText(file.path)} · ${plural(file.calls.length, "change")}`}
            </text>
            <For each={file.calls}>
              {(call) =>
                call.name === "edit" ? (
                  <EditToolRow item={call} open onToggle={() => {}} />
                ) : (
                  <WriteToolRow item={call} open onToggle={() => {}} />
                )
              }
            </For>
          </box>
        )}
      </For>
    </box>
  )
}
