// The session page's own keys: thinking and tool-output folds, the model keys, a new session, and
// the transcript's paging (full screen). An extension component or a dialog that has focus takes
// them first; the dock scrolls its own body with the paging keys.
import { useKeyboard } from "@opentui/solid"
import { useDialog } from "../../context/dialog"
import { useScreen } from "../../context/screen"
import { useToast } from "../../context/toast"
import { useView } from "../../context/view"
import { useKeymap } from "../../keys/keymap"
import type { VirtualListApi } from "../../ui/virtual-list"
import type { CommandActions } from "../../commands"

export function usePageKeys(opts: {
  focused: () => boolean
  dockActive: () => boolean
  actions: CommandActions
  list: () => VirtualListApi | undefined
  /** Messages wait behind the reply: Alt+↓ opens /follow-up. */
  queued: () => boolean
}): void {
  const view = useView()
  const dialog = useDialog()
  const screen = useScreen()
  const toast = useToast()
  const keys = useKeymap()
  // Inline, a fold key writes the whole transcript again (the scrollback's rows cannot change in
  // place): a line says what the screen just did, as pi's does.
  const foldNotice = (what: string, open: boolean) =>
    screen.inline && toast.show({ level: "info", message: `${what}: ${open ? "expanded" : "collapsed"}` })
  useKeyboard((e) => {
    if (!opts.focused() || dialog.active() || e.defaultPrevented) return
    const handled = () => e.preventDefault()
    const { actions } = opts
    if (keys.matches("app.thinking.toggle", e)) {
      view.toggleThinking()
      return (foldNotice("Thinking", view.thinkingOpen()), handled())
    }
    if (keys.matches("app.tools.expand", e)) {
      view.toggleTools()
      return (foldNotice("Tool output", view.toolsOpen()), handled())
    }
    if (keys.matches("app.model.cycleForward", e)) return (actions.cycleModel("forward"), handled())
    if (keys.matches("app.model.cycleBackward", e)) return (actions.cycleModel("backward"), handled())
    if (keys.matches("app.model.select", e)) return (actions.pickModel(""), handled())
    if (e.meta && !e.ctrl && !e.shift && e.name === "down" && opts.queued()) return (actions.openFollowUp(), handled())
    // No key by default, as in Pi: the person's keybindings file may give it one.
    if (keys.matches("app.session.new", e)) return (actions.newSession(), handled())
    if (opts.dockActive()) return
    const list = opts.list()
    if (keys.matches("tui.altScreen.pageUp", e)) return (list?.page(-1), handled())
    if (keys.matches("tui.altScreen.pageDown", e)) return (list?.page(1), handled())
    if (keys.matches("tui.altScreen.top", e)) return (list?.toTop(), handled())
    if (keys.matches("tui.altScreen.bottom", e)) return (list?.toBottom(), handled())
  })
}
