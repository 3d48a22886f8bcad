// ask_user questions the host holds for this session: the oldest one not yet answered here shows as the
// question dock above the composer, goes back with session.uiRespond, and closes when any window answers
// it (ui_resolved drops it from the pending list).
import { createMemo, Show } from "solid-js"
import type { UiRequest } from "../../../protocol"
import { QuestionDock } from "../../component/question-dock/question-dock"
import { createPendingAnswers } from "./pending-answers"
import { useSync } from "../../context/sync"

export type AskRequest = Extract<UiRequest, { kind: "ask_user" }>

/** The dock's row budget: most of a small window, but the transcript keeps a few rows. */
export const dockHeight = (rows: number) => Math.max(8, Math.min(rows - 6, Math.floor(rows * 0.75)))

export function useAskDock() {
  const sync = useSync()
  const answers = createPendingAnswers()
  const request = createMemo(
    () => sync.data.ui.pending.find((r): r is AskRequest => r.kind === "ask_user" && !answers.isAnswered(r.id)),
    undefined,
    // Keyed on the id: a store update of the same request must not remount the dock and lose staged answers.
    { equals: (a, b) => a?.id === b?.id },
  )

  return { request, active: () => request() !== undefined, respond: answers.respond }
}

export function AskDock(props: { dock: ReturnType<typeof useAskDock>; width: number; rows: number; focused: boolean }) {
  return (
    <Show when={props.dock.request()} keyed>
      {(request: AskRequest) => (
        <QuestionDock
          questions={request.questions}
          width={props.width}
          height={dockHeight(props.rows)}
          focused={props.focused}
          onSubmit={(answers) => void props.dock.respond(request.id, { answers })}
          onCancel={() => void props.dock.respond(request.id, { cancelled: true })}
        />
      )}
    </Show>
  )
}
