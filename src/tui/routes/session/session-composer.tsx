// The composer as the session page wires it: what is sent (a feature's composer mode rewrites it;
// a prompt that could not be sent goes back into the composer), `!commands` (a feature may hold one
// back; `!outside` asks first), slash commands, completion, stop, dequeue and rewind.
import { commandUnavailable, findCommand, paletteEntries, runCommand, type CommandActions } from "../../commands"
import { Composer } from "../../component/prompt/composer"
import { useComposerInput } from "../../context/composer-input"
import { useDialog } from "../../context/dialog"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { useToast } from "../../context/toast"
import { pageCommands, pageForCommand } from "../../slots/registry"
import type { FeatureSessions } from "../../slots/session"
import { DialogOutside } from "../../ui/dialog-outside"
import { ESC_TWICE_MS, useRewind } from "./rewind"
import { useAgentSettings } from "./agent-settings"
import { createMemo } from "solid-js"
import { unwrap } from "solid-js/store"
import type { BashItem } from "../../../protocol"

export function SessionComposer(props: {
  focused: boolean
  cwd: string
  features: FeatureSessions
  actions: CommandActions
  /** What the person sends, and the reply to it, are at the bottom: the transcript goes there. */
  onSent: () => void
}) {
  const sync = useSync()
  const session = useSession()
  const composer = useComposerInput()
  const dialog = useDialog()
  const toast = useToast()
  const rewind = useRewind()
  const data = sync.data
  const route = useRoute()
  const agentSettings = useAgentSettings()
  const commands = createMemo(() => paletteEntries(session.commands(), pageCommands(), data.info?.engine))
  // Only one `!command` runs at a time, so the latest one says whether one is running. Looked for in
  // the items outside the store (a long history has no `!command`: 2,000 items read through the
  // store's proxies were a tenth of a resume's draw); the one found is read through it, for its status.
  const bashRunning = createMemo(() => {
    void data.epoch // another view
    const length = data.items.length // an item added
    const plain = unwrap(data.items)
    for (let i = length - 1; i >= 0; i--)
      if (plain[i]!.kind === "bash") return (data.items[i] as BashItem).status === "running"
    return false
  })
  const send = (text: string, how: Parameters<typeof session.send>[1], images?: Parameters<typeof session.send>[2]) => {
    // A feature's composer mode rewrites what is sent in it (never a `/command`).
    const mode = text.startsWith("/") ? undefined : props.features.composerMode()
    const out = mode ? mode.send(text) : text
    void session.send(out, how, images).then((r) => r === undefined && composer.restore(text))
  }
  const bash = (command: string, quiet: boolean) => {
    const outside = /^outside(?:\s+([\s\S]*))?$/.exec(command)
    if (!outside) {
      // A feature may hold it back (one typed during a plan request waits for its end).
      if (props.features.holdBash(command, quiet)) return
      return void session.bash(command, quiet)
    }
    const exact = outside[1]?.trim()
    if (!exact) return props.actions.refuse("!outside needs a command: !outside <command>")
    dialog.show(() => (
      <DialogOutside
        command={exact}
        onAnswer={(approved, why) => {
          if (approved) void session.act("session.bashOutside", { command: exact })
          else if (why === "tooSmall")
            props.actions.refuse("The terminal is too small to show the command with its choices: not run")
        }}
      />
    ))
  }
  return (
    <Composer
      mode={props.features.composerMode()}
      // An external agent's own modes win: a feature's mode (plan's) is Pi's, not the agent's.
      onToggleMode={agentSettings.nextMode() ?? props.features.toggleMode()}
      onAltKey={(k) => props.features.altKey(k)}
      complete={
        data.info?.autocomplete
          ? async (text, cursor) => (await session.act("session.complete", { text, cursor }))?.items ?? []
          : undefined
      }
      cwd={props.cwd}
      running={data.running}
      queue={data.queue}
      commands={commands()}
      skills={session.skills()}
      commandsKnown={session.commandsKnown()}
      focused={props.focused}
      onSend={(text, how, images) => {
        props.onSent()
        send(text, how, images)
      }}
      onImageError={(message) => toast.show({ level: "warning", message })}
      bashRunning={bashRunning()}
      onBash={(command, quiet) => {
        props.onSent()
        bash(command, quiet)
      }}
      onCommand={(name, args) => {
        const page = pageForCommand(name)
        if (page) return route.navigate({ name: "feature", page: page.page })
        // Greyed in the palette (an ACP agent's session that cannot serve it): said, never sent.
        const spec = findCommand(name)
        const why = spec && commandUnavailable(spec, data.info?.engine)
        if (why) return props.actions.refuse(`/${spec.name}: ${why}`)
        if (!runCommand(props.actions, name, args))
          props.actions.refuse(`Unknown command /${name}: /help lists them (start with // to send it as text)`)
      }}
      onInterrupt={() => void session.abort()}
      onDequeue={() => session.dequeue()}
      onRewind={() => void rewind()}
      escTwiceMs={ESC_TWICE_MS}
    />
  )
}
