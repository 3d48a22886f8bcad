// `xagent -p`: one prompt, no window. The session host runs in a Worker of this process (Pi on
// its own thread); the reply streams to stdout, tool activity and problems to stderr. A saved
// session (`-c`, `--session`) goes through the daemon when one runs, so a session live in one of
// its hosts is joined there rather than written by a second process (and a window opening it
// meanwhile joins this run's host).
import type { Client } from "../client/client"
import { ProtocolError, type EventEnvelope, type SessionEvent } from "../protocol"
import { err, out } from "./io"
import type { Prompts } from "./initial-message"
import type { RunPlan } from "./run-plan"
import { chooseHost } from "./connect-client"
import { JsonLines } from "./print-json"
import { PrintRenderer } from "./print-render"
import { oneLine, UsageError } from "./usage-error"

export async function runPrint(plan: RunPlan, prompts: Prompts): Promise<number> {
  if (plan.session.kind === "pick") throw new UsageError("--resume needs a window")
  const client = await printClient(plan)
  let stdout = Promise.resolve()
  let stderr = Promise.resolve()
  const toStdout = (t: string) => void (stdout = stdout.then(() => out(t)))
  // `--mode json`: the JSON lines take stdout; tool activity and problems stay on stderr.
  const json = plan.output === "json" ? new JsonLines(toStdout) : undefined
  const renderer = new PrintRenderer({
    stdout: json ? () => {} : toStdout,
    stderr: (t) => void (stderr = stderr.then(() => err(t))),
  })

  const sigint = interruptOnSigint(client)
  try {
    const code = await printReply(client, plan, prompts, renderer, sigint.setSession, json)
    renderer.finish()
    return sigint.interrupted() ? 130 : code
  } catch (e) {
    renderer.finish()
    // Bad values only the host can judge (an unknown model, no session with that id) are usage errors.
    if (e instanceof ProtocolError && (e.code === "bad_request" || e.code === "not_found"))
      throw new UsageError(e.message)
    await stderr
    await err(`xagent: ${oneLine(e instanceof Error ? e.message : String(e))}\n`)
    return 1
  } finally {
    process.off("SIGINT", sigint.handler)
    await Promise.all([stdout, stderr])
    await client.close().catch(() => {})
  }
}

async function printClient(plan: RunPlan): Promise<Client> {
  // `--session-id` names a saved session too, which may be live in one of the daemon's hosts.
  const saved = plan.session.kind !== "new" || plan.open.pi?.sessionId !== undefined
  if (plan.daemon && saved && chooseHost(true).daemon) {
    const { connectOrStart } = await import("../client/connect")
    // none running (or one that speaks another protocol): this process hosts the session itself
    const viaDaemon = await connectOrStart({ clientName: "xagent-print", start: false, reconnect: false }).catch(
      () => undefined,
    )
    if (viaDaemon) return viaDaemon
  }
  const { createWorkerClient } = await import("../client/worker-client")
  return createWorkerClient({})
}

async function printReply(
  client: Client,
  plan: RunPlan,
  prompts: Prompts,
  renderer: PrintRenderer,
  onOpen: (sessionId: string) => void,
  json?: JsonLines,
): Promise<number> {
  if (plan.session.kind === "pick") throw new UsageError("--resume needs a window")
  const opened = await client.request("session.open", { ...plan.open, mode: plan.session, interactive: false })
  onOpen(opened.sessionId)
  // With no usable model the prompt would fail with the same hint; Pi's longer warning about it is left out.
  if (opened.info.authHint) throw new Error(opened.info.authHint)
  for (const w of opened.warnings) renderer.handle({ type: "ui_notify", level: "warning", message: oneLine(w) })

  let ended = undefined as TurnEnd | undefined
  let closedReason: string | undefined
  /** A joined live session may be running another window's reply. */
  let running = false
  let done = Promise.withResolvers<void>()
  // A joined session running another window's reply: its events are held until the host takes
  // this prompt (it refuses one while a reply runs), so that reply's text is not this run's output.
  let held: SessionEvent[] | undefined
  const show = (e: SessionEvent) => {
    json?.handle(e)
    renderer.handle(e)
  }
  const offConnection = client.onConnection((c) => {
    if (c.state !== "lost") return
    closedReason = `the connection to the daemon was lost (${c.reason})`
    done.resolve()
  })
  const unsubscribe = client.subscribe(opened.sessionId, 0, (env: EventEnvelope) => {
    const e = env.event
    if (e.type === "snapshot") {
      running = e.snapshot.running
      if (running) held = []
    }
    if (e.type === "run") running = e.running
    if (held) held.push(e)
    else show(e)
    // The host says when the prompt is over and how (after any retries): nothing to infer here.
    if (e.type === "turn_end") {
      ended = e
      done.resolve()
    }
    if (e.type === "closed") {
      closedReason = e.reason
      done.resolve()
    }
    if (e.type === "ui_request") {
      // No window to answer a dialog in: decline it so the reply can go on.
      renderer.handle({
        type: "ui_notify",
        level: "warning",
        message: `declined a question (no window): ${"title" in e.request ? e.request.title : e.request.kind}`,
      })
      void client
        .request("session.uiRespond", {
          sessionId: opened.sessionId,
          requestId: e.request.id,
          response: { cancelled: true },
        })
        .catch(() => {})
    }
  })
  // Pi's order: the first prompt (stdin, @files, the first message), then each other message once
  // the one before is answered; a failed reply ends the run.
  const sends = [
    { ...prompts.first!, sessionId: opened.sessionId },
    ...prompts.rest.map((text) => ({ text, sessionId: opened.sessionId })),
  ]
  try {
    for (const params of sends) {
      ended = undefined
      done = Promise.withResolvers<void>()
      await client.request("session.prompt", params).catch((e) => {
        if (running && e instanceof ProtocolError && e.code === "bad_request")
          throw new Error("the session is live and a reply is running in it: send this once that reply is over")
        throw e
      })
      // Taken: what waited is this run's (a refused prompt throws above, and nothing of it is drawn).
      if (held) for (const e of held.splice(0)) show(e)
      held = undefined
      await done.promise
      if (closedReason !== undefined || failed(ended)) break
    }
  } finally {
    offConnection()
    unsubscribe()
  }
  if (closedReason !== undefined) throw new Error(`the session ended: ${closedReason}`)
  if (failed(ended)) renderer.fail(ended.errorMessage ?? "failed")
  // An error notice outside the reply (an extension's) fails the run too.
  return renderer.errors.length ? 1 : 0
}

type TurnEnd = Extract<SessionEvent, { type: "turn_end" }>
const failed = (e: TurnEnd | undefined): e is TurnEnd => e?.stopReason === "error" || e?.stopReason === "refusal"

/** First Ctrl+C interrupts the reply (exit 130 follows); a second one leaves at once. */
function interruptOnSigint(client: Client) {
  let sessionId: string | undefined
  let count = 0
  const handler = () => {
    count += 1
    if (count > 1 || !sessionId) process.exit(130)
    void client.request("session.abort", { sessionId }).catch(() => {})
  }
  process.on("SIGINT", handler)
  return {
    handler,
    interrupted: () => count > 0,
    setSession: (id: string) => void (sessionId = id),
  }
}
