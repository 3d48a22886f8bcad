// What Enter does with the draft: a prompt, a `!command`, one of the window's commands, or a
// `/word` that names nothing (said, and left in the composer to be corrected). What is sent before
// the session's command list has come waits, in order, and is read against the list once it is there.
import { createEffect, createSignal, on, type Accessor } from "solid-js"
import type { PaletteEntry } from "../palette/palette-entry"
import type { PromptImage } from "../../util/image-files"
import type { PromptHistory } from "./history"
import type { Draft } from "./draft"
import { readSubmission } from "./submission"

export type SendHow = "prompt" | "steer" | "followUp"

/** Sent before the session's command list came. */
export interface Waiting {
  text: string
  steer: boolean
  images: PromptImage[]
}

export function createSending(
  props: {
    running: boolean
    commands: PaletteEntry[]
    commandsKnown?: boolean
    onSend(text: string, how: SendHow, images?: PromptImage[]): void
    onBash(command: string, excludeFromContext: boolean): void
    onCommand(name: string, args: string): void
  },
  draft: Draft,
  history: Accessor<PromptHistory>,
) {
  const [waiting, setWaiting] = createSignal<Waiting[]>([])
  const commandsKnown = () => props.commandsKnown !== false
  const modeFor = (steer: boolean): SendHow => (props.running ? (steer ? "steer" : "followUp") : "prompt")

  /**
   * What sending `full` (the text with pastes expanded) does; undefined when there is nothing to
   * send, `keep` for a `/word` that names no command: said, and left in the composer to be corrected.
   */
  function plan(full: string, how: SendHow, images: PromptImage[]): (() => void) | "keep" | undefined {
    // With images it is a prompt, whatever the text looks like (it may be empty).
    if (images.length) return () => props.onSend(full.replace(/^\s*\n/, "").trimEnd(), how, images)
    const s = readSubmission(full, props.commands)
    if (!s) return undefined
    if (s.kind === "bash") return () => props.onBash(s.command, s.quiet)
    if (s.kind === "send") return () => props.onSend(s.text, how)
    if (s.kind === "builtin") return () => props.onCommand(s.name, s.args)
    props.onCommand(s.name, s.args)
    return "keep"
  }

  /** Sends the draft, or `expanded` in its place (a command picked from the list, with the draft's arguments). */
  function submit(how: SendHow, expanded?: string) {
    const attached = draft.take(expanded)
    const full = attached.text
    if (!commandsKnown()) {
      if (!attached.images.length && !readSubmission(full, [])) return
      history().append(full.trimEnd())
      draft.replace("")
      setWaiting((e) => [...e, { text: full, steer: how === "steer", images: attached.images }])
      return
    }
    const action = plan(full, how, attached.images)
    if (!action || action === "keep") return
    history().append(full.trimEnd())
    draft.replace("")
    action()
  }

  // Once the list is there, what waited goes in the order it was sent; a `/word` that turned out to
  // name nothing is said and comes back into the composer.
  createEffect(
    on(commandsKnown, (known) => {
      if (!known || !waiting().length) return
      const waited = waiting()
      setWaiting([])
      const back: string[] = []
      for (const e of waited) {
        const action = plan(e.text, modeFor(e.steer), e.images)
        if (action === "keep") back.push(e.text.trimEnd())
        else action?.()
      }
      if (back.length) draft.putFirst(back.join("\n"))
    }),
  )

  return { submit, modeFor, waiting }
}
