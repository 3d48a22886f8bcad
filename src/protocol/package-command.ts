// Pi's package commands (`xagent install|remove|update|list`) as the CLI hands them to the process
// that runs them with Pi's package manager (src/runtime/packages/package-entry.ts): the CLI never loads Pi.

/** What `update` updates, as Pi's `update` reads its flags. */
export type UpdateTarget =
  { type: "self" } | { type: "all" } | { type: "models" } | { type: "extensions"; source?: string }

/** `approve`: `--approve` (true) or `--no-approve` (false) decides project trust for the command. */
export type PackageRequest =
  | { command: "install" | "remove"; source: string; local: boolean; approve?: boolean }
  | { command: "list"; approve?: boolean }
  | { command: "update"; target: UpdateTarget; skippedNote: boolean; approve?: boolean }

/** The environment variable the request travels in. */
export const PACKAGE_REQUEST_ENV = "XAGENT_PACKAGE_REQUEST"
