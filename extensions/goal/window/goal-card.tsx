// /goal's rows: the status card bare `/goal` appends (objective, status, rounds, time, last check,
// the commands that apply) and the one-line marker of each continuation round.
import { For, Show } from "solid-js"
import { theme } from "../../../src/tui/theme"
import {
  goalStatusText,
  goalTimeUsed,
  shortDuration,
  type GoalCardDetails,
  type GoalState,
  type GoalStatus,
} from "../rules"

export function goalColor(status: GoalStatus | undefined): string {
  if (status === "achieved") return theme.success
  if (status === "pursuing") return theme.accent
  if (status === "unmet") return theme.error
  return theme.warning
}

function checkLine(c: NonNullable<GoalState["lastCheck"]>): string {
  return `last check (round ${c.round}): ${c.ok ? "passed" : `failed, exit ${c.exitCode}`}`
}

export function GoalCard(props: { details: GoalCardDetails; timestamp: number }) {
  const g = () => props.details.goal
  const status = () => props.details.status ?? (g() ? goalStatusText(g()!, props.timestamp) : "")
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2}>
      <text fg={theme.accent}>{g() ? "◎ Goal" : "◎ No goal set"}</text>
      <box flexDirection="column" flexShrink={0} paddingLeft={1} border={["left"]} borderColor={theme.border}>
        <Show when={g()}>
          {(() => {
            const goal = () => g()!
            return (
              <>
                <text fg={theme.text} wrapMode="word">
                  {goal().objective}
                </text>
                <text fg={goalColor(goal().status)} wrapMode="word">
                  {status()}
                </text>
                <text fg={theme.muted} wrapMode="word">
                  {[
                    `round ${goal().round}/${goal().maxRounds}`,
                    `${shortDuration(goalTimeUsed(goal(), props.timestamp))} of ${shortDuration(goal().maxMs)}`,
                    goal().maxTokens ? `${goal().tokens} of ${goal().maxTokens} tokens` : `${goal().tokens} tokens`,
                  ].join(" · ")}
                </text>
                <Show when={goal().lastCheck}>
                  <text fg={goal().lastCheck!.ok ? theme.success : theme.error} wrapMode="word">
                    {checkLine(goal().lastCheck!)}
                  </text>
                </Show>
                <Show when={goal().summary}>
                  <text fg={theme.muted} wrapMode="word">
                    {goal().summary}
                  </text>
                </Show>
              </>
            )
          })()}
        </Show>
        <text wrapMode="word">
          <For each={props.details.commands}>
            {(c, i) => <span style={{ fg: theme.info }}>{`${i() ? "  " : ""}${c}`}</span>}
          </For>
        </text>
      </box>
    </box>
  )
}

export function GoalRoundRow(props: { round?: number; maxRounds?: number; first: boolean }) {
  const text = () =>
    props.first
      ? "◎ Goal set: working on it"
      : `↻ Goal · round ${props.round ?? "?"}${props.maxRounds ? `/${props.maxRounds}` : ""}`
  return (
    <box flexShrink={0} marginTop={1} paddingLeft={2}>
      <text fg={theme.accent}>{text()}</text>
    </box>
  )
}
