// A shared spinner clock: one interval for every spinner on screen, running only while some
// spinner is mounted, so an idle window schedules no frames.
import { createSignal, onCleanup } from "solid-js"

const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

const [tick, setTick] = createSignal(0)
let users = 0
let timer: ReturnType<typeof setInterval> | undefined

const TICK_MS = 80

/** The current spinner glyph; ticks every 80 ms while any caller is mounted. */
export function useSpinner(): () => string {
  const frame = useFrames()
  return () => frame(SPINNER_FRAMES)
}

/**
 * A frame of `frames` on the shared clock, `intervalMs` rounded to its 80 ms ticks (an
 * extension's working indicator); no frames give "".
 */
export function useFrames(): (frames: readonly string[], intervalMs?: number) => string {
  users++
  if (!timer) timer = setInterval(() => setTick((t) => t + 1), TICK_MS)
  onCleanup(() => {
    users--
    if (users > 0 || !timer) return
    clearInterval(timer)
    timer = undefined
  })
  return (frames, intervalMs = TICK_MS) => {
    if (!frames.length) return ""
    const step = Math.max(1, Math.round(intervalMs / TICK_MS))
    return frames[Math.floor(tick() / step) % frames.length]!
  }
}

/** Seconds-resolution clock for elapsed times, same lifetime rules as the spinner. */
export function useNow(): () => number {
  const [now, setNow] = createSignal(Date.now())
  const t = setInterval(() => setNow(Date.now()), 1000)
  onCleanup(() => clearInterval(t))
  return now
}
