// The window, prebuilt (util/prebuilt-bundle.ts): compiling its JSX at start (Bun plugin + Babel)
// costs about a second on this machine; a Bun.build bundle of src/tui loads in ~150 ms. A build
// under node_modules would make a window whose Solid contexts do not match, so an installed
// package runs the one `npm pack` made (dist/window/packed/).
import { PACKAGE_ROOT } from "../util/package-dir"
import { buildBundle, buildPackedBundle, freshBundle, PREBUILT_DEFINE, type BundleKind } from "../util/prebuilt-bundle"

export const WINDOW_BUNDLE: BundleKind = {
  name: "window",
  entry: "src/tui/run.tsx",
  out: "run.js",
  definedIn: "src/cli/window-bundle.ts",
  async options() {
    const { default: solidPlugin } = await import("@opentui/solid/bun-plugin")
    return {
      target: "bun",
      plugins: [solidPlugin],
      // OpenTUI's native library packages resolve at run time from node_modules.
      external: ["@opentui/core-*"],
      sourcemap: "linked",
      minify: true,
      define: PREBUILT_DEFINE,
    }
  },
}

/** The newest window bundle whose inputs are all as they were when it was built, if any. */
export const freshWindowBundle = (pkg = PACKAGE_ROOT) => freshBundle(WINDOW_BUNDLE, pkg)
/** Builds the window for the current sources; returns its entry. */
export const buildWindowBundle = (pkg = PACKAGE_ROOT) => buildBundle(WINDOW_BUNDLE, pkg)
/** Makes dist/window/packed/ for a published package (npm's `prepare`). */
export const buildPackedWindowBundle = (pkg = PACKAGE_ROOT) => buildPackedBundle(WINDOW_BUNDLE, pkg)
