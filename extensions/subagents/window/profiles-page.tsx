// /agents: the agent profiles a person can name, full screen. The list is grouped by where each
// comes from (built-in, global, project, Claude Code's, files that cannot be read with the reason);
// the selected one's details beside it (under it in a narrow window). n writes a new profile from a
// template in the scope chosen and opens it in $EDITOR, e opens the selected file there, c copies
// the selected profile to a scope under a new name, d deletes a profile file after a confirmation.
// The host reads and writes the files (agents.list, agents.change): the window loads no TypeBox.
// Built-ins are greyed with the reason they cannot be edited or deleted; so is what the host refuses.
import { useKeyboard, useRenderer, useTerminalDimensions } from "@opentui/solid"
import { createMemo, createResource, createSignal, For, Show } from "solid-js"
import type { ProfileRow, ProfileScope } from "../../../src/protocol/agent-profiles"
import { terminalLine } from "../../../src/common/terminal-text"
import { useDialog } from "../../../src/tui/context/dialog"
import { useSession } from "../../../src/tui/context/session"
import { useToast } from "../../../src/tui/context/toast"
import { theme } from "../../../src/tui/theme"
import { DialogConfirm } from "../../../src/tui/ui/dialog-confirm"
import { DialogInput } from "../../../src/tui/ui/dialog-input"
import { DialogSelect } from "../../../src/tui/ui/dialog-select"
import { editInTerminal } from "../../../src/tui/util/editor"
import { cut, detailLines, listLines, summary } from "./profile-lines"

export const AGENTS_HINTS = "↑↓ select · n new · e edit · c copy · d delete · r reload · Esc back"
/** From this width the details stand beside the list; below it, under it. */
const SIDE_BY_SIDE = 80

