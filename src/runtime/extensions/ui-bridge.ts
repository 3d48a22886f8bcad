// Pi's ExtensionUIContext for a host without pi-tui: dialogs become id-correlated `ui_request`
// events held until some window answers (first answer wins), and the fire-and-forget calls
// become ui_* events. pi-tui components run in the component host (component-host.ts); without
// one (a host that draws nothing) they degrade to a warning, never a crash.
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent"
import {
  formatProblems,
  ProtocolError,
  validateAnswers,
  type SessionEvent,
  type UiRequest,
  type UiResponse,
  type WorkingIndicator,
} from "../../protocol/index"
import { isPermissionChoice, PERMISSION_CHOICES } from "../../common/permission"
import type { UiRequestBody } from "../../common/bundled"
import type { ComponentHost } from "./component-host"
import type { AutocompleteProvider } from "@earendil-works/pi-tui"
import { chainProviders, type AutocompleteFactory } from "./autocomplete"
import { currentAsker } from "./asker"
import { allThemes, installTheme, piTheme, themeByName, themeColors } from "./host-theme"

interface Pending {
  request: UiRequest
  finish(response: UiResponse | undefined): void
  /** Held requests take many answers (a sign-in's fields); `finish` is theirs to call. */
  answer?(response: UiResponse): void
}

/** A request that stays open across answers until its owner closes it. */
export interface HeldRequest {
  readonly id: string
  /** Sends the request's new state to every window. */
  update(req: UiRequestBody): void
  close(): void
}

export interface UiBridge {
  readonly context: ExtensionUIContext
  /** Asks every window; resolves with the first answer, or undefined on timeout/abort/cancelAll. */
  request(req: UiRequestBody, opts?: { signal?: AbortSignal; timeout?: number }): Promise<UiResponse | undefined>
  /**
   * Opens a request every answer of which goes to `onAnswer` (which may throw a ProtocolError to
   * refuse it); a cancelAll reaches it as `{cancelled: true}`.
   */
  hold(req: UiRequestBody, onAnswer: (response: UiResponse) => void): HeldRequest
  /** Throws ProtocolError when the request is gone or the answer does not fit it. */
  respond(requestId: string, response: UiResponse): void
  /** Closes every open dialog as cancelled (session replaced or closed). */
  cancelAll(): void
  /** Open dialogs and the custom() components the extensions wait on. */
  pendingCount(): number
  /** The extensions' completion providers, chained; undefined while none was added. */
  autocomplete(): AutocompleteProvider | undefined
  /** A new conversation: its extensions add their providers again on session_start. */
  resetAutocomplete(): void
}

let nextId = 0

