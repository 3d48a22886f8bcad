// ask_user questions as the window draws them: every text the model wrote (labels, prompts, choice
// labels and descriptions) through the one terminal sanitizer. Values stay as sent, since they go back
// to the agent; sketches are not touched: the dock refuses one that is not printable ASCII.
import type { AskChoice, AskQuestion } from "../../../src/protocol/ask-user"
import { terminalText } from "../../../src/common/terminal-text"

// A transcript card may hold a malformed call: only strings are touched.
const shownChoice = (c: AskChoice): AskChoice => ({
  ...c,
  ...(typeof c.label === "string" ? { label: terminalText(c.label) } : {}),
  ...(typeof c.description === "string" ? { description: terminalText(c.description) } : {}),
})

export const shownQuestion = (q: AskQuestion): AskQuestion => ({
  ...q,
  label: terminalText(q.label),
  prompt: terminalText(q.prompt),
  choices: q.choices.map((c) => (typeof c === "object" && c !== null ? shownChoice(c) : c)),
})
