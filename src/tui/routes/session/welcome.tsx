// What an empty session shows: the mark, a greeting, what xagent is, and where to start.
import { Show } from "solid-js"
import { theme } from "../../theme"

function greeting(hour: number): string {
  if (hour < 5) return "Working late?"
  if (hour < 12) return "Good morning."
  if (hour < 18) return "Good afternoon."
  return "Good evening."
}

export function Welcome(props: { version: string; hour: number; model?: string; authHint?: string }) {
  return (
    <box flexGrow={1} flexDirection="column" alignItems="center" justifyContent="center" paddingX={1}>
      <text fg={theme.accent}>{"▚▞"}</text>
      <text fg={theme.accentAlt}>{"▞▚"}</text>
      <text marginTop={1}>
        <span style={{ fg: theme.text }}>xagent</span>
        <span style={{ fg: theme.dim }}>{` v${props.version}`}</span>
      </text>
      <text fg={theme.text} marginTop={1}>
        {greeting(props.hour)}
      </text>
      <text fg={theme.muted} wrapMode="word">
        A coding agent that keeps working when the window closes.
      </text>
      <Show when={props.model}>
        <text fg={theme.dim}>{props.model}</text>
      </Show>
      <Show when={props.authHint}>
        <text fg={theme.warning} wrapMode="word" marginTop={1}>
          {props.authHint}
        </text>
      </Show>
      <text fg={theme.dim} marginTop={1} wrapMode="word">
        /help for commands · @ for files · ! for shell
      </text>
    </box>
  )
}