export function createUiBridge(
  emit: (e: SessionEvent) => void,
  onAutocomplete: () => void = () => {},
  components?: ComponentHost,
  /** Pi's setTheme(name) saves the choice in settings.json. */
  saveTheme: (name: string) => void = () => {},
  /** Where an extension's ctx.ui.notify goes; without it, a toast (ui_notify). */
  notice?: (level: "info" | "warning" | "error", message: string) => void,
): UiBridge {
  const pending = new Map<string, Pending>()
  const warned = new Set<string>()
  const state = { workingMessage: undefined as string | undefined, workingVisible: true }
  let editorFactory: unknown
  let editorText: string | undefined
  const completers: AutocompleteFactory[] = []
  let provider: AutocompleteProvider | undefined

  const unsupported = (call: string) => {
    if (warned.has(call)) return
    warned.add(call)
    emit({
      type: "ui_notify",
      level: "warning",
      message: `An extension called ${call}, which needs Pi's own terminal UI; xagent ignores it.`,
    })
  }

  const request: UiBridge["request"] = (req, opts) => {
    if (opts?.signal?.aborted) return Promise.resolve(undefined)
    const id = `ui-${Date.now().toString(36)}-${++nextId}`
    const from = req.from ?? currentAsker()
    const full = { ...req, id, ...(from ? { from } : {}) } as UiRequest
    if (opts?.timeout && (full.kind === "select" || full.kind === "confirm" || full.kind === "input")) {
      full.timeoutMs = opts.timeout
      full.deadline = Date.now() + opts.timeout
    }
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const onAbort = () => finish(undefined)
      const finish = (response: UiResponse | undefined) => {
        if (!pending.delete(id)) return
        if (timer) clearTimeout(timer)
        opts?.signal?.removeEventListener("abort", onAbort)
        emit({ type: "ui_resolved", requestId: id })
        resolve(response)
      }
      pending.set(id, { request: full, finish })
      opts?.signal?.addEventListener("abort", onAbort, { once: true })
      if (opts?.timeout) timer = setTimeout(() => finish(undefined), opts.timeout)
      emit({ type: "ui_request", request: full })
    })
  }

  const hold: UiBridge["hold"] = (req, onAnswer) => {
    const id = `ui-${Date.now().toString(36)}-${++nextId}`
    const close = () => {
      if (pending.delete(id)) emit({ type: "ui_resolved", requestId: id })
    }
    const full = { ...req, id } as UiRequest
    pending.set(id, {
      request: full,
      finish: (response) => {
        if (!response) onAnswer({ cancelled: true })
        close()
      },
      answer: onAnswer,
    })
    emit({ type: "ui_request", request: full })
    return {
      id,
      update(next) {
        const p = pending.get(id)
        if (!p) return
        p.request = { ...next, id } as UiRequest
        emit({ type: "ui_update", request: structuredClone(p.request) })
      },
      close,
    }
  }

  const valueOf = (r: UiResponse | undefined) => (r && "value" in r ? r.value : undefined)

  const context = {
    select: async (title: string, options: string[], opts?: { signal?: AbortSignal; timeout?: number }) =>
      valueOf(await request({ kind: "select", title, options: [...options] }, opts)),
    confirm: async (title: string, message: string, opts?: { signal?: AbortSignal; timeout?: number }) => {
      const r = await request({ kind: "confirm", title, message }, opts)
      return !!r && "confirmed" in r && r.confirmed
    },
    input: async (title: string, placeholder?: string, opts?: { signal?: AbortSignal; timeout?: number }) =>
      valueOf(
        await request(
          placeholder === undefined ? { kind: "input", title } : { kind: "input", title, placeholder },
          opts,
        ),
      ),
    editor: async (title: string, prefill?: string) =>
      valueOf(await request(prefill === undefined ? { kind: "editor", title } : { kind: "editor", title, prefill })),
    notify(message: string, type?: "info" | "warning" | "error") {
      if (notice) notice(type ?? "info", message)
      else emit({ type: "ui_notify", level: type ?? "info", message })
    },
    setStatus(key: string, text: string | undefined) {
      components?.setStatus(key, text)
      emit(text === undefined ? { type: "ui_status", key } : { type: "ui_status", key, text })
    },
    setWidget(key: string, content: unknown, options?: { placement?: "aboveEditor" | "belowEditor" }) {
      const placement = options?.placement ?? "aboveEditor"
      if (typeof content === "function") {
        if (!components) return unsupported("ui.setWidget() with a component")
        emit({ type: "ui_widget", key, placement })
        return components.setWidget(key, content as never, placement)
      }
      components?.setWidget(key, undefined, placement)
      if (content === undefined) emit({ type: "ui_widget", key, placement })
      else if (Array.isArray(content)) emit({ type: "ui_widget", key, lines: content.map(String), placement })
    },
    setTitle(title: string) {
      emit({ type: "ui_title", title })
    },
    setWorkingMessage(message?: string) {
      state.workingMessage = message
      emit({ type: "ui_working", message, visible: state.workingVisible })
    },
    setWorkingVisible(visible: boolean) {
      state.workingVisible = visible
      emit({ type: "ui_working", message: state.workingMessage, visible })
    },
    setWorkingIndicator(options?: { frames?: string[]; intervalMs?: number }) {
      // No frames keeps xagent's spinner; an empty list hides it, as in Pi.
      if (!Array.isArray(options?.frames)) return emit({ type: "ui_working_indicator" })
      const indicator: WorkingIndicator = { frames: options.frames.slice(0, 64).map((f) => String(f).slice(0, 64)) }
      if (typeof options.intervalMs === "number" && options.intervalMs > 0) indicator.intervalMs = options.intervalMs
      emit({ type: "ui_working_indicator", indicator })
    },
    setHiddenThinkingLabel(label?: string) {
      emit(label?.trim() ? { type: "ui_thinking_label", label: String(label) } : { type: "ui_thinking_label" })
    },
    async custom(factory: never, options?: never) {
      if (components) return components.custom(factory, options)
      unsupported("ui.custom()")
      return undefined
    },
    setFooter: (f: never) =>
      components ? components.setFooter(f) : void (f !== undefined && unsupported("ui.setFooter()")),
    setHeader: (f: never) =>
      components ? components.setHeader(f) : void (f !== undefined && unsupported("ui.setHeader()")),
    setEditorComponent: (f: never) => {
      if (!components) return void (f !== undefined && unsupported("ui.setEditorComponent()"))
      editorFactory = components.setEditor(f) ? f : undefined
    },
    getEditorComponent: () => editorFactory,
    addAutocompleteProvider(factory: AutocompleteFactory) {
      completers.push(factory)
      provider = chainProviders(completers)
      onAutocomplete()
    },
    onTerminalInput: () => {
      unsupported("ui.onTerminalInput()")
      return () => {}
    },
    pasteToEditor(text: string) {
      editorText = undefined
      emit({ type: "ui_editor", text: String(text), how: "paste" })
    },
    setEditorText(text: string) {
      editorText = String(text)
      emit({ type: "ui_editor", text: editorText, how: "set" })
    },
    // The drafts live in the windows; what an extension last put there is all the host knows.
    getEditorText: () => editorText ?? "",
    // Pi's own theme object, as pi hands it: it reads the current theme at each use.
    get theme() {
      return piTheme()
    },
    getAllThemes: allThemes,
    getTheme: themeByName,
    // As Pi: a name is saved in the settings; a Theme object is used as it is. The windows draw
    // with it too (ui_theme), and the host's components render again in its colours.
    setTheme(themeOrName: unknown) {
      if (typeof themeOrName === "string") {
        const found = themeByName(themeOrName)
        if (!found) return { success: false, error: `Theme not found: ${themeOrName}` }
        installTheme(found)
        saveTheme(themeOrName)
        emit({ type: "ui_theme", name: themeOrName })
      } else {
        const t = themeOrName as Parameters<typeof installTheme>[0]
        installTheme(t)
        emit({ type: "ui_theme", name: t.name ?? "extension", colors: themeColors(t) })
      }
      components?.rerender()
      return { success: true }
    },
    getToolsExpanded: () => false,
    setToolsExpanded() {},
  }

  const bridge: UiBridge = {
    context: context as unknown as ExtensionUIContext,
    request,
    hold,
    respond(requestId, response) {
      const p = pending.get(requestId)
      if (!p)
        throw new ProtocolError(
          "not_found",
          `Question ${requestId} is no longer open (answered elsewhere, cancelled or timed out)`,
        )
      const problem = mismatch(p.request, response)
      if (problem) throw new ProtocolError("bad_request", problem)
      if (p.answer) p.answer(response)
      else p.finish(response)
    },
    cancelAll() {
      for (const p of [...pending.values()]) p.finish(undefined)
    },
    pendingCount: () => pending.size + (components?.waiting() ?? 0),
    autocomplete: () => provider,
    resetAutocomplete() {
      completers.length = 0
      provider = undefined
    },
  }
  return bridge
}

function mismatch(req: UiRequest, r: UiResponse): string | undefined {
  if ("cancelled" in r) return undefined
  if (req.kind === "ask_user") {
    if (!("answers" in r)) return "ask_user questions need {answers: [...]}"
    const problems = validateAnswers(req.questions, r.answers)
    return problems.length ? `The answers do not fit the questions:\n${formatProblems(problems)}` : undefined
  }
  if (req.kind === "permission")
    return "value" in r && isPermissionChoice(r.value)
      ? undefined
      : `A permission takes {value: ${PERMISSION_CHOICES.join(" | ")}} or {cancelled: true}`
  if (req.kind === "login") return "value" in r ? undefined : "A sign-in takes {value: string} or {cancelled: true}"
  if (req.kind === "confirm") return "confirmed" in r ? undefined : `"${req.title}" needs {confirmed: boolean}`
  if (!("value" in r)) return `"${req.title}" needs {value: string}`
  if (req.kind === "select" && !req.options.includes(r.value))
    return `"${r.value}" is not one of the options of "${req.title}": ${req.options.join(", ")}`
  return undefined
}
