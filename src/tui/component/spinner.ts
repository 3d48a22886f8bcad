// A shared spinner clock: one interval for every spinner on screen, running only while some
// spinner is mounted, so an idle window schedules no frames.
import { createSignal, onCleanup } from "solid-js"

const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

const [tick, setTick] = createSignal(0)
let users = 0
let timer: ReturnType<typeof setInterval> | undefined

/** The current spinner glyph; ticks every 80 ms while any caller is mounted. */
export function useSpinner(): () => string {
  users++
  if (!timer) timer = setInterval(() => setTick((t) => t + 1), 80)
  onCleanup(() => {
    users--
    if (users > 0 || !timer) return
    clearInterval(timer)
    timer = undefined
  })
  return () => SPINNER_FRAMES[tick() % SPINNER_FRAMES.length]!
}

/** Seconds-resolution clock for elapsed times, same lifetime rules as the spinner. */
export function useNow(): () => number {
  const [now, setNow] = createSignal(Date.now())
  const t = setInterval(() => setNow(Date.now()), 1000)
  onCleanup(() => clearInterval(t))
  return now
}
