// The rows that fit the page, two lines each, scrolled so that the selected one stays in view.
import { For } from "solid-js"
import { theme } from "../../theme"
import { ItemView, type Item } from "./rows"

export function WorktreeList(props: { items: Item[]; selected: number; capacity: number; now: number }) {
  const offset = () => Math.max(0, Math.min(props.selected - props.capacity + 1, props.items.length - props.capacity))
  const visible = () => props.items.slice(Math.max(0, offset()), Math.max(0, offset()) + props.capacity)
  return (
    <For each={visible()}>
      {(item) => {
        const isSel = () => props.items.indexOf(item) === props.selected
        return (
          <box flexDirection="column" height={2} flexShrink={0} backgroundColor={isSel() ? theme.selection : undefined}>
            <ItemView item={item} selected={isSel()} now={props.now} />
          </box>
        )
      }}
    </For>
  )
}
