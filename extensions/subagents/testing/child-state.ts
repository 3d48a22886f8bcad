// A child as the host part puts it in the session's info, for the window part's frame tests:
// running for 72 s (asked for 75 s ago) unless `over` says otherwise.
import type { ChildState } from "../rules"

export function childState(
  id: string,
  profile: string,
  title: string,
  over: Partial<ChildState> = {},
  now = Date.now(),
): ChildState {
  return { id, profile, title, status: "running", depth: 1, queuedAt: now - 75_000, startedAt: now - 72_000, ...over }
}
