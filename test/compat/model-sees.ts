// What the (faux) model was sent: scripts its next replies and keeps, for each, the messages of that
// request as JSON, for tests that check what an extension put in (or kept out of) the context.
import { fauxAssistantMessage, type FauxProviderHandle } from "@earendil-works/pi-ai"

export function replyAndRecord(faux: FauxProviderHandle, ...replies: string[]): string[] {
  const sent: string[] = []
  faux.setResponses(
    replies.map((reply) => (ctx) => {
      sent.push(JSON.stringify(ctx.messages))
      return fauxAssistantMessage(reply)
    }),
  )
  return sent
}
