import { afterEach } from "bun:test"
// Mounts the composer (with queue rows, under the dialog and toast providers) in a headless
// renderer and records what it asks for.
import { testRender } from "@opentui/solid"
import { createSignal } from "solid-js"
import type { CompletionItem, QueueState, SkillInfo } from "../../src/protocol"
import { Composer, type SendHow } from "../../src/tui/component/prompt/composer"
import { QueueRows } from "../../src/tui/component/prompt/queue-rows"
import type { PaletteEntry } from "../../src/tui/component/palette/palette-entry"
import type { PromptImage } from "../../src/tui/util/image-files"
import { DialogProvider, useDialog, type DialogApi } from "../../src/tui/context/dialog"

export type Call =
  | ["send", string, SendHow]
  | ["send", string, SendHow, PromptImage[]]
  | ["bash", string]
  | ["command", string, string]
  | ["interrupt"]
  | ["dequeue"]
  | ["imageError", string]

export const COMMANDS: PaletteEntry[] = [
  { name: "model", description: "Choose the model", source: "builtin" },
  { name: "exit", description: "Leave the window", aliases: ["quit", "q"], source: "builtin" },
  { name: "review", description: "Review the staged diff", source: "prompt" },
  { name: "deploy", description: "Ship it to staging", source: "extension" },
]

type Setup = Awaited<ReturnType<typeof testRender>>

export async function mountComposer(
  opts: {
    width?: number
    height?: number
    kitty?: boolean
    running?: boolean
    queue?: QueueState
    cwd?: string
    commands?: PaletteEntry[]
    skills?: SkillInfo[]
    /** The session's extensions' completions (ctx.ui.addAutocompleteProvider). */
    complete?: (text: string, cursor: number) => Promise<CompletionItem[]>
    dequeued?: string
  } = {},
) {
  const [running, setRunning] = createSignal(opts.running ?? false)
  const [queue, setQueue] = createSignal<QueueState>(opts.queue ?? { steering: [], followUp: [] })
  const calls: Call[] = []
  let dialog!: DialogApi
  const Grab = () => {
    dialog = useDialog()
    return null
  }
  const t = await testRender(
    () => (
      <DialogProvider>
        <Grab />
        <box flexDirection="column" width="100%" height="100%">
          <box flexGrow={1} />
          <QueueRows queue={queue()} />
          <Composer
            cwd={opts.cwd ?? process.cwd()}
            running={running()}
            queue={queue()}
            commands={opts.commands ?? COMMANDS}
            skills={opts.skills}
            complete={opts.complete}
            focused
            onSend={(text, how, images) => calls.push(images ? ["send", text, how, images] : ["send", text, how])}
            onImageError={(message) => calls.push(["imageError", message])}
            onBash={(command) => calls.push(["bash", command])}
            onCommand={(name, args) => calls.push(["command", name, args])}
            onInterrupt={() => calls.push(["interrupt"])}
            onDequeue={async () => {
              calls.push(["dequeue"])
              return opts.dequeued
            }}
          />
        </box>
      </DialogProvider>
    ),
    { width: opts.width ?? 60, height: opts.height ?? 16, kittyKeyboard: opts.kitty ?? true },
  )
  await t.renderOnce()
  const frame = async () => {
    await t.renderOnce()
    return t.captureCharFrame()
  }
  return { ...t, calls, dialog, setRunning, setQueue, frame, until: (pred: (f: string) => boolean) => until(t, pred) }
}

/**
 * Renders until `pred` holds for the frame, for effects that arrive from outside the render loop
 * (a subprocess, a file read, a timer, the 20 ms escape-key disambiguation). Fails after 5 s.
 */
export async function until(t: Setup, pred: (frame: string) => boolean, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await t.renderOnce()
    const frame = t.captureCharFrame()
    if (pred(frame)) return frame
    if (Date.now() > deadline) throw new Error(`frame never matched:\n${frame}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The composer's text rows (inside its border), trimmed. */
export function editorLines(frame: string): string[] {
  const lines = frame.split("\n")
  const bottom = lines.findLastIndex((l) => l.startsWith("╰"))
  const top = lines.slice(0, bottom).findLastIndex((l) => l.startsWith("╭"))
  return lines.slice(top + 1, bottom).map((l) =>
    l
      .replace(/^│\s?/, "")
      .replace(/\s*│\s*$/, "")
      .trim(),
  )
}

/** For one test file: mounts a composer per test and destroys it after the test. */
export function composerMounter() {
  let current: Setup | undefined
  afterEach(() => {
    current?.renderer.destroy()
    current = undefined
  })
  return async (opts: Parameters<typeof mountComposer>[0] = {}) => (current = await mountComposer(opts))
}
