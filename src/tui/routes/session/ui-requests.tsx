// Extension dialogs held by the host: the oldest pending one is shown, answered with
// session.uiRespond, and closed when any window answers it (ui_resolved).
import { createEffect, on, onCleanup } from "solid-js"
import { useRenderer } from "@opentui/solid"
import type { LoginRequest, UiRequest } from "../../../protocol"
import { LoginDialog } from "../../component/login/login-dialog"
import { useNow } from "../../component/spinner"
import { useSession } from "../../context/session"
import { useToast } from "../../context/toast"
import { useDialog, type DialogHandle } from "../../context/dialog"
import { useSync } from "../../context/sync"
import { DialogConfirm } from "../../ui/dialog-confirm"
import { DialogEditor } from "../../ui/dialog-editor"
import { DialogInput } from "../../ui/dialog-input"
import { DialogPermission } from "../../ui/dialog-permission"
import { DialogSelect } from "../../ui/dialog-select"
import { createPendingAnswers, type UiAnswer } from "./pending-answers"
import { dockFor } from "../../slots/registry"

export function UiRequests() {
  const sync = useSync()
  const dialog = useDialog()
  const answers = createPendingAnswers()
  const session = useSession()
  const renderer = useRenderer()
  const toast = useToast()
  let shown: { id: string; handle: DialogHandle } | undefined

  const respond = (id: string, response: UiAnswer) => {
    if (shown?.id === id) shown = undefined
    void answers.respond(id, response)
  }

  const render = (r: UiRequest) => {
    const cancel = () => respond(r.id, { cancelled: true })
    // A timed dialog counts down in its title, as Pi's do: "Continue? (4s)".
    const deadline = "deadline" in r ? r.deadline : undefined
    const now = deadline ? useNow() : () => 0
    const base = "title" in r ? r.title : ""
    const title = () => (deadline ? `${base} (${Math.max(0, Math.ceil((deadline - now()) / 1000))}s)` : base)
    switch (r.kind) {
      case "select":
        return (
          <DialogSelect
            title={title()}
            options={r.options.map((o) => ({ label: o, value: o }))}
            filterable={r.options.length > 8}
            onSelect={(value) => respond(r.id, { value })}
            onCancel={cancel}
          />
        )
      case "confirm":
        return (
          <DialogConfirm title={title()} message={r.message} onConfirm={(confirmed) => respond(r.id, { confirmed })} />
        )
      case "input":
        return (
          <DialogInput
            title={title()}
            placeholder={r.placeholder}
            onSubmit={(value) => respond(r.id, { value })}
            onCancel={cancel}
          />
        )
      case "editor":
        return (
          <DialogEditor
            title={r.title}
            prefill={r.prefill}
            onSubmit={(value) => respond(r.id, { value })}
            onCancel={cancel}
          />
        )
      case "permission":
        // A gated tool call (an editor's session turned the gate on, or plan mode's approvals): any
        // window may answer it.
        return (
          <DialogPermission
            title={r.title}
            toolName={r.toolName}
            input={r.input}
            {...(r.from ? { from: r.from } : {})}
            onAnswer={(value) => (value ? respond(r.id, { value }) : cancel())}
          />
        )
      case "login": {
        // A sign-in stays open across answers and moves on in place (ui_update): draw the latest.
        const latest = () => (sync.data.ui.pending.find((x) => x.id === r.id) as LoginRequest | undefined) ?? r
        return (
          <LoginDialog
            request={latest()}
            onAnswer={(value) => void session.act("session.uiRespond", { requestId: r.id, response: { value } })}
            onCancel={cancel}
            onCopy={(url) =>
              toast.show(
                renderer.copyToClipboardOSC52(url)
                  ? { level: "info", message: "Copied the sign-in link" }
                  : { level: "error", message: "This terminal does not accept clipboard writes (OSC 52)" },
              )
            }
          />
        )
      }
      default:
        return null
    }
  }

  // A kind a feature docks in the composer's place (src/tui/slots) is not a dialog; everything else is.
  const next = () => sync.data.ui.pending.find((r) => !dockFor(r.kind) && !answers.isAnswered(r.id))

  createEffect(
    on(next, (request) => {
      if (shown && shown.id === request?.id) return
      // The one on screen was resolved elsewhere (another window, a timeout): take it down.
      if (shown) {
        shown.handle.close()
        shown = undefined
      }
      if (!request) return
      const handle = dialog.show(() => render(request))
      shown = { id: request.id, handle }
    }),
  )
  onCleanup(() => shown?.handle.close())
  return null
}
