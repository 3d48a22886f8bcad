// The two programs under test, and everything the harness needs to know about each of them, in
// one place: how to start one, and which text on screen means what.
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { MODEL_ID } from "./lib/agent-dir"

export type ProgramId = "xagent" | "pi"

export interface Program {
  id: ProgramId
  /** argv for one run; `session` is a session file to open, `extensions` files to load (`-e`) */
  argv(opts: { session?: string; extensions?: string[] }): string[]
  /** argv that opens a window on the session already live in this folder (xagent's daemon only) */
  attachArgv?(): string[]
  markers: {
    /** on screen ⇒ the first frame (welcome / prompt) is drawn */
    firstFrame: string
    /** on screen ⇒ a session is live and a prompt would be taken (the model name in the footer) */
    ready: string
  }
  version(): string
}

export const REPO = resolve(import.meta.dir, "..")

function packageVersion(path: string): string {
  return (JSON.parse(readFileSync(path, "utf8")) as { version: string }).version
}

/**
 * xagent as a person starts it: in its default screen, inline (as pi draws). A case that measures a
 * screen mode names it (bench/cases/terminal-output.ts passes --inline or --fullscreen).
 */
export function xagent(opts: { daemon: boolean }): Program {
  const version = packageVersion(join(REPO, "package.json"))
  return {
    id: "xagent",
    argv: ({ session, extensions }) => [
      join(REPO, "bin", "xagent"),
      ...(opts.daemon ? [] : ["--no-daemon"]),
      ...(session ? ["--session", session] : []),
      ...(extensions ?? []).flatMap((e) => ["-e", e]),
    ],
    attachArgv: opts.daemon ? () => [join(REPO, "bin", "xagent"), "attach"] : undefined,
    markers: {
      // the welcome's title line (src/tui/routes/session/welcome.tsx), drawn before any session host answers
      firstFrame: `xagent v${version}`,
      // the status bar names the model once the session is open
      ready: MODEL_ID,
    },
    version: () => version,
  }
}

/** Pi's CLI wants Node >= 22.19: the `node` dev dependency's binary, not whatever node is on PATH. */
const PI_NODE = join(REPO, "node_modules", "node", "bin", "node")
const PI_PACKAGE = join(REPO, "node_modules", "@earendil-works", "pi-coding-agent")

export const pi: Program = {
  id: "pi",
  argv: ({ session, extensions }) => [
    PI_NODE,
    join(
      PI_PACKAGE,
      (JSON.parse(readFileSync(join(PI_PACKAGE, "package.json"), "utf8")) as { bin: { pi: string } }).bin.pi,
    ),
    ...(session ? ["--session", session] : []),
    ...(extensions ?? []).flatMap((e) => ["-e", e]),
  ],
  markers: {
    // Pi's startup header; Pi draws it in the same frame as the editor and footer, once it is ready
    firstFrame: "escape interrupt",
    ready: MODEL_ID,
  },
  version: () => packageVersion(join(PI_PACKAGE, "package.json")),
}
