// The agent's open questions (a permission request, a form) as the windows' dialogs: each one open
// until a window answers it, the agent withdraws it, or the turn ends (withdrawn as ACP asks on a
// cancel). Answered once: the first window's answer wins.
import { ProtocolError, type SessionEvent, type UiRequest, type UiResponse } from "../../protocol/index"

export class AgentAsks {
  private readonly open = new Map<string, { answer: (r: UiResponse) => void; withdraw: () => void }>()

  constructor(private readonly emit: (e: SessionEvent) => void) {}

  get size(): number {
    return this.open.size
  }

  /** Shows `ask.request`; resolves with its answer mapped for the agent, or `cancelled`. */
  ask<R>(
    id: string,
    ask: { request: UiRequest; answer: (r: UiResponse) => R },
    cancelled: R,
    signal: AbortSignal,
  ): Promise<R> {
    return new Promise<R>((settle) => {
      this.open.set(id, { answer: (r) => settle(ask.answer(r)), withdraw: () => settle(cancelled) })
      this.emit({ type: "ui_request", request: ask.request })
      // The agent withdrew it (its own cancel, $/cancel_request): the dialog closes.
      signal.addEventListener("abort", () => {
        if (!this.open.delete(id)) return
        settle(cancelled)
        this.emit({ type: "ui_resolved", requestId: id })
      })
    })
  }

  respond(requestId: string, response: UiResponse): void {
    const pending = this.open.get(requestId)
    if (!pending) throw new ProtocolError("not_found", `No open question "${requestId}" (already answered?)`)
    pending.answer(response)
    this.open.delete(requestId)
    this.emit({ type: "ui_resolved", requestId })
  }

  withdrawAll(): void {
    for (const [id, { withdraw }] of this.open) {
      withdraw()
      this.emit({ type: "ui_resolved", requestId: id })
    }
    this.open.clear()
  }
}
