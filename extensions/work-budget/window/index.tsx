// Work budgets in the window: the checkpoint card that marks where one slice of a reply ended and
// the next began (or where the budget stopped it), drawn from the custom message's details.
import type { WindowFeature } from "../../../src/tui/slots/types"
import { theme } from "../../../src/tui/theme"
import { CHECKPOINT, checkpointLines, checkpointOf, type CheckpointDetails } from "../rules"

function CheckpointCard(props: { details: CheckpointDetails }) {
  const lines = () => checkpointLines(props.details)
  const stopped = () => props.details.next === "stop"
  return (
    <box flexShrink={0} marginTop={1} paddingLeft={2} flexDirection="column">
      <text fg={stopped() ? theme.warning : theme.accent}>{lines().head}</text>
      <box paddingLeft={2}>
        <text fg={theme.muted}>{lines().body}</text>
      </box>
    </box>
  )
}

export const workBudgetWindow: WindowFeature = {
  name: "work-budget",
  cards: {
    [CHECKPOINT]: (p) => {
      const details = checkpointOf(p.item.details)
      return details ? <CheckpointCard details={details} /> : undefined
    },
  },
}
