/** What went wrong, for a line a person reads: an Error's message, else whatever was thrown. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
