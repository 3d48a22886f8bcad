// /doctor: local readiness checks, each with its verdict and a fix. The session's host makes the
// ones that need Pi, the machine or the daemon (session.doctor); the terminal's rows come from
// what this window already learned of its terminal. No model request is made, unless the person
// asks for the live check (l) and confirms it with the model and its cost in front of them.
// r checks again.
import type { ScrollBoxRenderable } from "@opentui/core"
import { useKeyboard, useRenderer, useTerminalDimensions } from "@opentui/solid"
import { createResource, createSignal, For, Show } from "solid-js"
import { livePlanText, worstVerdict, type DoctorCheck, type DoctorVerdict } from "../../../protocol/doctor"
import { terminalLine } from "../../../common/terminal-text"
import { useDialog } from "../../context/dialog"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { useThemes } from "../../context/themes"
import { useToast } from "../../context/toast"
import { theme } from "../../theme"
import { DialogConfirm } from "../../ui/dialog-confirm"
import { useScrollKeys } from "../../ui/scroll-keys"
import { terminalChecks } from "../../util/terminal-checks"

export const DOCTOR_HINTS =
  "No model request is made · l live check (asks first) · ↑↓ scroll · r check again · Esc back"
const LIVE_HINTS = "One model request was made · ↑↓ scroll · r check again · Esc back"

const LABEL: Record<DoctorVerdict, string> = { ok: "ok", warn: "warn", fail: "FAIL", unchecked: "not checked" }
const WIDTH = Math.max(...Object.values(LABEL).map((l) => l.length))

const colour = (v: DoctorVerdict) =>
  v === "ok" ? theme.success : v === "warn" ? theme.warning : v === "fail" ? theme.error : theme.dim

function summary(checks: readonly DoctorCheck[]): string {
  const n = (v: DoctorVerdict) => checks.filter((c) => c.verdict === v).length
  const parts = [
    n("fail") && `${n("fail")} failed`,
    n("warn") && `${n("warn")} ${n("warn") === 1 ? "warning" : "warnings"}`,
    n("unchecked") && `${n("unchecked")} not checked`,
  ].filter(Boolean)
  return parts.length ? parts.join(", ") : "all good"
}

export function DoctorPage() {
  const session = useSession()
  const route = useRoute()
  const dialog = useDialog()
  const renderer = useRenderer()
  const themes = useThemes()
  const dims = useTerminalDimensions()
  // A narrow window keeps its columns for the words: no aligned verdicts, a small indent for fixes.
  const narrow = () => dims().width < 60
  const toast = useToast()
  // The plan of the live check comes with the checks (local: nothing is sent); `l` confirms it.
  const [host, { refetch, mutate }] = createResource(async () => await session.act("session.doctor", { live: "plan" }))
  const [liveRunning, setLiveRunning] = createSignal(false)
  const checks = (): DoctorCheck[] => [
    ...(host()?.checks ?? []),
    ...terminalChecks({ capabilities: renderer.capabilities, background: themes.terminalColors().background }),
  ]
  let box: ScrollBoxRenderable | undefined
  useScrollKeys(() => box)

  useKeyboard((e) => {
    if (dialog.active() || e.defaultPrevented || route.route().name !== "doctor") return
    if (e.name === "escape") route.navigate({ name: "session" })
    else if (e.name === "r" && !e.ctrl && !e.meta) void refetch()
    else if (e.name === "l" && !e.ctrl && !e.meta) askLive()
    else return
    e.preventDefault()
  })

  function askLive() {
    const plan = host()?.live
    if (liveRunning() || host.loading) return
    if (!plan) return toast.show({ message: "The live check is not available here", level: "warning" })
    if ("problem" in plan)
      return toast.show({ message: terminalLine(`No live check: ${plan.problem}`), level: "warning" })
    dialog.show(() => (
      <DialogConfirm
        title="Live check"
        message={terminalLine(`Make ${livePlanText(plan)}? It is a real request to the provider.`)}
        onConfirm={(yes) => yes && void runLive()}
      />
    ))
  }
  async function runLive() {
    setLiveRunning(true)
    try {
      const report = await session.act("session.doctor", { live: "run" })
      if (report) mutate(report)
    } finally {
      setLiveRunning(false)
    }
  }

  return (
    <box flexDirection="column" width="100%" height="100%" paddingX={1}>
      <text flexShrink={0} wrapMode="word">
        <span style={{ fg: theme.text }}>Doctor</span>
        <Show
          when={!host.loading && !liveRunning()}
          fallback={<span style={{ fg: theme.warning }}>{liveRunning() ? "  asking the model…" : "  checking…"}</span>}
        >
          <span style={{ fg: colour(worstVerdict(checks())) }}>{`  ${summary(checks())}`}</span>
        </Show>
      </text>
      <scrollbox
        ref={(r: ScrollBoxRenderable) => (box = r)}
        flexGrow={1}
        flexShrink={1}
        minHeight={0}
        marginTop={1}
        wrapperOptions={{ flexBasis: 0 }}
      >
        <Show when={host.error}>
          <text flexShrink={0} fg={theme.error} wrapMode="word">
            {terminalLine(`The host's checks failed: ${(host.error as Error).message}`)}
          </text>
        </Show>
        <For each={checks()}>
          {(c) => (
            <box flexDirection="column" flexShrink={0}>
              <box flexDirection="row" flexShrink={0}>
                {/* Wide, the verdicts form a column and a long line hangs beside it. */}
                <Show when={!narrow()}>
                  <text flexShrink={0} width={WIDTH + 2} fg={colour(c.verdict)}>
                    {LABEL[c.verdict]}
                  </text>
                </Show>
                <text flexGrow={1} flexShrink={1} wrapMode="word">
                  <span style={{ fg: colour(c.verdict) }}>{narrow() ? `${LABEL[c.verdict]}  ` : ""}</span>
                  <span style={{ fg: theme.text }}>{terminalLine(c.name)}</span>
                  <span style={{ fg: theme.muted }}>{`  ${terminalLine(c.text)}`}</span>
                </text>
              </box>
              <Show when={c.fix}>
                <box flexShrink={0} paddingLeft={narrow() ? 2 : WIDTH + 2}>
                  <text wrapMode="word" fg={theme.dim}>
                    {`fix: ${terminalLine(c.fix!)}`}
                  </text>
                </box>
              </Show>
            </box>
          )}
        </For>
      </scrollbox>
      <text flexShrink={0} fg={theme.dim} wrapMode="word">
        {host()?.liveMade ? LIVE_HINTS : DOCTOR_HINTS}
      </text>
    </box>
  )
}
