// The host's dialogs as the editor's requests: a gated tool call → session/request_permission;
// ask_user → a form elicitation (re-validated here, asked again once); an extension's confirm →
// a yes/no permission; its select, input and editor → a one-field form. A dialog the editor
// cannot show is declined rather than left waiting (the prompt must never hang on a question
// nobody can answer), and one answered in a terminal first is withdrawn from the editor with
// $/cancel_request.
import type { SessionUpdate } from "@agentclientprotocol/sdk"
import { DENIED, PERMISSION_CHOICES } from "../common/permission"
import { type AskQuestion, type UiRequest, type UiResponse } from "../protocol"
import type { SessionLink } from "./session-link"
import { answersFromForm, askAgain, askForm, askSketches, ASK_RESULTS } from "./ask-form"
import { previewDiffs, toolKind, toolLocations, toolTitle } from "./tool-rows"

/** What the dialogs need of their session. */
export interface DialogSession {
  readonly id: string
  readonly hostId: string
  readonly link: SessionLink
  cwd(): string
  /** The editor's own prompt is running (questions of other runs are a terminal's). */
  inTurn(): boolean
  flush(): Promise<void>
  notify(update: SessionUpdate): void
  /** An edit/write's file as its row first saw it (undefined: not read). */
  before(toolCallId: string, name: string, args: unknown): string | null | undefined
  /** The newest tool row still open (an ask_user or extension dialog belongs to it). */
  openRow(): string | undefined
  /** The editor allowed this call (and, with `always`, the tool for the session). */
  allowed(toolCallId: string, toolName: string, always: boolean): void
}

const OPTIONS = [
  { optionId: PERMISSION_CHOICES[0], name: "Allow once", kind: "allow_once" as const },
  { optionId: PERMISSION_CHOICES[1], name: "Allow always (this session)", kind: "allow_always" as const },
  { optionId: PERMISSION_CHOICES[2], name: "Deny", kind: "reject_once" as const },
]
const YES_NO = [
  { optionId: "yes", name: "Yes", kind: "allow_once" as const },
  { optionId: "no", name: "No", kind: "reject_once" as const },
]
/** A plan request's outcome: its answer is the `/plan` command that follows (none: keep planning). */
const PLAN_CHOICES = [
  { optionId: "implement", name: "Implement", kind: "allow_once" as const, command: "/plan implement" },
  {
    optionId: "implement_auto",
    name: "Implement, edits auto-accepted",
    kind: "allow_always" as const,
    command: "/plan implement --auto",
  },
  { optionId: "keep", name: "Keep planning (the next message is feedback)", kind: "reject_once" as const },
]
/** The reason a withdrawal gives when a terminal answered first: nothing more to say then. */
const ELSEWHERE = "answered elsewhere"

type Outcome = { outcome?: { outcome?: unknown; optionId?: unknown } } | undefined

export class EditorDialogs {
  private readonly asking = new Map<string, AbortController>()
  /** Each dialog's whole course, its answer to the host included (see withdrawAll). */
  private readonly courses = new Set<Promise<void>>()

  constructor(private readonly s: DialogSession) {}

  show(r: UiRequest): void {
    if (this.asking.has(r.id)) return
    if (r.kind === "permission") this.follow(this.permission(r))
    else if (r.kind === "login" || !this.s.inTurn()) return
    else if (r.kind === "ask_user") this.follow(this.askUser(r.id, r.questions, r.from))
    else this.follow(this.plain(r))
  }

  withdraw(requestId: string, why = ELSEWHERE): void {
    this.asking.get(requestId)?.abort(new Error(why))
  }

  /**
   * Withdraws every open dialog; resolves once each has given the host its answer (a denial, a
   * cancel). An editor that leaves closes the daemon connection next, so an answer still on its
   * way then would be lost and the run would wait on a question nobody is asked any more.
   */
  async withdrawAll(why: string): Promise<void> {
    for (const c of this.asking.values()) c.abort(new Error(why))
    await Promise.all(this.courses)
  }

  private follow(course: Promise<void>): void {
    const settled = course.catch((err) => this.s.link.log(`dialog: ${String(err)}`))
    this.courses.add(settled)
    void settled.finally(() => this.courses.delete(settled))
  }

  private open(id: string): AbortController {
    const ctl = new AbortController()
    this.asking.set(id, ctl)
    return ctl
  }

  private async respond(requestId: string, response: UiResponse): Promise<void> {
    await this.s.link.client
      .request("session.uiRespond", { sessionId: this.s.hostId, requestId, response })
      .catch((err) => this.s.link.log(`answer to ${requestId}: ${String(err)}`))
  }

  /**
   * Sends one request to the editor. No `res` when it failed or was withdrawn; `withdrawn` says
   * why it was (ELSEWHERE: a terminal answered first, nothing more to say).
   */
  private async request<T>(id: string, method: string, params: object): Promise<{ res?: T; withdrawn?: string }> {
    const ctl = this.open(id)
    try {
      await this.s.flush()
      const res = await this.s.link.conn.request<T>(method, params, {
        cancellationSignal: ctl.signal,
        stopWaitingOnCancel: true,
      })
      return { res }
    } catch (err) {
      this.s.link.log(`${method} for ${id} ended without an answer: ${String(err)}`)
      return ctl.signal.aborted ? { withdrawn: String(ctl.signal.reason?.message) } : {}
    } finally {
      this.asking.delete(id)
    }
  }

