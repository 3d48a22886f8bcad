// Extension shortcuts (`pi.registerShortcut`): a key the window does not bind itself goes to the
// host, which runs the extension's handler. One on a key the window binds is reported once per
// window and key (as Pi reports its conflicts at startup) and the key keeps its own meaning.
import { useKeyboard } from "@opentui/solid"
import { createEffect } from "solid-js"
import type { ShortcutInfo } from "../../../protocol"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { OWN_KEYS } from "../../keys/own-keys"
import { canonicalKeyId, keyIdOf } from "../../keys/key-id"

/** The shortcuts a window forwards, by canonical key id, and the ones that clash with its own. */
export function sortShortcuts(shortcuts: readonly ShortcutInfo[] = []): {
  forwarded: Map<string, ShortcutInfo>
  conflicts: { shortcut: ShortcutInfo; own: string }[]
} {
  const forwarded = new Map<string, ShortcutInfo>()
  const conflicts: { shortcut: ShortcutInfo; own: string }[] = []
  for (const s of shortcuts) {
    const id = canonicalKeyId(s.key)
    const own = OWN_KEYS.get(id)
    if (own) conflicts.push({ shortcut: s, own })
    else forwarded.set(id, s)
  }
  return { forwarded, conflicts }
}

export function useExtensionShortcuts(active: () => boolean): void {
  const sync = useSync()
  const session = useSession()
  const reported = new Set<string>()
  let forwarded = new Map<string, ShortcutInfo>()

  createEffect(() => {
    const sorted = sortShortcuts(sync.data.info?.shortcuts)
    forwarded = sorted.forwarded
    for (const { shortcut, own } of sorted.conflicts) {
      if (reported.has(shortcut.key)) continue
      reported.add(shortcut.key)
      sync.notify({
        level: "warning",
        message: `An extension's shortcut ${shortcut.key}${shortcut.description ? ` (${shortcut.description})` : ""} is xagent's own key (${own}): the key keeps xagent's meaning`,
      })
    }
  })

  useKeyboard((e) => {
    if (!active() || e.defaultPrevented || forwarded.size === 0) return
    const shortcut = forwarded.get(keyIdOf(e))
    if (!shortcut) return
    e.preventDefault()
    void session.act("session.shortcut", { key: shortcut.key })
  })
}
