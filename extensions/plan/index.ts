// Plan mode as a bundled extension. `/plan <request>` runs one plan request with read-only tools
// (bash in the session's read-only sandbox, or held by read-only.ts where there is none), ending
// in one outcome card; `/plan implement [--auto]` carries the plan (as the person left its file)
// into a normal run; a submit_plan during that run waits for the person to approve the change.
// The phase lives in the session file (`plan-state` entries), so the normal tool set (and the sandbox's workspace scope) comes back after a rebuild too. The
// session's info holds the plan's state while a request runs (BundledHost.setState): windows read it there.
import { isAbsolute, relative, resolve } from "node:path"
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import { isPermissionChoice } from "../../src/common/permission"
import { statusSlot } from "../../src/common/status-slot"
import {
  lineDiff,
  PLAN_CARD,
  PLAN_IMPLEMENT,
  PLAN_STATUS_KEY,
  type PlanInfoState,
  PLAN_TOOL,
  type PlanCardDetails,
  type PlanChangeDetails,
  type PlanImplementDetails,
} from "./rules"
import { plansDir, readPlanFile, writePlanFile } from "./plan-file"
import { readOnlyBash } from "./read-only"
import { createSubmitPlanTool, type Submission } from "./submit-plan"

/** The tools a plan request may use (those that exist in the session). */
export const PLAN_TOOLS = ["read", "grep", "find", "ls", "bash", "todo_write", "ask_user", PLAN_TOOL]
export const PLAN_STATE = "plan-state"

type Phase = "idle" | "planning" | "implementing"
interface Saved {
  phase: Phase
  /** The tool set to restore when the phase ends; when idle, the set it restored. */
  tools?: string[]
  autoAccept?: boolean
}
interface CurrentPlan {
  title?: string
  plan: string
  path?: string
}

const PLAN_PROMPT = `[PLAN MODE] This is a plan request: explore with read-only tools (read, grep, find, ls, read-only bash) and make no changes; writing tools are refused.
Ask clarifying questions with ask_user (never as free-text questions in your reply).
End with exactly one submit_plan call: plan_ready with a title and the plan in Markdown (numbered steps, then a "Risks" section), blocked with the input that is missing, or no_plan if this needs no plan (then just answer).`

const REPAIR = `Your plan request ended without a valid submit_plan call. Call submit_plan now, once: plan_ready with the plan, blocked with what is missing, or no_plan.`

type Entry = { type: string; customType?: string; data?: unknown; details?: unknown }

