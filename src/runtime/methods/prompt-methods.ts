// Session methods of a window on the session: prompts, `!` commands, stopping, the queue,
// completions and commands, shortcuts, and answers to the extensions' dialogs and components.
import { ProtocolError, type CommandInfo, type Params, type SkillInfo, type UiResponse } from "../../protocol/index"
import { imagesUnseenNotice } from "../../common/unseen-images"
import { errorText } from "../../util/error-text"
import { queuedAttachmentNotice, readMentionedFiles } from "../session/attach-files"
import { queuedSkillsNotice, readRequiredSkills } from "../session/required-skills"
import { complete } from "../extensions/autocomplete"
import { runShortcut } from "../extensions/extension-shortcuts"
import type { LiveSession } from "../session/live-session"
import { editorText } from "./method-common"
import { editQueue, requeue, takeQueued } from "../session/queue-edit"
import type { RunToken } from "../session/event-projection"
import { sessionBash } from "../session/session-bash"
import { choiceLabels, matchCommand, ownedName, sharedNames, type CommandMatch } from "../extensions/command-owners"
import { sessionCommands } from "../extensions/session-commands"
import { terminalLine } from "../../common/terminal-text"
import { saveUnsavedCopy } from "../files/unsaved-copy"
import type { Handlers } from "./session-methods"
import type { ImageContent } from "../pi-types"

export const PROMPT_METHODS = {
  "session.prompt": async (live, p) => {
    await prompt(live, p.text, p.behavior, p.images, {
      attachFiles: p.attachFiles === true,
      requireSkills: p.requireSkills === true,
    })
    return {}
  },
  "session.bash": async (live, p) => {
    idleShell(live)
    sessionBash(live, p.command, { excludeFromContext: p.excludeFromContext === true, terminal: p.terminal })
    return {}
  },
  "session.bashOutside": async (live, p) => {
    idleShell(live)
    sessionBash(live, p.command, { outside: true })
    return {}
  },
  "session.abort": async (live) => {
    // Pi would send the queue after a newer message; the window that stopped the reply gets it
    // back, but for one steer: it was meant for this reply, before any follow-up, so it is sent.
    const queued = takeQueued(live)
    await live.abort()
    const steer = queued.find((m) => m.kind === "steering")
    const back = queued.filter((m) => m !== steer).map((m) => m.text)
    if (!steer) return editorText(...back)
    try {
      await prompt(live, steer.text, undefined, steer.images)
      return editorText(...back)
    } catch (err) {
      // Not sent (no model, no key): it goes back with the rest, first, as it was queued first.
      live.notice("error", `The queued steer was not sent: ${errorText(err)}`)
      return editorText(steer.text, ...back)
    }
  },
  "session.dequeue": async (live) => {
    live.queuedImages.clear()
    return live.session.clearQueue()
  },
  "session.queueEdit": async (live, p) => {
    const { send } = await editQueue(live, p)
    if (!send) return {}
    // What stays queued is the new run's: Pi's queue outlives the stop and is read as it runs.
    const rest = takeQueued(live)
    await live.abort()
    await prompt(live, send.text, undefined, send.images)
    await requeue(live, rest)
    return {}
  },
  "session.saveUnsaved": async (live) => saveUnsavedCopy(live),
  "session.shortcut": async (live, p) => {
    runShortcut(live.session, p.key, (text) => live.notice("error", text))
    return {}
  },
  "session.complete": async (live, p) => ({ items: await complete(live.bridge.autocomplete(), p.text, p.cursor) }),
  "session.commands": async (live) => ({ commands: commands(live), skills: loadedSkills(live) }),
  "session.uiRespond": async (live, p) => {
    // The bridge checks the answer against its question (ask_user answers included).
    live.bridge.respond(p.requestId, p.response as UiResponse)
    return {}
  },
  "session.componentInput": async (live, p) => live.components.input(p.componentId, p.window, p.data),
  "session.componentResize": async (live, p) => {
    live.components.resize(p.window, p.width, p.height)
    return {}
  },
} satisfies Partial<Handlers>

export { prompt as promptSession }

/** What to tell the person when the model takes no images: it never sees the attached ones. */
function imagesUnseen(s: LiveSession["session"], count: number): string | undefined {
  const model = s.model
  if (!model || model.input.includes("image")) return undefined
  return imagesUnseenNotice(model.name || model.id, count)
}