  private async permission(r: Extract<UiRequest, { kind: "permission" }>): Promise<void> {
    const item = { name: r.toolName, args: r.input }
    const cwd = this.s.cwd()
    const { res, withdrawn } = await this.request<Outcome>(r.id, "session/request_permission", {
      sessionId: this.s.id,
      toolCall: {
        toolCallId: r.toolCallId,
        // a subagent's call is none of the editor's rows: its title says whose it is
        title: r.from ? `Subagent ${r.from}: ${toolTitle(item, cwd)}` : toolTitle(item, cwd),
        kind: toolKind(r.toolName),
        status: "pending",
        locations: toolLocations(item, cwd),
        rawInput: r.input ?? {},
        content: previewDiffs(r.toolName, r.input, cwd, this.s.before(r.toolCallId, r.toolName, r.input)),
      },
      options: OPTIONS,
    })
    if (withdrawn === ELSEWHERE) return
    // Only an offered option id counts; anything else (unknown id, cancelled, malformed, an error) denies.
    const o = res?.outcome
    const choice =
      o?.outcome === "selected" && OPTIONS.some((x) => x.optionId === o.optionId) ? (o.optionId as string) : undefined
    if (!choice) this.s.link.log(`permission for ${r.toolCallId}: ${JSON.stringify(res)} denies`)
    await this.respond(r.id, choice ? { value: choice } : { cancelled: true, reason: DENIED })
    if (choice && choice !== "reject_once") this.s.allowed(r.toolCallId, r.toolName, choice === "allow_always")
  }

  /**
   * The plan a plan request ended with, as the window's plan card offers it: the command to run
   * next (`/plan implement`, with `--auto`), or none to keep planning.
   */
  async approvePlan(toolCallId: string, title: string | undefined, plan: string): Promise<string | undefined> {
    const { res } = await this.request<Outcome>(`plan-${toolCallId}`, "session/request_permission", {
      sessionId: this.s.id,
      toolCall: {
        toolCallId,
        title: title ? `Implement the plan: ${title}?` : "Implement the plan?",
        kind: "switch_mode",
        content: [{ type: "content", content: { type: "text", text: plan } }],
      },
      options: PLAN_CHOICES.map(({ optionId, name, kind }) => ({ optionId, name, kind })),
    })
    const o = res?.outcome
    return o?.outcome === "selected" ? PLAN_CHOICES.find((c) => c.optionId === o.optionId)?.command : undefined
  }

  /** `from`: a subagent asks (UiRequest.from), named in the form's message. */
  private async askUser(requestId: string, questions: AskQuestion[], from?: string): Promise<void> {
    const answer = (response: UiResponse) => this.respond(requestId, response)
    const unavailable = { cancelled: true as const, reason: ASK_RESULTS.unavailable }
    if (!this.s.link.caps.elicitation?.form) return answer(unavailable)
    const row = this.s.openRow()
    // A form has no room for a monospace preview: the sketches go on the ask_user row as text.
    const sketches = askSketches(questions)
    if (row && sketches)
      this.s.notify({
        sessionUpdate: "tool_call_update",
        toolCallId: row,
        content: [{ type: "content", content: { type: "text", text: sketches } }],
      })
    let asked = askForm(questions)
    if (from) asked = { ...asked, message: `Subagent ${from} asks: ${asked.message}` }
    for (let attempt = 0; attempt < 2; attempt++) {
      const { res, withdrawn } = await this.request<{ action?: unknown; content?: unknown }>(
        requestId,
        "elicitation/create",
        { sessionId: this.s.id, ...(row ? { toolCallId: row } : {}), mode: "form", ...asked },
      )
      // Withdrawn: answered in a terminal, or cancelled with the prompt (the tool's own abort ends it).
      if (withdrawn) return
      if (!res) return answer(unavailable)
      if (res.action === "decline") return answer({ cancelled: true, reason: ASK_RESULTS.declined })
      if (res.action !== "accept") return answer({ cancelled: true, reason: ASK_RESULTS.dismissed })
      const got = answersFromForm(questions, res.content)
      if ("answers" in got) return answer({ answers: got.answers })
      this.s.link.log(`form answer refused (attempt ${attempt + 1}): ${got.problem}`)
      if (attempt === 1) return answer({ cancelled: true, reason: ASK_RESULTS.invalid(got.problem) })
      asked = askAgain(asked, got.problem)
    }
  }

  /** An extension's own dialog during the editor's prompt. */
  private async plain(r: Extract<UiRequest, { kind: "select" | "confirm" | "input" | "editor" }>): Promise<void> {
    if (r.kind === "confirm") {
      const { res, withdrawn } = await this.request<Outcome>(r.id, "session/request_permission", {
        sessionId: this.s.id,
        toolCall: {
          toolCallId: this.s.openRow() ?? r.id,
          title: r.title,
          content: [{ type: "content", content: { type: "text", text: r.message } }],
        },
        options: YES_NO,
      })
      if (withdrawn === ELSEWHERE) return
      const o = res?.outcome
      return this.respond(r.id, { confirmed: o?.outcome === "selected" && o.optionId === "yes" })
    }
    if (!this.s.link.caps.elicitation?.form) return this.respond(r.id, { cancelled: true })
    const field =
      r.kind === "select"
        ? { type: "string", title: r.title, oneOf: r.options.map((o) => ({ const: o, title: o })) }
        : {
            type: "string",
            title: r.title,
            ...(r.kind === "input" && r.placeholder ? { description: r.placeholder } : {}),
          }
    const { res, withdrawn } = await this.request<{ action?: unknown; content?: { value?: unknown } }>(
      r.id,
      "elicitation/create",
      {
        sessionId: this.s.id,
        mode: "form",
        message: r.title,
        requestedSchema: { type: "object", properties: { value: field }, required: ["value"] },
      },
    )
    if (withdrawn === ELSEWHERE) return
    const value = res?.action === "accept" ? res.content?.value : undefined
    const ok = typeof value === "string" && (r.kind !== "select" || r.options.includes(value))
    await this.respond(r.id, ok ? { value } : { cancelled: true })
  }
}