export default function plan(pi: ExtensionAPI, host?: BundledHost): void {
  let saved: Saved = { phase: "idle" }
  let current: CurrentPlan | undefined
  let submitted: Submission | undefined
  let repairAsked = false
  let aborted = false
  /** The kernel holds this request's bash read-only (else read-only.ts's allow-list does). */
  let sandboxed = false
  let shownMode: "normal" | "plan" | undefined
  /** Tools the person allowed for the rest of this session while implementing ("don't ask again"). */
  const allowed = new Set<string>()
  const slot = statusSlot(PLAN_STATUS_KEY)

  const status = (ctx: ExtensionContext) => {
    const mode = saved.phase === "planning" ? "plan" : "normal"
    if (mode !== shownMode) host?.setState(mode === "plan" ? ({ mode } satisfies PlanInfoState) : undefined)
    shownMode = mode
    const text =
      saved.phase === "implementing"
        ? `▶ implementing plan${saved.autoAccept ? " · edits auto-accepted" : ""}`
        : undefined
    slot.set(ctx.ui, text)
  }
  const persist = (next: Saved, ctx: ExtensionContext) => {
    saved = next
    pi.appendEntry(PLAN_STATE, next)
    status(ctx)
  }
  const withoutPlanTool = (names: string[]) => names.filter((n) => n !== PLAN_TOOL)
  const restore = (ctx: ExtensionContext) => {
    const tools = withoutPlanTool(saved.tools ?? pi.getActiveTools())
    pi.setActiveTools(tools)
    if (saved.phase === "planning") {
      host?.sandbox.readOnly(false)
      sandboxed = false
    }
    persist({ phase: "idle", tools }, ctx)
  }

  const rebuild = (ctx: ExtensionContext, fresh: boolean) => {
    if (fresh) {
      slot.reset()
      shownMode = undefined
    }
    const branch = ctx.sessionManager.getBranch() as Entry[]
    const last = branch.filter((e) => e.type === "custom" && e.customType === PLAN_STATE).pop()
    saved = (last?.data as Saved | undefined) ?? { phase: "idle" }
    current = undefined
    for (const e of branch) {
      const d = e.details as PlanCardDetails | undefined
      if (e.type === "custom_message" && e.customType === PLAN_CARD && d?.outcome === "plan_ready" && d.plan)
        current = { title: d.title, plan: d.plan, path: d.path }
    }
    // A request or run cut off (the host stopped, the session was reopened) ends here: normal tools back.
    if (saved.phase !== "idle") restore(ctx)
    else {
      // Pi restores the tools the transcript last sent, so a run cut off comes back with the plan's
      // (submit_plan is active only in a phase): the set the cut restored is the one to keep.
      const active = pi.getActiveTools()
      pi.setActiveTools(withoutPlanTool(active.includes(PLAN_TOOL) && saved.tools ? saved.tools : active))
    }
    // The scope belongs to the live session, which outlives this conversation (/new, /session).
    host?.sandbox.readOnly(false)
    sandboxed = false
    status(ctx)
  }
  pi.on("session_start", (_e, ctx) => rebuild(ctx, true))
  pi.on("session_tree", (_e, ctx) => rebuild(ctx, false))

  const startRequest = (text: string, ctx: ExtensionContext) => {
    const tools = withoutPlanTool(pi.getActiveTools())
    const exists = new Set(pi.getAllTools().map((t) => t.name))
    // The changing tools stay on offer so that a call to one reaches tool_call below and is refused
    // with plan mode's reason; a tool left out would fail as "Tool edit not found".
    pi.setActiveTools([...new Set([...tools, ...PLAN_TOOLS.filter((n) => exists.has(n))])])
    submitted = undefined
    repairAsked = false
    aborted = false
    sandboxed = host?.sandbox.readOnly(true) ?? false
    persist({ phase: "planning", tools }, ctx)
    pi.sendUserMessage(text)
  }

  const implement = (autoAccept: boolean, ctx: ExtensionContext) => {
    if (!current) return ctx.ui.notify("No plan to implement: make one with /plan <request>", "warning")
    const text = readPlanFile(current.path, current.plan)
    const tools = withoutPlanTool(pi.getActiveTools())
    pi.setActiveTools([...tools, PLAN_TOOL])
    persist({ phase: "implementing", tools, autoAccept }, ctx)
    const details: PlanImplementDetails = { title: current.title, path: current.path, plan: text, autoAccept }
    current = { ...current, plan: text }
    pi.sendMessage(
      { customType: PLAN_IMPLEMENT, content: `Implement this plan, step by step:\n\n${text}`, display: true, details },
      { triggerTurn: true },
    )
  }

  pi.registerCommand("plan", {
    description: "Plan first: /plan <request> (read-only), then /plan implement [--auto] or /plan edit",
    handler: async (args, ctx) => {
      const a = args.trim()
      await ctx.waitForIdle()
      if (a === "implement" || a === "implement --auto") return implement(a.endsWith("--auto"), ctx)
      if (a === "edit") {
        if (!current) return ctx.ui.notify("No plan to edit yet", "warning")
        const edited = await ctx.ui.editor(
          `Edit the plan${current.path ? ` (${current.path})` : ""}`,
          readPlanFile(current.path, current.plan),
        )
        if (edited === undefined) return
        const dir = plansDir(ctx.sessionManager.getSessionFile(), ctx.sessionManager.getSessionId())
        current = { ...current, plan: edited, path: writePlanFile(dir, undefined, edited) }
        return ctx.ui.notify(`Plan saved to ${current.path}`, "info")
      }
      if (!a) return ctx.ui.notify("Say what to plan: /plan <request>", "warning")
      // With a plan on the table the text is feedback on it, in the same conversation.
      startRequest(current ? `Feedback on the plan, revise it: ${a}` : a, ctx)
    },
  })

  pi.on("before_agent_start", (e) => {
    if (saved.phase === "planning") return { systemPrompt: `${e.systemPrompt}\n\n${PLAN_PROMPT}` }
  })

  pi.on("tool_call", async (e, ctx) => {
    if (saved.phase === "planning") {
      if (!PLAN_TOOLS.includes(e.toolName))
        return {
          block: true,
          reason: `Plan mode: ${e.toolName} is refused while planning (read-only). Put the change in the plan instead.`,
        }
      if (e.toolName === "bash" && !sandboxed) {
        const why = readOnlyBash(String((e.input as { command?: unknown }).command ?? ""))
        if (why)
          return {
            block: true,
            reason: `Plan mode: bash refused (${why}). Only read-only commands run while planning.`,
          }
      }
      return
    }
    if (saved.phase === "implementing" && (e.toolName === "write" || e.toolName === "edit")) {
      const path = String((e.input as { path?: unknown }).path ?? "")
      const full = isAbsolute(path) ? path : resolve(ctx.cwd, path)
      const inside = !relative(ctx.cwd, full).startsWith("..")
      // Consent given here (the plan approved with its edits, or this dialog) is the call's only
      // question: the host's consent gate (an editor's) does not ask again.
      if ((saved.autoAccept && inside) || allowed.has(e.toolName)) return void host?.consented(e.toolCallId)
      if (!ctx.hasUI || host?.mode === "print") return
      if (!host) {
        const ok = await ctx.ui.confirm(`Allow ${e.toolName}?`, `${e.toolName} ${path}`)
        return ok ? undefined : { block: true, reason: `The person declined this ${e.toolName}.` }
      }
      // xagent's own consent dialog: it shows the change, and offers "don't ask again this session".
      const r = await host.request(
        {
          kind: "permission",
          toolCallId: e.toolCallId,
          toolName: e.toolName,
          title: `${e.toolName}: ${path}`,
          input: e.input,
        },
        { signal: ctx.signal },
      )
      const choice = r && "value" in r && isPermissionChoice(r.value) ? r.value : "reject_once"
      if (choice === "allow_always") allowed.add(e.toolName)
      if (choice === "reject_once") return { block: true, reason: `The person declined this ${e.toolName}.` }
      host.consented(e.toolCallId)
    }
  })

  pi.registerTool(
    createSubmitPlanTool(async (s, ctx, signal) => {
      if (saved.phase === "planning") {
        submitted = s
        return { text: "Recorded. End your reply now: the person decides what happens next." }
      }
      if (saved.phase !== "implementing" || !current || s.outcome !== "plan_ready" || !s.plan)
        throw new Error(
          "submit_plan refused: use it to end a plan request, or with plan_ready to change the plan being implemented",
        )
      const before = current.plan
      const ok =
        ctx.hasUI &&
        (await ctx.ui.confirm(
          "The model changed the plan: approve the new plan?",
          lineDiff(before, s.plan)
            .map((l) => `${l.op} ${l.text}`)
            .join("\n"),
          { signal },
        ))
      const details: PlanChangeDetails = { before, after: s.plan, decision: ok ? "approved" : "rejected" }
      if (ok) current = { ...current, title: s.title ?? current.title, plan: s.plan }
      return {
        text: ok
          ? "The person approved the new plan: continue with it."
          : "The person rejected the change: keep to the current plan.",
        details,
      }
    }),
  )

  pi.on("turn_end", (e) => {
    if (saved.phase !== "planning" || submitted || repairAsked) return
    const m = e.message as { role?: string; stopReason?: string; content?: { type: string }[] }
    if (m.stopReason === "aborted" || m.stopReason === "error") return void (aborted = true)
    if (m.role !== "assistant" || m.content?.some((c) => c.type === "toolCall")) return
    // One bounded repair, in the same run: Pi takes a follow-up before it ends the run.
    repairAsked = true
    pi.sendMessage({ customType: "plan-repair", content: REPAIR, display: false }, { deliverAs: "followUp" })
  })

  pi.on("agent_end", (e, ctx) => {
    if (saved.phase === "implementing") return restore(ctx)
    if (saved.phase !== "planning") return
    const last = e.messages.filter((m) => m.role === "assistant").pop() as { stopReason?: string } | undefined
    const cut = aborted || last?.stopReason === "aborted" || last?.stopReason === "error"
    const outcome = submitted
    restore(ctx)
    if (cut || outcome?.outcome === "no_plan") return
    let card: PlanCardDetails
    if (!outcome)
      card = {
        outcome: "invalid",
        warning:
          "The plan request ended without a valid submit_plan call, after one repair request; the reply is kept as it is.",
      }
    else if (outcome.outcome === "blocked")
      card = { outcome: "blocked", title: outcome.title, missing: outcome.missing }
    else {
      const dir = plansDir(ctx.sessionManager.getSessionFile(), ctx.sessionManager.getSessionId())
      const path = writePlanFile(dir, outcome.title, outcome.plan!)
      card = { outcome: "plan_ready", title: outcome.title, plan: outcome.plan, path }
      current = { title: outcome.title, plan: outcome.plan!, path }
    }
    afterIdle(ctx, () =>
      pi.sendMessage({ customType: PLAN_CARD, content: cardText(card), display: true, details: card }),
    )
  })

  // The card is for the person; the model has its own submit_plan call.
  pi.on("context", (e) => {
    const kept = e.messages.filter((m) => !(m.role === "custom" && m.customType === PLAN_CARD))
    return kept.length === e.messages.length ? undefined : { messages: kept }
  })
}

function cardText(d: PlanCardDetails): string {
  if (d.outcome === "blocked") return `Plan blocked: needs ${d.missing}`
  if (d.outcome === "invalid") return `No valid plan: ${d.warning}`
  return `Plan: ${d.title ?? ""}\n\n${d.plan}\n\n${d.path ?? ""}`
}

/** Runs `fn` once Pi has finished the run (agent_end handlers run before it lets go of it). */
export function afterIdle(ctx: ExtensionContext, fn: () => void, tries = 100): void {
  setTimeout(() => (ctx.isIdle() || tries <= 0 ? fn() : afterIdle(ctx, fn, tries - 1)), 0)
}