async function prompt(
  live: LiveSession,
  text: string,
  behavior?: "steer" | "followUp",
  images?: Params<"session.prompt">["images"],
  from: { attachFiles?: boolean; requireSkills?: boolean } = {},
) {
  const s = live.session
  const space = text.indexOf(" ")
  const name = text.startsWith("/") ? text.slice(1, space === -1 ? undefined : space) : ""
  const match = name ? matchCommand(sessionCommands(s), name) : undefined
  if (match) {
    // Commands may open dialogs and wait on them: accept now, report failures as notices. With no
    // window (--print) nobody waits on a dialog, and the caller needs to know when it is over.
    const done = runCommand(live, match, name, text.slice(1 + name.length))
    if (!live.interactive) await done
    return
  }
  if (live.running && !behavior)
    throw new ProtocolError("bad_request", 'A reply is running: send this with behavior "steer" or "followUp"')
  // Pi's agent can still be winding down after the run ended for windows: let it finish.
  if (!live.running && s.isStreaming) await s.waitForIdle()
  const hint = live.running ? undefined : live.info().authHint
  if (hint) throw new ProtocolError("failed", hint)
  const unseen = images?.length ? imagesUnseen(s, images.length) : undefined
  // A command's text (a prompt template, a skill) is not the person's message: nothing is attached.
  const typed = !text.startsWith("/")
  const attached =
    from.attachFiles && typed
      ? await readMentionedFiles(text, live.cwd, live.sandbox.workspace(live.cwd), live.sandbox.readDenied(live.cwd))
      : undefined
  const skills =
    from.requireSkills && typed ? await readRequiredSkills(text, s.resourceLoader.getSkills().skills) : undefined
  // The run this prompt starts takes them (NextRunMessage's hooks). A queued message is delivered
  // alone, one a turn under Pi's default queue modes, so what is sent after it would reach the
  // model a turn late: it goes as typed, and the person is told.
  if (attached && live.running) live.notice("warning", queuedAttachmentNotice(attached))
  else live.attachments.set(attached)
  if (skills && live.running) live.notice("warning", queuedSkillsNotice(skills))
  else live.requiredSkills.set(skills)
  let stopWatching = () => {}
  if (unseen) {
    // Pi sends such a model a placeholder instead: say so under the person's message, which the
    // session's own listener (subscribed first) has put in the transcript by then.
    if (live.running) live.notice("warning", unseen)
    else {
      const off = s.subscribe((e) => {
        if (e.type !== "message_end" || e.message.role !== "user") return
        off()
        live.notice("warning", unseen)
      })
      stopWatching = off
    }
  }
  await new Promise<void>((resolvePrompt, reject) => {
    let accepted = false
    let run: RunToken | undefined
    s.prompt(text, {
      streamingBehavior: live.running ? behavior : undefined,
      images: images?.length ? images : undefined,
      preflightResult: (disposition) => {
        if (disposition === "queued") noteImages(live, behavior, images)
        if (disposition !== "started") forgetRunMessages(live)
        // "handled": an input hook or command consumed it; no run follows and the promise settles.
        if (disposition === "handled") return stopWatching()
        accepted = true
        run = live.beginRun()
        resolvePrompt()
      },
    }).then(
      () => {
        stopWatching()
        live.settleRun(run)
        resolvePrompt()
      },
      (err) => {
        stopWatching()
        forgetRunMessages(live)
        live.settleRun(run)
        if (!accepted) reject(new ProtocolError("failed", errorText(err)))
        else live.notice("error", errorText(err))
      },
    )
  })
}

/** A queued message's images, which Pi's queue API will not hand back (QueuedImages). */
function noteImages(live: LiveSession, behavior: "steer" | "followUp" | undefined, images?: ImageContent[]) {
  const kind = behavior === "steer" ? "steering" : "followUp"
  const queue = kind === "steering" ? live.session.getSteeringMessages() : live.session.getFollowUpMessages()
  const last = queue[queue.length - 1]
  if (last !== undefined) live.queuedImages.note(kind, last, images)
}

/** What a prompt that started no run had for its run is not kept for the next one. */
function forgetRunMessages(live: LiveSession) {
  live.attachments.set(undefined)
  live.requiredSkills.set(undefined)
}

function idleShell(live: LiveSession) {
  if (live.session.isBashRunning)
    throw new ProtocolError("failed", "A shell command is already running; interrupt it first")
}

/** An extension command the person named: Pi runs it under its own name; a shared bare name asks whose first. */
async function runCommand(live: LiveSession, match: CommandMatch, name: string, rest: string): Promise<void> {
  let run = "run" in match ? match.run : undefined
  if ("choose" in match) {
    const labels = choiceLabels(match.choose)
    if (!live.interactive)
      throw new ProtocolError(
        "bad_request",
        `/${name} is a command of more than one extension: use ${labels.join(" or ")}`,
      )
    const r = await live.bridge.request({ kind: "select", title: `Which /${name}?`, options: labels })
    const picked = r && "value" in r ? labels.indexOf(r.value) : -1
    // Dismissed: nothing ran, and the prompt the window sent is over.
    if (picked === -1) return live.settleCommand()
    run = match.choose[picked]!.invocationName
  }
  await live.session.prompt(`/${run}${rest}`).then(
    () => live.settleCommand(),
    (err) => {
      const message = `/${name} failed: ${errorText(err)}`
      live.notice("error", message)
      live.settleCommand(message)
    },
  )
}

function commands(live: LiveSession): CommandInfo[] {
  const s = live.session
  const out: CommandInfo[] = []
  const extension = sessionCommands(s)
  const shared = sharedNames(extension)
  for (const c of extension) {
    const owned = c.owner && shared.has(c.name)
    const info: CommandInfo = { name: owned ? ownedName(c) : c.invocationName, source: "extension" }
    if (c.owner) info.owner = c.owner
    if (owned) info.shared = true
    out.push(withDescription(info, c.description && terminalLine(c.description)))
  }
  for (const t of s.promptTemplates) out.push(withDescription({ name: t.name, source: "prompt" }, t.description))
  // Pi's enableSkillCommands: off, skills stay in the prompt but get no /skill: commands.
  if (s.settingsManager.getEnableSkillCommands())
    for (const k of s.resourceLoader.getSkills().skills)
      out.push(withDescription({ name: `skill:${k.name}`, source: "skill" }, k.description))
  return out
}

/** Every loaded skill, whatever enableSkillCommands says: `$name` requires one (the window lists them). */
function loadedSkills(live: LiveSession): SkillInfo[] {
  return live.session.resourceLoader
    .getSkills()
    .skills.map((k) => (k.description ? { name: k.name, description: k.description } : { name: k.name }))
}

function withDescription(c: CommandInfo, description?: string): CommandInfo {
  if (description) c.description = description
  return c
}
