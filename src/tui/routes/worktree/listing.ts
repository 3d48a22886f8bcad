// The page's data: the repository's worktrees and snapshots as the service lists them, and one
// action at a time run against them (said how it went, then the listing read again).
import { createMemo, createResource, createSignal } from "solid-js"
import type { WorktreeService } from "../../../common/worktree"
import { itemsOf } from "./rows"

export type Say = (message: string, level?: "info" | "warning" | "error") => void

export function createWorktreeListing(service: () => WorktreeService | undefined, say: Say) {
  const fail = (e: unknown) => say(e instanceof Error ? e.message : String(e), "error")
  const [busy, setBusy] = createSignal<string>()
  const [listing, { refetch }] = createResource(async () => {
    const s = service()
    if (!s) return undefined
    try {
      return await s.list()
    } catch (e) {
      fail(e)
      return undefined
    }
  })
  const items = createMemo(() => {
    const l = listing()
    return l ? itemsOf(l) : []
  })

  /** Runs one action, says how it went, and reads the listing again. */
  async function run(what: string, action: () => Promise<string | void>) {
    if (busy()) return
    setBusy(what)
    try {
      const said = await action()
      if (said) say(said)
    } catch (e) {
      fail(e)
    } finally {
      setBusy(undefined)
      await refetch()
    }
  }

  return { listing, items, busy, run }
}
