// The editor's own prompt, from session/prompt to its answer. The answer is the run's turn_end;
// a slash command that starts no run answers with what it prints (command-answers.ts); a panel
// only a window can draw is closed so the prompt never waits on it; a plan request's plan is
// asked about at the turn's end, and implementing it runs in the same prompt.
import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk"
import { RequestError } from "@agentclientprotocol/sdk"
import type { ComponentView, CustomItem, NoticeItem, ToolItem } from "../protocol"
import { errorText } from "../util/error-text"
import {
  commandSays,
  EDITOR_KEYS,
  ESC,
  panelMessage,
  planStepEntries,
  readyPlan,
  windowOnly,
  type ReadyPlan,
} from "./command-answers"
import type { SessionLink } from "./session-link"
import { stopReasonOf } from "./turn-map"

interface Turn {
  resolve(r: PromptResponse): void
  reject(e: Error): void
  cancelAsked: boolean
  /** The prompt's text: a slash command's answer is what it prints (command-answers.ts). */
  text: string
  /** A run began in this turn: from then on notices are thoughts, not the command's answer. */
  ran: boolean
  /** A plan request's plan, once its submit_plan went through: asked about at the turn's end. */
  plan?: ReadyPlan
}

/** What a turn needs of its session. */
export interface TurnSession {
  readonly id: string
  readonly hostId: string
  readonly link: SessionLink
  /** A reply runs in the host (this prompt's or one started elsewhere). */
  running(): boolean
  closed(): boolean
  notify(update: SessionUpdate): void
  flush(): Promise<void>
  /** The plan card's question: the `/plan` command to run next, or none. */
  approvePlan(toolCallId: string, title: string | undefined, plan: string): Promise<string | undefined>
}

export class PromptTurn {
  private turn?: Turn
  /** Window-only panels this editor's commands opened (and closed). */
  private readonly panels = new Set<string>()

  constructor(private readonly s: TurnSession) {}

  /** The editor's prompt is waiting for its answer. */
  get active(): boolean {
    return this.turn !== undefined
  }

  /** Runs one prompt to its turn_end. `send` starts it on the host. */
  async run(text: string, send: () => Promise<unknown>): Promise<PromptResponse> {
    if (this.turn)
      throw RequestError.invalidRequest(undefined, "A prompt is already running in this session; cancel it first")
    if (this.s.running())
      throw RequestError.invalidRequest(
        undefined,
        "This session is busy with a reply started elsewhere (a terminal window)",
      )
    const done = new Promise<PromptResponse>(
      (resolve, reject) => (this.turn = { resolve, reject, cancelAsked: false, text, ran: false }),
    )
    try {
      await send()
    } catch (err) {
      this.turn = undefined
      throw RequestError.internalError(undefined, `xagent could not start the prompt: ${errorText(err)}`)
    }
    try {
      return await done
    } finally {
      this.turn = undefined
    }
  }

  /** session/cancel asked: the answer will be `cancelled`, whatever the run's end says. */
  cancelAsked(): void {
    if (this.turn) this.turn.cancelAsked = true
  }

  /** A run began (or ended): once one ran, notices are thoughts. */
  runChanged(running: boolean): void {
    if (running && this.turn) this.turn.ran = true
  }

  /** A notice or card while the prompt waits: a command's answer, or a thought during a run. */
  said(item: NoticeItem | CustomItem): void {
    if (!this.turn) return
    const said = commandSays(item, this.turn.ran)
    if (said) this.s.notify(said)
  }

  /** A live tool item: a plan request's plan that went through is remembered for the end. */
  toolSeen(item: ToolItem): void {
    if (this.turn) this.turn.plan = readyPlan(item, this.turn.text) ?? this.turn.plan
  }

  /**
   * A panel only a window can draw (Pi's /mcp, an extension's custom component) opened by the
   * editor's command: closed as a terminal's Escape would, and the editor told where to use it,
   * so its prompt never waits on something it cannot see.
   */
  panel(c: ComponentView): void {
    const turn = this.turn
    if (!turn || turn.ran || !windowOnly(c) || this.panels.has(c.id)) return
    this.panels.add(c.id)
    this.s.notify(panelMessage(turn.text, this.s.id))
    void this.s.link.client
      .request("session.componentInput", {
        sessionId: this.s.hostId,
        componentId: c.id,
        window: EDITOR_KEYS,
        data: ESC,
      })
      .catch((err) => this.s.link.log(`closing panel ${c.id}: ${errorText(err)}`))
  }

  /** The editor left: its prompt answers `cancelled` (the run itself goes on). */
  left(): void {
    this.turn?.resolve({ stopReason: "cancelled" })
  }

  /** The session ended under the prompt. */
  ended(reason: string): void {
    this.turn?.reject(RequestError.internalError(undefined, `The session ended: ${reason}`))
  }

  /** The run's turn_end: the prompt's answer, once every update before it went out. */
  async end(reason: Parameters<typeof stopReasonOf>[0], errorMessage?: string): Promise<void> {
    const turn = this.turn
    if (!turn) return
    await this.s.flush()
    const plan = turn.plan
    turn.plan = undefined
    if (plan && reason === "end_turn" && !turn.cancelAsked && !this.s.closed() && (await this.implement(turn, plan)))
      return
    const stop = stopReasonOf(reason, turn.cancelAsked)
    if (stop === "error") turn.reject(RequestError.internalError(undefined, errorMessage ?? "The reply failed"))
    else turn.resolve({ stopReason: stop })
  }

  /**
   * The plan card's question, asked in the editor: implementing runs `/plan implement` in the same
   * prompt, which then answers at that run's end. False: the prompt answers now.
   */
  private async implement(turn: Turn, plan: ReadyPlan): Promise<boolean> {
    this.s.notify({ sessionUpdate: "plan", entries: planStepEntries(plan.plan) })
    const command = await this.s.approvePlan(plan.toolCallId, plan.title, plan.plan)
    if (!command || this.turn !== turn || turn.cancelAsked || this.s.closed()) return false
    turn.text = command
    turn.ran = false
    try {
      await this.s.link.client.request("session.prompt", { sessionId: this.s.hostId, text: command })
      return true
    } catch (err) {
      this.s.link.log(`${command} of ${this.s.id}: ${errorText(err)}`)
      return false
    }
  }
}
