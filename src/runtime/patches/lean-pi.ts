// Pi's module graph, minus two parts a session host never runs, swapped at load time.
//
// Why: importing @mariozechner/pi-coding-agent evaluates everything its index reaches, including
// - cli-highlight (highlight.js with all ~190 languages), used only to colour code in Pi's own
//   terminal UI (tool renderers and themes), which xagent never draws: the window renders replies;
// - jiti's static entry, which evaluates Babel (1.6 MB of code) up front although jiti is used
//   only when a TypeScript extension file is loaded.
// Measured in Bun on this machine, the two cost the session host about 40 MB of resident memory
// (JS heap 6.6 + 3.7 MB, ~100k objects) and a few hundred ms of startup. With these hooks,
// cli-highlight is a stub that returns code unchanged, and jiti loads Babel on first use.
//
// Install before Pi is first imported, in a process of its own (the daemon, the worker host):
// Bun plugins apply to the whole JS realm they are installed in. XAGENT_NO_LEAN_PI=1 leaves Pi's
// graph as it is (docs/patches.md).
import { patchOn } from "../../util/patch-switch"

const CLI_HIGHLIGHT = /[\\/]node_modules[\\/]cli-highlight[\\/]dist[\\/]index\.js$/
const JITI_STATIC = /[\\/]node_modules[\\/]jiti[\\/]lib[\\/]jiti-static\.mjs$/

const CLI_HIGHLIGHT_STUB = `
export function highlight(code) { return code }
export function supportsLanguage() { return false }
export function listLanguages() { return [] }
export default { highlight, supportsLanguage, listLanguages }
`

// jiti-static.mjs with its two top-level imports made lazy (same behaviour once called).
const LAZY_JITI = `
import { createRequire } from "node:module"
const load = createRequire(import.meta.url)
const nativeImport = (id) => import(id)
function onError(err) { throw err }
export function createJiti(id, opts = {}) {
  const create = load("../dist/jiti.cjs")
  if (!opts.transform) opts = { ...opts, transform: load("../dist/babel.cjs") }
  return create(id, opts, { onError, nativeImport, createRequire })
}
export default createJiti
`

let installed = false

export function installLeanPi(): void {
  if (installed || typeof Bun === "undefined" || !patchOn("LEAN_PI")) return
  installed = true
  Bun.plugin({
    name: "xagent-lean-pi",
    setup(build) {
      build.onLoad({ filter: CLI_HIGHLIGHT }, () => ({ contents: CLI_HIGHLIGHT_STUB, loader: "js" }))
      build.onLoad({ filter: JITI_STATIC }, () => ({ contents: LAZY_JITI, loader: "js" }))
    },
  })
}
