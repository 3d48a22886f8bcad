// What the session's write tool keeps in its result's details (and so in the session file): whether
// the file was new. The write's content is in its arguments, so a history can show the call's diff
// later (an editor's session/load) without guessing a file was new.

export interface WriteDetails {
  created: boolean
}

export function writeDetails(d: unknown): WriteDetails | undefined {
  const created = (d as { created?: unknown } | null | undefined)?.created
  return typeof created === "boolean" ? { created } : undefined
}
