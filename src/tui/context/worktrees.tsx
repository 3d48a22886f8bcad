// The managed-worktree service the CLI hands the window (the window runs no git itself), and how
// the window moves to another checkout: it closes and the CLI opens it again there, as a new
// conversation.
import type { WorktreeService } from "../../common/worktree"
import { createSimpleContext } from "./helper"

export const { use: useWorktrees, provider: WorktreesProvider } = createSimpleContext({
  name: "Worktrees",
  init: (props: { service?: WorktreeService; onRestart?: (cwd: string) => void }) => ({
    service: () => props.service,
    /** Undefined where the window cannot restart itself (tests without a runner). */
    restartIn: props.onRestart,
  }),
})
