// How tall the inline footer is: its content's height, but never more than the terminal less two
// rows. When the content does not fit, the live area (the streaming reply, running tools) gives up
// rows from its top, so the composer and status bar stay on screen. A dialog takes all of that.

export interface FooterInput {
  /** Terminal rows. */
  rows: number
  /** The page as last measured, live area included. */
  page: number
  /** The live area's current height (part of `page`). */
  live: number
  /** What the live area's content measured. */
  liveNatural: number
  dialog: boolean
}

/**
 * The most rows the footer takes. Two stay above it: split footer writes scrollback rows by
 * scrolling the rows above it, and with none they are drawn over, with one tmux keeps none in its
 * history (a reply's first part, written while its whole text still filled the footer, was lost).
 */
export const footerCap = (terminalRows: number) => Math.max(1, terminalRows - 2)

export function footerRows(input: FooterInput): { footer: number; live: number } {
  const rows = footerCap(input.rows)
  const rest = Math.max(0, input.page - input.live)
  const live = Math.max(0, Math.min(input.liveNatural, rows - rest))
  const footer = input.dialog ? rows : Math.max(1, Math.min(rows, rest + live))
  return { footer, live }
}
