// A child process whose output reaches the terminal stripped of escape sequences and controls:
// package sources, paths, npm's messages and MCP server names come from files anyone can write.
// Chunks are cut at a sequence that may go on in the next one, so none slips through in halves.
import { streamedText, settledLength } from "../common/terminal-text"
import { write } from "./io"

export interface ChildOptions {
  cwd: string
  env: Record<string, string | undefined>
  /** The person's terminal for a question the command may ask (a sign-in's code), else none. */
  stdin: "inherit" | "ignore"
}

export async function runSanitized(argv: string[], opts: ChildOptions): Promise<number> {
  const proc = Bun.spawn(argv, { cwd: opts.cwd, env: opts.env, stdin: opts.stdin, stdout: "pipe", stderr: "pipe" })
  await Promise.all([relay(proc.stdout, process.stdout), relay(proc.stderr, process.stderr)])
  return proc.exited
}

/** A command that draws its own screen (Pi's config page, a sign-in): the terminal is handed over. */
export async function runOnTerminal(argv: string[], opts: Omit<ChildOptions, "stdin">): Promise<number> {
  const proc = Bun.spawn(argv, { cwd: opts.cwd, env: opts.env, stdin: "inherit", stdout: "inherit", stderr: "inherit" })
  // Ctrl+C reaches the child through the terminal; this process only waits for it to finish.
  const ignore = () => {}
  process.on("SIGINT", ignore)
  try {
    return await proc.exited
  } finally {
    process.off("SIGINT", ignore)
  }
}

async function relay(from: ReadableStream<Uint8Array>, to: NodeJS.WriteStream): Promise<void> {
  const decoder = new TextDecoder()
  let pending = ""
  for await (const chunk of from) {
    pending += decoder.decode(chunk, { stream: true })
    const settled = settledLength(pending)
    if (settled > 0) await write(to, streamedText(pending.slice(0, settled)))
    pending = pending.slice(settled)
  }
  pending += decoder.decode()
  if (pending) await write(to, streamedText(pending))
}
