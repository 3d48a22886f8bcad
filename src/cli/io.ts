// The process's streams, with writes that can be awaited so output is whole before exit.

export function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("error", done)
      stream.off("drain", done)
      resolve()
    }
    // A terminal that went away fails the write (EIO) and never drains: nobody is left to wait for.
    stream.once("error", done)
    if (stream.write(text)) done()
    else stream.once("drain", done)
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
