// Runs each window feature's session part in the session page and joins their slots, so the page
// reads one status list, one key handler, one composer mode and one row list, whatever features exist.
import type { JSX } from "solid-js"
import { windowFeatures } from "./registry"
import type { ComposerMode, FeatureSession, RowSlot, SessionSlotContext, StatusSegment } from "./types"

export interface FeatureSessions {
  status(): StatusSegment[]
  /** Alt+letter while idle: true when a feature used it. */
  altKey(letter: string): boolean
  composerMode(): ComposerMode | undefined
  /** Shift+Tab's action, while a feature offers a composer mode. */
  toggleMode(): (() => void) | undefined
  rows(placement: RowSlot["placement"]): RowSlot[]
  holdBash(command: string, quiet: boolean): boolean
  provide(children: () => JSX.Element): JSX.Element
}

/** `ctx(name)`: the context one feature sees (its own state). Call in a component's scope. */
export function useFeatureSessions(ctx: (name: string) => SessionSlotContext): FeatureSessions {
  const parts: FeatureSession[] = windowFeatures().flatMap((f) => (f.session ? [f.session(ctx(f.name))] : []))
  const rows = parts.flatMap((p) => p.rows ?? [])
  return {
    status: () => parts.flatMap((p) => p.status?.() ?? []),
    altKey: (letter) => parts.some((p) => p.altKeys?.(letter)),
    composerMode: () => {
      for (const p of parts) {
        const m = p.composerMode?.current()
        if (m) return m
      }
      return undefined
    },
    toggleMode: () => {
      const m = parts.find((p) => p.composerMode?.available())?.composerMode
      return m && (() => m.toggle())
    },
    rows: (placement) => rows.filter((r) => r.placement === placement),
    holdBash: (command, quiet) => parts.some((p) => p.holdBash?.(command, quiet)),
    provide: (children) =>
      parts.reduceRight<() => JSX.Element>((inner, p) => (p.provide ? () => p.provide!(inner) : inner), children)(),
  }
}
