// The package's root folder, for code that may run from source (src/<layer>/…, two folders down)
// or from a prebuilt bundle (dist/<kind>/<stamp>/, three down; prebuilt-bundle.ts defines
// XAGENT_PREBUILT in every bundle it builds). Resolved from this file, so callers at any depth agree.
import { resolve } from "node:path"

declare const XAGENT_PREBUILT: boolean | undefined

const prebuilt = typeof XAGENT_PREBUILT === "boolean" && XAGENT_PREBUILT

export const PACKAGE_ROOT = resolve(import.meta.dir, prebuilt ? "../../.." : "../..")
