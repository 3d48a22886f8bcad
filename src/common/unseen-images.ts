// The notice a session gives when its model takes no images: Pi sends such a model a placeholder
// instead, so the person must be told. The window shows it under their message; an editor over
// ACP gets it as part of the reply (src/acp), where every client shows it, so both read it here.

export function imagesUnseenNotice(model: string, count: number): string {
  const what = count === 1 ? "the attached image" : `the ${count} attached images`
  return `${model} takes no images: it did not see ${what} (only your text was sent)`
}

export function isImagesUnseenNotice(text: string): boolean {
  return / takes no images: it did not see the (?:attached image|\d+ attached images) \(only your text was sent\)$/.test(
    text,
  )
}
