// The platform's clipboard tool, for terminals that ignore OSC 52: pbcopy on macOS, clip.exe on
// Windows and WSL, wl-copy under Wayland, xclip or xsel under X. None (say, over ssh without X
// forwarding) leaves OSC 52 alone to do it.
import { spawn } from "node:child_process"

type Env = Record<string, string | undefined>

const TOOL_TIMEOUT_MS = 3000

/** The command line that takes text on stdin, or undefined when this machine has none to use. */
export function clipboardTool(
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
  which: (bin: string) => string | null = (bin) => Bun.which(bin, { PATH: env.PATH ?? "" }),
): string[] | undefined {
  const candidates: string[][] = []
  if (platform === "darwin") candidates.push(["pbcopy"])
  if (platform === "win32") candidates.push(["clip"])
  if (env.WSL_DISTRO_NAME) candidates.push(["clip.exe"])
  if (env.WAYLAND_DISPLAY) candidates.push(["wl-copy"])
  if (env.DISPLAY) candidates.push(["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"])
  return candidates.find(([bin]) => which(bin!) !== null)
}

/** Hands `text` to the clipboard tool; resolves to its name once it took it, undefined otherwise. */
export function copyWithTool(text: string, env: Env = process.env): Promise<string | undefined> {
  const tool = clipboardTool(env)
  if (!tool) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    // xclip and wl-copy fork a process that serves the selection and exit once they read the text.
    const child = spawn(tool[0]!, tool.slice(1), { stdio: ["pipe", "ignore", "ignore"], env, detached: true })
    let settled = false
    const done = (ok: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(ok ? tool[0] : undefined)
    }
    // A tool that hangs (an X server that does not answer) must not hold the window's copy up.
    const timer = setTimeout(() => {
      child.kill()
      done(false)
    }, TOOL_TIMEOUT_MS)
    child.on("error", () => done(false))
    child.on("exit", (code) => done(code === 0))
    child.stdin.on("error", () => done(false))
    child.stdin.end(text)
    child.unref()
  })
}
