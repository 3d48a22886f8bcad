// Attached images stand in the editor as one atomic mark each (`[image shot.png]`, a virtual
// extmark like a paste mark: the cursor skips it, Backspace removes it whole). On send the marks
// leave the text and their images go with the prompt, in the order they stand.
import type { TextareaRenderable } from "@opentui/core"
import type { PromptImage } from "../../util/image-files"

export const imageLabel = (name: string) => `[image ${name}]`

export class ImageMarks {
  private images = new Map<number, { image: PromptImage; label: string }>()
  private typeId: number | undefined

  /** Puts a mark for `image` at the cursor, with a space after it so typing goes on. */
  insert(editor: TextareaRenderable, image: PromptImage, name: string) {
    this.typeId ??= editor.extmarks.registerType("image")
    const label = imageLabel(name)
    const start = editor.cursorOffset
    editor.insertText(label)
    const id = editor.extmarks.create({ start, end: start + label.length, virtual: true, typeId: this.typeId })
    this.images.set(id, { image, label })
    editor.insertText(" ")
  }

  /** The images whose marks survive, in order, and `text` with their labels taken out. */
  take(editor: TextareaRenderable, text: string): { text: string; images: PromptImage[] } {
    if (this.typeId === undefined) return { text, images: [] }
    const marks = editor.extmarks.getAllForTypeId(this.typeId).sort((a, b) => a.start - b.start)
    const images: PromptImage[] = []
    let out = text
    for (const mark of marks) {
      const entry = this.images.get(mark.id)
      if (!entry) continue
      images.push(entry.image)
      // The mark and the space inserted after it; the person's own text is left as typed.
      out = out.includes(entry.label + " ") ? out.replace(entry.label + " ", "") : out.replace(entry.label, "")
    }
    return { text: out, images }
  }

  clear(editor: TextareaRenderable) {
    if (this.typeId !== undefined) {
      for (const m of editor.extmarks.getAllForTypeId(this.typeId)) editor.extmarks.delete(m.id)
    }
    this.images.clear()
  }
}
