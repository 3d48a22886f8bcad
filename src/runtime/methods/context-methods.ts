// /context: the session's runs as its file recorded them, what fills the model's window, and each
// request's size (runtime/session/context-report.ts). Read only: nothing runs, nothing changes.
import { contextReport } from "../session/context-report"
import type { Handlers } from "./session-methods"

export const CONTEXT_METHODS = {
  "session.context": async (live) => contextReport(live.session),
} satisfies Partial<Handlers>
