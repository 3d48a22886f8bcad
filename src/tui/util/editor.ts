// Opens a file in the person's editor on the window's own terminal: `$EDITOR`, else `$VISUAL`,
// else `vi`. The renderer steps aside (suspend: cooked mode, no mouse, stdin left alone) while the
// editor owns the terminal, and draws again once it exits. Only on a key press (the plan card's
// Alt+E), never on the startup path.
import { spawn } from "node:child_process"

export interface Suspendable {
  suspend(): void
  resume(): void
}

export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.EDITOR?.trim() || env.VISUAL?.trim() || "vi"
}

/** Resolves once the editor exits: undefined when it exited 0, else what went wrong. */
export async function editInTerminal(
  renderer: Suspendable,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const editor = editorCommand(env)
  renderer.suspend()
  try {
    // Through a shell, as other tools read $EDITOR: it may carry arguments (`code --wait`).
    const child = spawn("/bin/sh", ["-c", `${editor} "$1"`, "sh", path], { stdio: "inherit", env })
    // The event loop keeps running meanwhile, so the connection to the session stays answered.
    const code = await new Promise<number | string>((resolve) => {
      child.once("error", (err) => resolve(err.message))
      child.once("exit", (c, signal) => resolve(c ?? signal ?? -1))
    })
    if (code === 0) return undefined
    return typeof code === "number" ? `${editor} exited with code ${code}` : `${editor}: ${code}`
  } finally {
    renderer.resume()
  }
}
