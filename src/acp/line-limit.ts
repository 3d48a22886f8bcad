// The SDK's reader ends the whole connection on a line past its limit (32 MB): the editor sees
// its agent exit, with no error and no reason. In front of it, a line past the limit is dropped
// here instead, whole, and said: a JSON-RPC error (id null, as for a parse error), on stderr and
// in acp.log. Lines under the limit pass on unchanged; a line is held until its newline comes
// (or it passes the limit), so the SDK never sees part of a dropped one.
import { DEFAULT_MAX_MESSAGE_BYTES } from "@agentclientprotocol/sdk"

export const MAX_LINE_BYTES = DEFAULT_MAX_MESSAGE_BYTES - 1024

export function limitLines(
  input: ReadableStream<Uint8Array>,
  tooLong: (bytes: number) => void,
  max = MAX_LINE_BYTES,
): ReadableStream<Uint8Array> {
  let held: Uint8Array[] = []
  let length = 0
  let dropping = false
  return input.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        let at = 0
        while (at < chunk.length) {
          const nl = chunk.indexOf(0x0a, at)
          const end = nl === -1 ? chunk.length : nl + 1
          length += (nl === -1 ? end : nl) - at
          if (!dropping && length > max) {
            dropping = true
            held = []
          }
          if (!dropping) held.push(chunk.subarray(at, end))
          if (nl !== -1) {
            if (dropping) tooLong(length)
            else for (const piece of held) controller.enqueue(piece)
            held = []
            length = 0
            dropping = false
          }
          at = end
        }
      },
      flush(controller) {
        if (dropping) tooLong(length)
        else for (const piece of held) controller.enqueue(piece)
      },
    }),
  )
}
