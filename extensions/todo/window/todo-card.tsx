// The todo card: `Todo · 2 of 5 done`, then one line per item (`✓` completed muted, `●` in
// progress warning yellow, `○` pending). Drawn for each successful todo_write and each /todo.
import { For } from "solid-js"
import { todoHeader, type TodoItem, type TodoStatus } from "../../../src/common/todo"
import { theme } from "../../../src/tui/theme"

const mark: Record<TodoStatus, { glyph: string; fg: string; text: string }> = {
  get completed() {
    return { glyph: "✓", fg: theme.success, text: theme.muted }
  },
  get in_progress() {
    return { glyph: "●", fg: theme.warning, text: theme.warning }
  },
  get pending() {
    return { glyph: "○", fg: theme.dim, text: theme.text }
  },
}

export function TodoLines(props: { todos: readonly TodoItem[] }) {
  return (
    <For each={props.todos}>
      {(t) => (
        <text wrapMode="word">
          <span style={{ fg: mark[t.status].fg }}>{`${mark[t.status].glyph} `}</span>
          <span style={{ fg: mark[t.status].text }}>{t.content}</span>
        </text>
      )}
    </For>
  )
}

export function TodoCard(props: { todos: readonly TodoItem[] }) {
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2}>
      <text fg={theme.accent}>{todoHeader(props.todos)}</text>
      <box flexDirection="column" flexShrink={0} paddingLeft={2}>
        <TodoLines todos={props.todos} />
      </box>
    </box>
  )
}
