// /diff: the files this session's edit and write calls changed, each call drawn as its transcript
// row is, opened (the edit's diff, the written text). Scrolls with the arrows and PgUp/PgDn.
import { TextAttributes, type ScrollBoxRenderable } from "@opentui/core"
import { useKeyboard } from "@opentui/solid"
import { For } from "solid-js"
import { terminalText } from "../../protocol/terminal-text"
import { plural } from "../../util/plural"
import { useWindowRows } from "../context/window-rows"
import { theme } from "../theme"
import type { FileChanges } from "../util/session-changes"
import { EditToolRow, WriteToolRow } from "./message/tool-rows"

export function SessionChangesView(props: { files: FileChanges[] }) {
  const windowRows = useWindowRows()
  let box: ScrollBoxRenderable | undefined
  useKeyboard((e) => {
    if (!box) return
    const page = Math.max(1, box.viewport.height - 1)
    if (e.name === "up") box.scrollBy(-1)
    else if (e.name === "down") box.scrollBy(1)
    else if (e.name === "pageup") box.scrollBy(-page)
    else if (e.name === "pagedown") box.scrollBy(page)
    else return
    e.preventDefault()
  })
  const calls = () => props.files.reduce((n, f) => n + f.calls.length, 0)
  return (
    <box flexDirection="column">
      <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD}>
        {`Changed this session: ${plural(props.files.length, "file")}, ${plural(calls(), "edit/write call")}`}
      </text>
      <scrollbox
        ref={(r: ScrollBoxRenderable) => (box = r)}
        height={Math.max(3, windowRows() - 8)}
        flexShrink={0}
        wrapperOptions={{ flexBasis: 0 }}
      >
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
      </scrollbox>
      <text flexShrink={0} fg={theme.dim}>
        ↑/↓ PgUp/PgDn scroll · Esc closes
      </text>
    </box>
  )
}
