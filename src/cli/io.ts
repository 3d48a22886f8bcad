// The process's streams, with writes that can be awaited so output is whole before exit.

export function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(text)) resolve()
    else stream.once("drain", () => resolve())
  })
}

export const out = (text: string) => write(process.stdout, text)
export const err = (text: string) => write(process.stderr, text)

/** Everything piped into stdin, or undefined when stdin is a terminal. */
export async function readPipedStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}
