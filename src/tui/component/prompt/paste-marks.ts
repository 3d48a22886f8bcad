// Big pastes stand in the editor as one atomic mark (`[pasted 120 lines]`, a virtual extmark:
// the cursor skips it and Backspace removes it whole) and become the real text again on send.
// The editor never holds the pasted megabytes, so it stays responsive.
import { decodePasteBytes, stripAnsiSequences, type TextareaRenderable } from "@opentui/core"

export const PASTE_MAX_LINES = 10
export const PASTE_MAX_CHARS = 1000

export function normalizePaste(bytes: Uint8Array): string {
  return stripAnsiSequences(decodePasteBytes(bytes)).replace(/\r\n?/g, "\n")
}

export function shouldCollapse(text: string): boolean {
  if (text.length > PASTE_MAX_CHARS) return true
  let lines = 1
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) if (++lines > PASTE_MAX_LINES) return true
  return false
}

export function pasteLabel(text: string): string {
  // A copied block usually ends in a newline; the empty line after it is not one the user sees.
  const lines = text.replace(/\n$/, "").split("\n").length
  if (lines > 1) return `[pasted ${lines.toLocaleString("en-US")} lines]`
  return `[pasted ${text.length.toLocaleString("en-US")} chars]`
}

export class PasteMarks {
  private texts = new Map<number, string>()
  private typeId: number | undefined

  /** Puts a mark for `text` at the cursor. */
  insert(editor: TextareaRenderable, text: string) {
    this.typeId ??= editor.extmarks.registerType("paste")
    const label = pasteLabel(text)
    const start = editor.cursorOffset
    editor.insertText(label)
    const id = editor.extmarks.create({ start, end: start + label.length, virtual: true, typeId: this.typeId })
    this.texts.set(id, text)
  }

  /** The editor's text with every surviving mark replaced by what was pasted. */
  expand(editor: TextareaRenderable): string {
    if (this.typeId === undefined) return editor.plainText
    // Mark offsets are display columns, so the text between marks is read by offset too.
    const marks = editor.extmarks.getAllForTypeId(this.typeId).sort((a, b) => a.start - b.start)
    let out = ""
    let pos = 0
    for (const mark of marks) {
      const pasted = this.texts.get(mark.id)
      if (pasted === undefined || mark.start < pos) continue
      out += editor.getTextRange(pos, mark.start) + pasted
      pos = mark.end
    }
    return out + editor.getTextRange(pos, Number.MAX_SAFE_INTEGER)
  }

  /** Forgets every pasted text (after a send or when the editor is replaced). */
  clear(editor: TextareaRenderable) {
    if (this.typeId !== undefined) {
      for (const m of editor.extmarks.getAllForTypeId(this.typeId)) editor.extmarks.delete(m.id)
    }
    this.texts.clear()
  }
}
