// The popup list above the composer (commands after `/`, paths after `@`, skills after `$`): a
// window of rows that keeps the selected one visible. Pure view; the composer owns the keys. Its
// rows are names and descriptions extensions, skills and file names chose: drawn as one safe line.
import { For, Show } from "solid-js"
import { terminalLine } from "../../../common/terminal-text"
import { theme } from "../../theme"

export interface SuggestionItem {
  label: string
  detail?: string
  /** Greyed: offered to read, not to run here (its detail says why). */
  dim?: boolean
}

export interface SuggestionListProps {
  items: SuggestionItem[]
  selected: number
  maxRows?: number
  /** Shown instead of rows while there are none. */
  emptyText?: string
  onPick(index: number): void
}

export function SuggestionList(props: SuggestionListProps) {
  const rows = () => props.maxRows ?? 8
  const offset = () => Math.max(0, Math.min(props.selected - rows() + 1, props.items.length - rows()))
  const visible = () => props.items.slice(offset(), offset() + rows()).map((item, i) => ({ item, index: offset() + i }))
  const more = () => props.items.length - offset() - rows()
  return (
    <box border borderStyle="rounded" borderColor={theme.border} flexDirection="column" flexShrink={0}>
      <Show when={props.items.length > 0} fallback={<text fg={theme.dim}>{props.emptyText ?? "No matches"}</text>}>
        <For each={visible()}>
          {(row) => (
            <box
              flexDirection="row"
              height={1}
              backgroundColor={row.index === props.selected ? theme.selection : undefined}
              onMouseUp={() => props.onPick(row.index)}
            >
              <text flexShrink={0} fg={theme.accent}>
                {row.index === props.selected ? "› " : "  "}
              </text>
              <text wrapMode="none" flexShrink={0} maxWidth="70%" fg={row.item.dim ? theme.dim : theme.accent}>
                {terminalLine(row.item.label)}
              </text>
              <Show when={row.item.detail}>
                <text wrapMode="none" flexGrow={1} flexShrink={1} fg={row.item.dim ? theme.dim : theme.muted}>
                  {"  " + terminalLine(row.item.detail!)}
                </text>
              </Show>
            </box>
          )}
        </For>
        <Show when={more() > 0}>
          <text fg={theme.dim}>{`  … ${more()} more`}</text>
        </Show>
      </Show>
    </box>
  )
}
