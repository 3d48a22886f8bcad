// Pi's offline switch as Pi reads it (`isOfflineModeEnabled` of its package manager, which it does
// not export): under it Pi fetches no packages, and xagent says which ones it left out.
export function piOffline(env: Record<string, string | undefined> = process.env): boolean {
  return /^(1|true|yes)$/i.test(env.PI_OFFLINE ?? "")
}
