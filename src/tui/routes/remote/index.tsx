// /rc: remote control of this session. The pairing link and its QR code (a phone scans it), the
// certificate's fingerprint the link carries, the browsers asking to pair (the person allows or
// refuses each here: nothing pairs without this key), and the paired devices (revoked at once).
import type { ScrollBoxRenderable } from "@opentui/core"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { createMemo, createSignal, For, Show } from "solid-js"
import { terminalLine } from "../../../common/terminal-text"
import { useDialog } from "../../context/dialog"
import { useRemote } from "../../context/remote"
import { useRoute } from "../../context/route"
import { theme } from "../../theme"
import { useScrollKeys } from "../../ui/scroll-keys"
import { qrLines } from "./qr-lines"

export const REMOTE_HINTS = "a allow · r refuse · Tab choose a device · d revoke it · o turn off · ↑↓ scroll · Esc back"

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 5)

export function RemotePage() {
  const remote = useRemote()
  const route = useRoute()
  const dialog = useDialog()
  const dims = useTerminalDimensions()
  const [chosen, setChosen] = createSignal(0)
  const status = () => remote.status()
  const qr = createMemo(() => {
    const link = status()?.link
    return link ? qrLines(link) : []
  })
  const devices = () => status()?.devices ?? []
  const requests = () => status()?.requests ?? []
  let box: ScrollBoxRenderable | undefined
  useScrollKeys(() => box)

  useKeyboard((e) => {
    if (dialog.active() || e.defaultPrevented || route.route().name !== "remote") return
    if (e.ctrl || e.meta) return
    const oldest = requests()[0]
    if (e.name === "escape") route.navigate({ name: "session" })
    else if (e.name === "a" && oldest) void remote.decide(oldest.id, true)
    else if (e.name === "r" && oldest) void remote.decide(oldest.id, false)
    else if (e.name === "tab" && devices().length)
      setChosen((chosen() + (e.shift ? -1 : 1) + devices().length) % devices().length)
    else if (e.name === "d" && devices()[chosen()]) void remote.revoke(devices()[chosen()]!.id).then(() => setChosen(0))
    else if (e.name === "o" && status()?.on) void remote.stop()
    else if (e.name === "s" && !status()?.on) void remote.start({})
    else return
    e.preventDefault()
  })

  return (
    <box flexDirection="column" width="100%" height="100%" paddingX={1}>
      <text flexShrink={0} wrapMode="word">
        <span style={{ fg: theme.text }}>Remote control</span>
        <Show
          when={status()?.on}
          fallback={<span style={{ fg: theme.muted }}>{"  off · s turns it on (/rc listen-address for another)"}</span>}
        >
          <span style={{ fg: theme.success }}>{`  on · ${terminalLine(status()!.url ?? "")}`}</span>
          <Show when={status()!.listening && status()!.listening !== status()!.url}>
            <span style={{ fg: theme.muted }}>{` (listening on ${terminalLine(status()!.listening!)})`}</span>
          </Show>
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
        <Show when={status()?.error}>
          <text flexShrink={0} fg={theme.error} wrapMode="word">
            {terminalLine(status()!.error!)}
          </text>
        </Show>
        <Show when={status()?.on}>
          <Show
            when={dims().width >= (qr()[0]?.length ?? 0) + 2}
            fallback={
              <text flexShrink={0} fg={theme.warning} wrapMode="word">
                {`The QR code needs ${qr()[0]?.length ?? 0} columns: widen the window to scan it.`}
              </text>
            }
          >
            <box flexShrink={0} flexDirection="column">
              <For each={qr()}>
                {(row) => (
                  <text flexShrink={0} fg="#000000" bg="#ffffff">
                    {row}
                  </text>
                )}
              </For>
            </box>
          </Show>
          <text flexShrink={0} marginTop={1} fg={theme.muted}>
            Scan it, or open this link on the device (it pairs once):
          </text>
          <text flexShrink={0} fg={theme.accent} wrapMode="char">
            {terminalLine(status()!.link ?? "")}
          </text>
          <Show when={status()!.fingerprint}>
            <text flexShrink={0} fg={theme.muted} wrapMode="word">
              {`The browser will warn that the certificate is xagent's own: its SHA-256 must read ${status()!.fingerprint}`}
            </text>
          </Show>
          <text flexShrink={0} marginTop={1} fg={theme.text}>
            {requests().length ? "Asking to pair" : "Nobody is asking to pair"}
          </text>
          <For each={requests()}>
            {(r, i) => (
              <text flexShrink={0} wrapMode="word">
                <span style={{ fg: i() === 0 ? theme.warning : theme.muted }}>{i() === 0 ? "▸ " : "  "}</span>
                <span style={{ fg: theme.text }}>{terminalLine(r.name)}</span>
                <span style={{ fg: theme.muted }}>{`  from ${terminalLine(r.address)} at ${clock(r.at)}`}</span>
                <span style={{ fg: theme.warning }}>{i() === 0 ? "   a allow · r refuse" : ""}</span>
              </text>
            )}
          </For>
          <text flexShrink={0} marginTop={1} fg={theme.text}>
            {devices().length ? "Paired devices" : "No paired devices"}
          </text>
          <For each={devices()}>
            {(dev, i) => (
              <text flexShrink={0} wrapMode="word">
                <span style={{ fg: i() === chosen() ? theme.accent : theme.muted }}>
                  {i() === chosen() ? "▸ " : "  "}
                </span>
                <span style={{ fg: theme.text }}>{terminalLine(dev.name)}</span>
                <span style={{ fg: dev.connected ? theme.success : theme.muted }}>
                  {dev.connected ? "  ● connected" : "  not connected"}
                </span>
                <span style={{ fg: theme.muted }}>{`  paired ${clock(dev.pairedAt)}`}</span>
              </text>
            )}
          </For>
        </Show>
      </scrollbox>
      <text flexShrink={0} fg={theme.dim} wrapMode="word">
        {REMOTE_HINTS}
      </text>
    </box>
  )
}
