// What the session's write tool keeps in its result's details (and so in the session file): whether
// the file was new, and when it was not, a unified patch from its old text to the new. The write's
// content is in its arguments, so a history can show the call's diff later (an editor's
// session/load) without guessing a file was new or reading a file that has changed since.

export interface WriteDetails {
  created: boolean
  /** The replaced file's old text → the new, as a unified patch; absent when the file was too big to diff. */
  patch?: string
}

export function writeDetails(d: unknown): WriteDetails | undefined {
  const { created, patch } = (d ?? {}) as { created?: unknown; patch?: unknown }
  if (typeof created !== "boolean") return undefined
  return typeof patch === "string" ? { created, patch } : { created }
}
