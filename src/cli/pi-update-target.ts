// What `xagent update` updates, by Pi's reading of its flags (package-manager-cli.ts, not exported):
// no target is pi itself (which xagent leaves to however it was installed), `--extensions` or a
// source the packages, `--models` the model catalogs, `--all` both.
import type { UpdateTarget } from "../protocol/package-command"
import { UsageError } from "./usage-error"

export interface UpdateFlags {
  self?: boolean
  extensions?: boolean
  models?: boolean
  all?: boolean
  extension?: string
}

export function updateTarget(
  source: string | undefined,
  f: UpdateFlags,
): { target: UpdateTarget; skippedNote: boolean } {
  const conflict = (why: string) => {
    throw new UsageError(why)
  }
  if (f.all && (f.self || f.extensions || f.models || f.extension))
    conflict("--all cannot be combined with --self, --extensions, --models, or --extension")
  if (f.all && source) conflict("--all cannot be combined with a positional source")
  if (f.models) {
    if (f.self || f.extensions || f.extension)
      conflict("--models cannot be combined with --self, --extensions, --all, or --extension")
    if (source) conflict("--models cannot be combined with a positional source")
    return { target: { type: "models" }, skippedNote: false }
  }
  if (f.extension) {
    if (f.self || f.extensions) conflict("--extension cannot be combined with --self, --extensions, or --all")
    if (source) conflict("--extension cannot be combined with a positional source")
    return { target: { type: "extensions", source: f.extension }, skippedNote: false }
  }
  if (source === "self" || source === "pi")
    return { target: f.extensions ? { type: "all" } : { type: "self" }, skippedNote: false }
  if (source) {
    if (f.extensions || f.self)
      conflict("positional update targets cannot be combined with --self, --extensions, or --all")
    return { target: { type: "extensions", source }, skippedNote: false }
  }
  if (f.all || (f.self && f.extensions)) return { target: { type: "all" }, skippedNote: false }
  if (f.self) return { target: { type: "self" }, skippedNote: false }
  if (f.extensions) return { target: { type: "extensions" }, skippedNote: false }
  return { target: { type: "self" }, skippedNote: true }
}
