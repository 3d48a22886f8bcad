// Pi's parser on captures shaped as pi draws them (`capture-pane -e`): its notices about itself are
// not the conversation. Under load an Enter reached pi before its start-up ended, its dim
// "Startup is still in progress" stayed above the prompt, and the harness read it as the first
// text block: the scenario failed against xagent's list, which had no such item.
import { expect, test } from "bun:test"
import { show } from "./items"
import { parsePi } from "./parse-pi"

const DIM = (t: string) => `\x1b[2m${t}\x1b[0m`
const RULE = "─".repeat(60)

const capture = (...transcript: string[]) =>
  [
    `$ node pi --tui-mode regular --tools read,bash; echo "EXIT=$?"`,
    "",
    ...transcript,
    "",
    RULE,
    "",
    RULE,
    "<root>/project",
  ].join("\n")

test("pi's start-up notice and tmux warning are not items; the conversation around them is", () => {
  const items = parsePi(
    capture(
      "Warning: tmux extended-keys is off",
      "",
      DIM("Startup is still in progress"),
      "",
      " say hello",
      "",
      " Hello! How can I help you today?",
    ),
    ["say hello"],
  )
  expect(items.map(show)).toEqual(["user: say hello", "text: Hello! How can I help you today?"])
})

test("the same words from the model are its text", () => {
  const items = parsePi(capture(" say hello", "", " Startup is still in progress, it said."), ["say hello"])
  expect(items.map(show)).toEqual(["user: say hello", "text: Startup is still in progress, it said."])
})
