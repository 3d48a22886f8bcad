// Bun and JavaScriptCore settings for xagent's own long-lived processes (window and daemon). Bun
// reads them from the environment at start, so bin/xagent sets them for the window and
// startDaemon for the daemon; each process then takes them out of its environment again, so the
// commands and tools it runs get Bun's defaults. Measurements: docs/adr-performance.md,
// docs/adr-idle-and-memory.md.
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

export function dropBunTuning(env: NodeJS.ProcessEnv = process.env): void {
  for (const key of Object.keys(BUN_TUNING)) delete env[key]
}
