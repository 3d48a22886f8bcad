// The page's keys while no dialog is up: Esc back to the session, Up and Down to select, Enter to
// open the selected item, and the action letters.
import { useKeyboard } from "@opentui/solid"
import { createSignal, type Accessor } from "solid-js"
import { useDialog } from "../../context/dialog"
import { useRoute } from "../../context/route"
import { WORKTREE_LETTERS } from "./actions"
import type { Item } from "./rows"

export function useWorktreeKeys(opts: {
  items: Accessor<Item[]>
  /** Whether the letters have a service to act on. */
  canAct: Accessor<boolean>
  open(it: Item): void
  letter(name: string, it: Item | undefined): void
}) {
  const route = useRoute()
  const dialog = useDialog()
  const [selected, setSelected] = createSignal(0)
  const chosen = (): Item | undefined => opts.items()[Math.min(selected(), opts.items().length - 1)]

  useKeyboard((e) => {
    if (dialog.active() || e.defaultPrevented || route.route().name !== "worktree") return
    const n = opts.items().length
    const it = chosen()
    if (e.name === "escape") route.navigate({ name: "session" })
    else if (e.name === "up") setSelected((s) => Math.max(0, s - 1))
    else if (e.name === "down") setSelected((s) => Math.min(Math.max(0, n - 1), s + 1))
    else if ((e.name === "return" || e.name === "kpenter") && it) opts.open(it)
    else if (!e.ctrl && !e.meta && opts.canAct() && WORKTREE_LETTERS.includes(e.name) && e.name.length === 1)
      opts.letter(e.name, it)
    else return
    e.preventDefault()
  })

  return selected
}
