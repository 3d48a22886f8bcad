// The plan kept on screen while it is carried out: the plan's steps with their progress from the
// todo list, collapsible to one line; when the model proposes a changed plan mid-run, the change
// as a diff while the run waits for the person. Pure: everything comes in as props.
import { For, Show } from "solid-js"
import type { TodoItem, TodoStatus } from "../../../src/common/todo"
import { lineDiff } from "../rules"
import { plural } from "../../../src/util/plural"
import { theme } from "../../../src/tui/theme"
import { PlanDiff } from "./plan-card"

export interface PlanPanelProps {
  title?: string
  steps: string[]
  todos: readonly TodoItem[]
  /** A new plan the model proposed, shown against `plan`. */
  change?: { before: string; after: string }
  collapsed: boolean
  onToggle?: () => void
}

const glyph: Record<TodoStatus, [string, string]> = {
  get completed(): [string, string] {
    return ["✓", theme.success]
  },
  get in_progress(): [string, string] {
    return ["●", theme.warning]
  },
  get pending(): [string, string] {
    return ["○", theme.dim]
  },
}

/** A step's status: the todo at the same position when the list mirrors the steps, else pending. */
export function stepStatus(steps: readonly string[], todos: readonly TodoItem[], i: number): TodoStatus {
  return todos.length === steps.length ? (todos[i]?.status ?? "pending") : "pending"
}

export function PlanPanel(props: PlanPanelProps) {
  // The count is the plan's: its steps, done as far as a todo list that mirrors them says.
  const progress = () => {
    const total = props.steps.length
    if (!total) return ""
    if (props.todos.length !== total) return ` · ${plural(total, "step")}`
    const done = props.steps.filter((_, i) => stepStatus(props.steps, props.todos, i) === "completed").length
    return ` · ${done} of ${total} done`
  }
  return (
    <box
      flexDirection="column"
      flexShrink={0}
      paddingX={1}
      border={["left"]}
      borderColor={props.change ? theme.warning : theme.border}
      marginLeft={1}
    >
      <text wrapMode="none" truncate onMouseUp={() => props.onToggle?.()}>
        <span style={{ fg: theme.accent }}>{`${props.collapsed ? "▸" : "▾"} Plan`}</span>
        <span style={{ fg: theme.text }}>{props.title ? ` · ${props.title}` : ""}</span>
        <span style={{ fg: theme.muted }}>{progress()}</span>
      </text>
      <Show when={props.change}>
        <text fg={theme.warning} wrapMode="word">
          The model changed the plan; the run waits for your answer.
        </text>
        <PlanDiff lines={lineDiff(props.change!.before, props.change!.after)} max={props.collapsed ? 6 : 20} />
      </Show>
      <Show when={!props.change && !props.collapsed}>
        <For each={props.steps.slice(0, 8)}>
          {(s, i) => {
            const st = () => stepStatus(props.steps, props.todos, i())
            return (
              <text wrapMode="none" truncate>
                <span style={{ fg: glyph[st()][1] }}>{`${glyph[st()][0]} `}</span>
                <span style={{ fg: st() === "completed" ? theme.muted : theme.text }}>{`${i() + 1}. ${s}`}</span>
              </text>
            )
          }}
        </For>
        <Show when={props.steps.length > 8}>
          <text fg={theme.dim}>{`… ${props.steps.length - 8} more steps`}</text>
        </Show>
      </Show>
    </box>
  )
}
