// The dock: a pending request whose kind a feature answers in the composer's place (its DockSlot,
// src/tui/slots). The oldest one not yet answered here shows above the hidden composer, goes back
// with session.uiRespond, and closes when any window answers it (ui_resolved drops it from the
// pending list).
import { createMemo, Show } from "solid-js"
import type { UiRequest } from "../../../protocol"
import { dockFor } from "../../slots/registry"
import type { DockSlot } from "../../slots/types"
import { createPendingAnswers } from "./pending-answers"
import { useSync } from "../../context/sync"

/** The dock's row budget: most of a small window, but the transcript keeps a few rows. */
export const dockHeight = (rows: number) => Math.max(8, Math.min(rows - 6, Math.floor(rows * 0.75)))

export function useComposerDock() {
  const sync = useSync()
  const answers = createPendingAnswers()
  const request = createMemo(
    () => sync.data.ui.pending.find((r) => dockFor(r.kind) !== undefined && !answers.isAnswered(r.id)),
    undefined,
    // Keyed on the id: a store update of the same request must not remount the dock and lose what it staged.
    { equals: (a, b) => a?.id === b?.id },
  )
  const slot = (): DockSlot | undefined => {
    const r = request()
    return r && dockFor(r.kind)
  }
  return { request, slot, active: () => request() !== undefined, respond: answers.respond }
}

export function ComposerDock(props: {
  dock: ReturnType<typeof useComposerDock>
  width: number
  rows: number
  focused: boolean
}) {
  return (
    <Show when={props.dock.request()} keyed>
      {(request: UiRequest) =>
        // Getters: the dock follows the window's size and focus, as a component's props do.
        dockFor(request.kind)?.view({
          request,
          get width() {
            return props.width
          },
          get height() {
            return dockHeight(props.rows)
          },
          get focused() {
            return props.focused
          },
          respond: (response) => void props.dock.respond(request.id, response),
        })
      }
    </Show>
  )
}
