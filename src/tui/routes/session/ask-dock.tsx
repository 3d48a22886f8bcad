// ask_user questions the host holds for this session: the oldest one not yet answered here shows as the
// question dock above the composer, goes back with session.uiRespond, and closes when any window answers
// it (ui_resolved drops it from the pending list).
import { createMemo, createSignal, Show } from "solid-js"
import type { Params, UiRequest } from "../../../protocol"
import { QuestionDock } from "../../component/question-dock/question-dock"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"

export type AskRequest = Extract<UiRequest, { kind: "ask_user" }>

/** The dock's row budget: most of a small window, but the transcript keeps a few rows. */
export const dockHeight = (rows: number) => Math.max(8, Math.min(rows - 6, Math.floor(rows * 0.75)))

export function useAskDock() {
  const sync = useSync()
  const session = useSession()
  // Answered here but not yet resolved by the host: the next one may show meanwhile.
  const [answered, setAnswered] = createSignal<ReadonlySet<string>>(new Set())
  const request = createMemo(
    () => sync.data.ui.pending.find((r): r is AskRequest => r.kind === "ask_user" && !answered().has(r.id)),
    undefined,
    // Keyed on the id: a store update of the same request must not remount the dock and lose staged answers.
    { equals: (a, b) => a?.id === b?.id },
  )

  const respond = async (id: string, response: Params<"session.uiRespond">["response"]) => {
    setAnswered((s) => new Set([...s, id]))
    const ok = await session.act("session.uiRespond", { requestId: id, response })
    // Refused (the host says why in a toast): if the host still holds it, the questions come back.
    if (ok === undefined) setAnswered((s) => new Set([...s].filter((x) => x !== id)))
  }

  return { request, active: () => request() !== undefined, respond }
}

export function AskDock(props: {
  dock: ReturnType<typeof useAskDock>
  width: number
  rows: number
  focused: boolean
}) {
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
