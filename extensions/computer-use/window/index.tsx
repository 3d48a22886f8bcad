// Computer-use in the window: its tools' rows (drawn when the host renders none of its own) and
// its status segment, which outlasts everything else while it controls the desktop or was stopped.
import { COMPUTER_STATUS_KEY, COMPUTER_STATUS_TEXT, COMPUTER_TOOLS } from "../../../src/common/computer-use"
import type { StatusSegment, WindowFeature } from "../../../src/tui/slots/types"
import { theme } from "../../../src/tui/theme"
import { ComputerToolRow } from "./computer-row"

function computerSegment(text: string): StatusSegment {
  const urgent = text === COMPUTER_STATUS_TEXT.control || text === COMPUTER_STATUS_TEXT.stopped
  const warn = urgent || text === COMPUTER_STATUS_TEXT.busy || text === COMPUTER_STATUS_TEXT.unavailable
  return { text, color: warn ? theme.warning : theme.info, rank: urgent ? -1 : 6.5 }
}

export const computerUseWindow: WindowFeature = {
  name: "computer-use",
  toolRows: Object.fromEntries(Object.keys(COMPUTER_TOOLS).map((name) => [name, ComputerToolRow])),
  statusKeys: { [COMPUTER_STATUS_KEY]: computerSegment },
}