export function ProfilesPage() {
  const session = useSession()
  const dialog = useDialog()
  const toast = useToast()
  const renderer = useRenderer()
  const dims = useTerminalDimensions()
  const [selected, setSelected] = createSignal(0)
  const say = (message: string, level: "info" | "warning" | "error" = "info") =>
    toast.show({ level, message: terminalLine(message) })

  const [listing, { refetch }] = createResource(async () => await session.act("agents.list", {}))
  const rows = () => listing()?.rows ?? []
  const chosen = (): ProfileRow | undefined => rows()[Math.min(selected(), rows().length - 1)]
  const lines = createMemo(() => listLines(rows(), listing()?.folders))

  async function edit(file: string) {
    const failed = await editInTerminal(renderer, file)
    if (failed) say(failed, "error")
    await refetch()
    // The profile edited stays selected, wherever its new name sorts it.
    const at = rows().findIndex((r) => r.file === file)
    if (at >= 0) setSelected(at)
  }

  /** Scope, then name: the file is made by the host (never over an existing one), then edited. */
  function askWhere(title: string, then: (scope: ProfileScope, name: string) => void) {
    const folders = listing()?.folders
    dialog.show(() => (
      <DialogSelect
        title={title}
        options={[
          { label: "Global", value: "global", description: terminalLine(folders?.global ?? "") },
          { label: "Project", value: "project", description: terminalLine(folders?.project ?? "") },
        ]}
        onSelect={(scope) =>
          dialog.show(() => (
            <DialogInput
              title={`${title}: its name (lowercase letters, digits, -)`}
              placeholder="code-reviewer"
              onSubmit={(name) => name.trim() && then(scope as ProfileScope, name.trim())}
              onCancel={() => {}}
            />
          ))
        }
        onCancel={() => {}}
      />
    ))
  }

  function create() {
    askWhere("New profile", async (scope, name) => {
      const made = await session.act("agents.change", { change: { action: "new", scope, name } })
      if (made) await edit(made.file)
    })
  }

  function copy(row: ProfileRow | undefined) {
    if (!row) return
    if (row.group === "unreadable") return say(`${row.name} cannot be read, so it cannot be copied`, "warning")
    askWhere(`Copy ${terminalLine(row.name)}`, async (scope, name) => {
      const made = await session.act("agents.change", {
        change: { action: "copy", scope, name, from: { group: row.group, name: row.name } },
      })
      if (!made) return
      say(`Copied to ${made.file}`)
      await refetch()
      const at = rows().findIndex((r) => r.file === made.file)
      if (at >= 0) setSelected(at)
    })
  }

  function remove(row: ProfileRow | undefined) {
    if (!row?.file || row.noDelete) return say(row?.noDelete ?? "Nothing to delete here", "warning")
    const file = row.file
    dialog.show(() => (
      <DialogConfirm
        title="Delete a profile"
        message={`Delete ${terminalLine(file)}? This cannot be undone.`}
        onConfirm={async (yes) => {
          if (!yes || !(await session.act("agents.change", { change: { action: "delete", file } }))) return
          say(`Deleted ${file}`)
          await refetch()
          setSelected((s) => Math.max(0, Math.min(s, rows().length - 1)))
        }}
      />
    ))
  }

  useKeyboard((e) => {
    if (dialog.active() || e.defaultPrevented || e.ctrl || e.meta) return
    const n = rows().length
    const row = chosen()
    if (e.name === "up") setSelected((s) => Math.max(0, s - 1))
    else if (e.name === "down") setSelected((s) => Math.min(Math.max(0, n - 1), s + 1))
    else if (e.name === "n") create()
    else if (e.name === "e") {
      if (!row?.file || row.noEdit) say(row?.noEdit ?? "Nothing to edit here", "warning")
      else void edit(row.file)
    } else if (e.name === "c") copy(row)
    else if (e.name === "d") remove(row)
    else if (e.name === "r") void refetch()
    else return
    e.preventDefault()
  })

  const wide = () => dims().width >= SIDE_BY_SIDE
  const listWidth = () => (wide() ? Math.floor((dims().width - 2) * 0.5) : dims().width - 2)
  const detailWidth = () => (wide() ? dims().width - 2 - listWidth() - 2 : dims().width - 2)
  const details = () => (chosen() ? detailLines(chosen()!) : [])
  // The page's title row, the hints and (narrow) the details under the list take the rest.
  const hintRows = () => Math.ceil(AGENTS_HINTS.length / Math.max(10, dims().width - 2))
  // Under the list (narrow), the details take their wrapped rows, at most 8: the rest is cut.
  const detailRows = () =>
    Math.min(
      8,
      details().reduce((n, d) => n + Math.ceil((d.label.length + 2 + d.value.length) / Math.max(1, detailWidth())), 0),
    )
  const capacity = () => Math.max(3, dims().height - 3 - hintRows() - (wide() ? 0 : detailRows() + 1))
  const selectedLine = () => lines().findIndex((l) => l.kind === "row" && l.index === selected())
  const offset = () => Math.max(0, Math.min(selectedLine() - capacity() + 2, lines().length - capacity()))
  const visible = () => lines().slice(offset(), offset() + capacity())

  const rowView = (line: ReturnType<typeof lines>[number]) => {
    if (line.kind === "header")
      return (
        <text height={1} flexShrink={0} wrapMode="none" truncate fg={theme.accent}>
          {cut(line.text, listWidth())}
        </text>
      )
    const r = line.row
    const isSel = () => line.index === selected()
    const grey = () => !!r.shadowedBy || !!(r.noEdit && r.noDelete)
    const name = terminalLine(r.name)
    return (
      <text height={1} flexShrink={0} wrapMode="none" truncate>
        <span style={{ fg: isSel() ? theme.accent : theme.dim }}>{isSel() ? "› " : "  "}</span>
        <span style={{ fg: r.group === "unreadable" ? theme.error : grey() ? theme.muted : theme.text }}>
          {cut(name, listWidth() - 2)}
        </span>
        <span style={{ fg: theme.dim }}>{`  ${cut(summary(r), listWidth() - 4 - name.length)}`}</span>
      </text>
    )
  }

  return (
    <box flexDirection="column" flexGrow={1}>
      <box flexDirection={wide() ? "row" : "column"} flexGrow={1} flexShrink={1} minHeight={0} marginTop={1}>
        <box flexDirection="column" width={listWidth()} flexShrink={0}>
          <Show
            when={rows().length > 0}
            fallback={<text fg={theme.dim}>{listing.loading ? "Loading…" : "No profiles could be listed"}</text>}
          >
            <For each={visible()}>{(line) => rowView(line)}</For>
          </Show>
        </box>
        <box
          flexDirection="column"
          width={detailWidth()}
          marginLeft={wide() ? 2 : 0}
          marginTop={wide() ? 0 : 1}
          flexShrink={wide() ? 1 : 0}
          minHeight={0}
          overflow="hidden"
          {...(wide() ? {} : { height: detailRows() })}
        >
          <For each={details()}>
            {(d) => (
              <text wrapMode="word" width={detailWidth()}>
                <span style={{ fg: theme.muted }}>{`${d.label}: `}</span>
                <span style={{ fg: d.label === "error" ? theme.error : theme.text }}>{d.value}</span>
              </text>
            )}
          </For>
        </box>
      </box>
      <text flexShrink={0} fg={theme.dim} wrapMode="word">
        {AGENTS_HINTS}
      </text>
    </box>
  )
}
