// A subscription sign-in the session host runs (a held `login` request): the whole link to open
// (an OSC 8 hyperlink; Ctrl+Y copies it with OSC 52), the flow's instructions and progress, and
// the one field the flow waits on, if any: a pasted code or redirect URL, a question, a choice.
import { For, Show } from "solid-js"
import { useKeyboard } from "@opentui/solid"
import { TextAttributes } from "@opentui/core"
import type { LoginField, LoginRequest } from "../../../protocol"
import { useDialogCancel } from "../../context/dialog"
import { theme } from "../../theme"
import { FieldInput } from "../../ui/dialog-input"

export interface LoginDialogProps {
  request: LoginRequest
  onAnswer(value: string): void
  onCancel(): void
  onCopy(url: string): void
}

export function LoginDialog(props: LoginDialogProps) {
  useDialogCancel(() => props.onCancel())
  useKeyboard((key) => {
    if (key.defaultPrevented) return
    if (key.ctrl && key.name === "y" && props.request.url) {
      key.preventDefault()
      props.onCopy(props.request.url)
      return
    }
    const options = props.request.field?.options
    const n = Number(key.name)
    if (options && Number.isInteger(n) && n >= 1 && n <= options.length) {
      key.preventDefault()
      props.onAnswer(options[n - 1]!.id)
    }
  })
  const waiting = () =>
    props.request.field ? undefined : props.request.url ? "Waiting for the browser…" : "Starting the sign-in…"
  return (
    <box flexDirection="column">
      <text fg={theme.text} attributes={TextAttributes.BOLD} wrapMode="word">
        {`Sign in to ${props.request.name}`}
      </text>
      <Show when={props.request.url}>
        {(url: () => string) => (
          <box flexDirection="column" marginTop={1}>
            <text fg={theme.dim} wrapMode="word">
              Open this link in your browser:
            </text>
            <text fg={theme.accent} wrapMode="char">
              <a href={url()}>{url()}</a>
            </text>
          </box>
        )}
      </Show>
      <Show when={props.request.instructions}>
        <text fg={theme.text} wrapMode="word" marginTop={1}>
          {props.request.instructions}
        </text>
      </Show>
      <For each={props.request.progress}>
        {(line) => (
          <text fg={theme.dim} wrapMode="word">
            {`· ${line}`}
          </text>
        )}
      </For>
      <Show when={props.request.field} keyed fallback={<text fg={theme.dim}>{waiting()}</text>}>
        {(field: LoginField) => <LoginFieldView field={field} onAnswer={props.onAnswer} />}
      </Show>
      <text wrapMode="word" fg={theme.dim} marginTop={1}>
        {[
          props.request.field?.options ? "1-9 choose" : props.request.field ? "Enter submit" : undefined,
          props.request.url ? "Ctrl+Y copy link" : undefined,
          "Esc cancel",
        ]
          .filter(Boolean)
          .join(" · ")}
      </text>
    </box>
  )
}

function LoginFieldView(props: { field: LoginField; onAnswer(value: string): void }) {
  return (
    <box flexDirection="column" marginTop={1}>
      <text fg={theme.text} wrapMode="word">
        {props.field.message}
      </text>
      <Show
        when={props.field.options}
        fallback={
          <box border borderStyle="rounded" borderColor={theme.border} height={3}>
            <FieldInput
              placeholder={props.field.placeholder}
              onSubmit={(value) => {
                if (value.trim() || props.field.allowEmpty) props.onAnswer(value)
              }}
            />
          </box>
        }
      >
        {(options: () => NonNullable<LoginField["options"]>) => (
          <For each={options()}>{(o, i) => <text fg={theme.text}>{`${i() + 1}. ${o.label}`}</text>}</For>
        )}
      </Show>
    </box>
  )
}
