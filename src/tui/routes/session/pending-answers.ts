// Answers to requests the host holds (extension dialogs, a feature's dock). An answered request hides at
// once so the next pending one can show; if the answer does not get through (refused, or the
// link dropped), the request shows again, because the host is still waiting on it.
import { createSignal } from "solid-js"
import type { Params } from "../../../protocol"
import { useSession } from "../../context/session"

export type UiAnswer = Params<"session.uiRespond">["response"]

export function createPendingAnswers() {
  const session = useSession()
  const [answered, setAnswered] = createSignal<ReadonlySet<string>>(new Set())
  return {
    isAnswered: (id: string) => answered().has(id),
    async respond(id: string, response: UiAnswer) {
      setAnswered((s) => new Set([...s, id]))
      const ok = await session.act("session.uiRespond", { requestId: id, response })
      if (ok === undefined) setAnswered((s) => new Set([...s].filter((x) => x !== id)))
    },
  }
}
