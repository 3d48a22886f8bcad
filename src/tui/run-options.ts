import type { Client } from "../client/client"
import type { Params } from "../protocol"
import type { WorktreeService } from "../common/worktree"
import type { PiKeybindings } from "../util/pi-keybindings"
import type { ThemeFlags } from "./util/theme-files"

/** How the CLI hands the window its session; the window draws before `connect` resolves. */
export interface TuiOptions {
  cwd: string
  version: string
  /** Called after the first frame; may be slow (starts or reaches the session host). */
  connect: () => Promise<Client>
  target:
    | { kind: "open"; params: Params<"session.open"> }
    | { kind: "attach"; sessionId: string }
    /** `--resume`: the saved-sessions page first. */
    | { kind: "pick"; params: Omit<Params<"session.open">, "mode"> }
  initialPrompt?: string
  /** Images of the first prompt (Pi's `@image.png` arguments). */
  initialImages?: Params<"session.prompt">["images"]
  /** Pi's further messages: each sent once the one before is answered (queued as follow-ups). */
  initialMessages?: string[]
  /** Inline (the main screen, finished output in the terminal's scrollback) or full screen. */
  screen?: "inline" | "fullscreen"
  /** Puts text on the platform clipboard with its own tool (the window runs no processes itself). */
  copyWithTool?: (text: string) => Promise<string | undefined>
  /** The person's Pi keybindings file, read by the CLI (util/pi-keybindings.ts). */
  keybindings?: PiKeybindings
  /** The repository's managed worktrees (the /worktree page); absent outside the CLI. */
  worktrees?: WorktreeService
  /** Pi's `--theme`, `--use-theme`, `--no-themes`. */
  themes?: ThemeFlags
  /** `--rc`: remote control turned on once the session is open, its page shown. */
  remoteControl?: { listen?: string; publicUrl?: string }
}

export interface TuiResult {
  exitCode: number
  /** Said on the normal screen after the window closes (e.g. how to attach again). */
  farewell?: string
  /** The window asked to open again in this folder, as a new conversation (/worktree switch). */
  restart?: { cwd: string }
}
