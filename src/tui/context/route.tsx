// Which page fills the window: the live session, the saved-sessions list, the branch tree, the
// worktrees, Pi's packages, the doctor's checks, the queued messages, /context, or a window feature's page.
import { createSignal } from "solid-js"
import { createSimpleContext } from "./helper"

export type ContextTab = "runs" | "usage" | "growth"

export type Route =
  | { name: "session" }
  /** `initial`: shown before any session is open (`--resume`); Escape then starts a new one. */
  | { name: "sessions"; initial?: boolean }
  | { name: "tree" }
  | { name: "worktree" }
  | { name: "packages" }
  | { name: "doctor" }
  /** /rc: remote control of the session (its link, pair requests, devices). */
  | { name: "remote" }
  /** The queue behind the running reply (/follow-up). */
  | { name: "follow-up" }
  /** /context, opened on one of its tabs. */
  | { name: "context"; tab?: ContextTab }
  /** A window feature's page (src/tui/slots): `page` is its PageSlot's name. */
  | { name: "feature"; page: string }

export const { use: useRoute, provider: RouteProvider } = createSimpleContext({
  name: "Route",
  init: (props: { initial?: Route }) => {
    const [route, setRoute] = createSignal<Route>(props.initial ?? { name: "session" })
    return {
      route,
      navigate: (r: Route) => setRoute(r),
    }
  },
})
