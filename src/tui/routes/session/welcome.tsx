// What an empty session shows: the mark, a greeting, what xagent is, and where to start.
import { For, Show } from "solid-js"
import { wrapText } from "../../util/wrap-text"
import { theme } from "../../theme"

// No greeting says "Working": that word starts the working line, and a welcome that says it too
// reads as a run in progress (and a test looking for the working line found the welcome at night).
function greeting(hour: number): string {
  if (hour < 5) return "Up late?"
  if (hour < 12) return "Good morning."
  if (hour < 18) return "Good afternoon."
  return "Good evening."
}

/** `quiet`: Pi's quietStartup, which hides the welcome; only what to do about a missing model stays. */
export function Welcome(props: {
  version: string
  /** The local hour, for the greeting; until it is known, its row stays blank. */
  hour?: number
  /** Columns of the window. */
  width: number
  model?: string
  authHint?: string
  quiet?: boolean
}) {
  return (
    <Show
      when={!props.quiet}
      fallback={
        <box flexGrow={1} flexShrink={1} minHeight={0} paddingX={1} justifyContent="flex-end">
          <Show when={props.authHint}>
            <Advice text={props.authHint!} width={props.width - 2} />
          </Show>
        </box>
      }
    >
      {/* A short window clips the welcome rather than squeezing its lines into one another. */}
      <box
        flexGrow={1}
        flexShrink={1}
        minHeight={0}
        overflow="hidden"
        flexDirection="column"
        alignItems="center"
        justifyContent="center"
        paddingX={1}
      >
        <text flexShrink={0} fg={theme.accent}>
          {"▚▞"}
        </text>
        <text flexShrink={0} fg={theme.accentAlt}>
          {"▞▚"}
        </text>
        <text flexShrink={0} marginTop={1}>
          <span style={{ fg: theme.text }}>xagent</span>
          <span style={{ fg: theme.dim }}>{` v${props.version}`}</span>
        </text>
        <text flexShrink={0} fg={theme.text} marginTop={1}>
          {props.hour === undefined ? " " : greeting(props.hour)}
        </text>
        <text flexShrink={0} fg={theme.muted} wrapMode="word">
          A coding agent that keeps working when the window closes.
        </text>
        <Show when={props.model}>
          <text flexShrink={0} fg={theme.dim}>
            {props.model}
          </text>
        </Show>
        <Show when={props.authHint}>
          <box flexShrink={0} marginTop={1} alignItems="center">
            <Advice text={props.authHint!} width={props.width - 2} />
          </box>
        </Show>
        <text flexShrink={0} fg={theme.dim} marginTop={1} wrapMode="word">
          /help for commands · @ for files · ! for shell
        </text>
      </box>
    </Show>
  )
}

/**
 * What to do about the model, wrapped here a line each: the inline footer measures a wrapping text
 * at a width it does not get, and its second line was cut off.
 */
function Advice(props: { text: string; width: number }) {
  return (
    <For each={wrapText(props.text, props.width)}>
      {(line) => (
        <text flexShrink={0} fg={theme.warning}>
          {line}
        </text>
      )}
    </For>
  )
}
