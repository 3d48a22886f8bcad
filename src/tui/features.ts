// The bundled features' window parts (extensions/<name>/window/): each is one registration here,
// and the window reaches it only through the slots (src/tui/slots/). A switched-off extension's
// part stays loaded: its cards and keys wait on what its host part would send.
import { askUserWindow } from "../../extensions/ask-user/window"
import { computerUseWindow } from "../../extensions/computer-use/window"
import { goalWindow } from "../../extensions/goal/window"
import { planWindow } from "../../extensions/plan/window"
import { subagentsWindow } from "../../extensions/subagents/window"
import { todoWindow } from "../../extensions/todo/window"
import { workBudgetWindow } from "../../extensions/work-budget/window"
import type { WindowFeature } from "./slots/types"

export const WINDOW_FEATURES: readonly WindowFeature[] = [
  planWindow,
  goalWindow,
  todoWindow,
  computerUseWindow,
  askUserWindow,
  subagentsWindow,
  workBudgetWindow,
]
