// The todo list in the window: the card of each successful todo_write (a failed or malformed call
// stays an ordinary tool row) and of each /todo snapshot. todo_write's details are read by plan
// mode's panel and by editors over ACP too, so their shape stays in src/common/todo.ts.
import { PlainToolRow } from "../../../src/tui/component/message/extension-rows"
import type { WindowFeature } from "../../../src/tui/slots/types"
import { TODO_CARD, TODO_TOOL, todoDetails } from "../../../src/common/todo"
import { TodoCard } from "./todo-card"

export const todoWindow: WindowFeature = {
  name: "todo",
  cards: {
    [TODO_CARD]: (p) => {
      const todos = todoDetails(p.item.details)
      return todos ? <TodoCard todos={todos.todos} /> : undefined
    },
  },
  toolCards: {
    [TODO_TOOL]: (p) => {
      const todos = () => (p.item.status === "done" ? todoDetails(p.item.details) : undefined)
      return todos() ? <TodoCard todos={todos()!.todos} /> : <PlainToolRow {...p} />
    },
  },
}
