// Bun and JavaScriptCore settings for xagent's own long-lived processes (window and daemon). Bun
// reads them from the environment at start, so bin/xagent sets them for the window and
// startDaemon for the daemon; each process then takes them out of its environment again, so the
// commands and tools it runs get Bun's defaults. Measurements: docs/adr-performance.md,
// docs/adr-idle-and-memory.md. XAGENT_NO_BUN_TUNING=1: Bun's defaults everywhere (docs/patches.md);
// bin/xagent reads the same switch for the window.
import { patchOn } from "../patch-switch"

export const BUN_TUNING: Record<string, string> = {
  // Bun's collector timer checks the heap every second, waking an idle process for nothing;
  // JSC still collects as memory is allocated, and quiet-gc.ts collects once after a burst.
  BUN_GC_TIMER_DISABLE: "1",
  // mimalloc's scavenger thread wakes every 30 s to return freed pages, the last periodic wake-up
  // of an idle process once the sockets are quiet (quiet-socket.ts). Without it, mimalloc returns
  // them on the allocating thread, when that thread next does some work.
  MIMALLOC_SCAVENGER: "0",
  // The optimizing top tier (FTL) spent more CPU compiling than it saved: these processes run
  // bursts of parsing and rendering, not long hot loops. The tiers below it stay on.
  BUN_JSC_useFTLJIT: "0",
}

/**
 * The window's: the same, and JSC without its optimizing middle tier (DFG) too. The window runs
 * short bursts (a frame, a batch of a reply, a page of history) whose functions get hot just long
 * enough for DFG to compile them on its threads, for little gain: off, the window spent 0.61 → 0.50 s
 * CPU to stream the bench's 20,000-token reply, and a long resume, an attach and a warm start came
 * on screen 7–9 % sooner (docs/adr-performance.md). The session host keeps DFG: Pi's stream parsing
 * there is a real hot loop, and without DFG it cost the host 0.55 → 0.67 s of the same reply.
 */
export const WINDOW_TUNING: Record<string, string> = { ...BUN_TUNING, BUN_JSC_useDFGJIT: "0" }

/** The variables to start one of xagent's own processes with: none when the patch is off. */
export function bunTuning(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return patchOn("BUN_TUNING", env) ? BUN_TUNING : {}
}

/** Takes the tuning out of this process's environment; with the patch off, what is set there is the person's. */
export function dropBunTuning(env: NodeJS.ProcessEnv = process.env): void {
  if (!patchOn("BUN_TUNING", env)) return
  for (const key of Object.keys(WINDOW_TUNING)) delete env[key]
}
