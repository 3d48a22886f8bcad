// ask_user in the window: its questions answered in the dock that takes the composer's place (the
// dock slot, for the host's `ask_user` requests), and its calls drawn as cards of their own (never
// folded away): the questions while they wait (their labels only while the dock below shows the
// rest), the answers once given.
import type { ToolItem, UiRequest } from "../../../src/protocol"
import type { WindowFeature } from "../../../src/tui/slots/types"
import { AskDockOpen, AskUserCard } from "./ask-user-card"
import { QuestionDock } from "./question-dock/question-dock"

const TOOL = "ask_user"
type AskRequest = Extract<UiRequest, { kind: "ask_user" }>

/** A guess at the card's rows: a title, the prompt and the choices per question (the answers add about one each). */
function cardRows(item: ToolItem): number {
  const questions = (item.args as { questions?: unknown } | undefined)?.questions
  if (!Array.isArray(questions)) return 3
  return 2 + questions.reduce<number>((n, q) => n + 3 + (Array.isArray(q?.choices) ? q.choices.length : 0), 0)
}

export const askUserWindow: WindowFeature = {
  name: "ask-user",
  toolCards: { [TOOL]: (p) => <AskUserCard item={p.item} /> },
  toolRowRows: { [TOOL]: cardRows },
  docks: {
    ask_user: {
      view: (p) => (
        <QuestionDock
          questions={(p.request as AskRequest).questions}
          {...((p.request as AskRequest).from ? { from: (p.request as AskRequest).from } : {})}
          width={p.width}
          height={p.height}
          focused={p.focused}
          onSubmit={(answers) => p.respond({ answers })}
          onCancel={() => p.respond({ cancelled: true })}
        />
      ),
      waiting: "Waiting for your answer",
      escape: "Esc cancels questions",
    },
  },
  session: (ctx) => ({
    // A waiting call's card lists only its questions' labels while the dock below shows the rest.
    provide: (children) => (
      <AskDockOpen.Provider value={() => ctx.pending().some((r) => r.kind === "ask_user")}>
        {children()}
      </AskDockOpen.Provider>
    ),
  }),
}
