// The composer's draft: OpenTUI's textarea, the text and cursor as signals the popups read, and
// every edit the composer makes to it. Edits go through here so that the paste and image marks
// and the signals stay true to what the editor holds.
import { createSignal } from "solid-js"
import type { TextareaRenderable } from "@opentui/core"
import { readClipboardImage } from "../../util/clipboard-image"
import { droppedImagePath, readImageFile } from "../../util/image-files"
import { ImageMarks } from "./image-marks"
import { PasteMarks, shouldCollapse } from "./paste-marks"

/** Texts longer than this come back (from history, an extension) as a paste mark rather than editor text. */
const RECALL_AS_MARK_CHARS = 100_000
const segmenter = new Intl.Segmenter()
const graphemes = (s: string) => (s ? [...segmenter.segment(s)].length : 0)

/** Printable ASCII and newlines: one display column (a newline one offset) per character. */
const ONE_COLUMN_EACH = /^[\x20-\x7e\n]*$/

/**
 * The cursor as a string index into `text` (the editor counts offsets in display columns; the
 * popups work on string indices): the offset itself where every character is one column, else
 * the length of the text before it, as the editor has it.
 */
function cursorIndex(editor: TextareaRenderable, text: string): number {
  const offset = editor.cursorOffset
  return ONE_COLUMN_EACH.test(text) ? Math.min(offset, text.length) : editor.getTextRange(0, offset).length
}

export type Draft = ReturnType<typeof createDraft>

export function createDraft(opts: {
  cwd: () => string
  /** False once the composer is gone: late answers (clipboard, dequeue) must not touch its editor. */
  alive: () => boolean
  /** Whether the prompt should have the keys now. */
  focused: () => boolean
  onImageError: (message: string) => void
}) {
  let editor: TextareaRenderable | undefined
  const [text, setText] = createSignal("")
  const [cursor, setCursor] = createSignal(0)
  const pastes = new PasteMarks()
  const images = new ImageMarks()

  // Each read of the editor's text fills a fresh 1 MB buffer (OpenTUI's EditBuffer), and a typed
  // character fires both a content and a cursor change: four such reads per key delayed its echo.
  // Now the text is read once per content change, and the cursor only moves over what was read.
  let shown = ""
  const syncCursor = () => {
    if (!editor) return
    setCursor(cursorIndex(editor, shown))
  }
  const sync = () => {
    if (!editor) return
    shown = editor.plainText
    setText(shown)
    syncCursor()
  }
  /** The editor, while there is one to write into. */
  const live = () => (opts.alive() && editor && !editor.isDestroyed ? editor : undefined)

  function replace(value: string) {
    if (!editor) return
    pastes.clear(editor)
    images.clear(editor)
    if (value.length > RECALL_AS_MARK_CHARS) {
      editor.setText("")
      pastes.insert(editor, value)
    } else editor.setText(value)
    editor.gotoBufferEnd()
    sync()
  }

  /**
   * Replaces `start..end` of the plain text (string indices around the cursor) by deleting
   * graphemes on each side of the cursor, so wide characters need no offset arithmetic.
   */
  function replaceRange(start: number, end: number, insert: string) {
    if (!editor) return
    const value = editor.plainText
    const at = cursor()
    for (let n = graphemes(value.slice(start, at)); n > 0; n--) editor.deleteCharBackward()
    for (let n = graphemes(value.slice(at, end)); n > 0; n--) editor.deleteChar()
    editor.insertText(insert)
    sync()
  }

  /**
   * Text handed back (queued messages, a `/word` that named nothing) goes in front of a draft on
   * its own line, inserted rather than set so that the draft keeps its paste marks.
   */
  function putFirst(value: string) {
    const e = live()
    if (!e) return
    if (!e.plainText) return replace(value)
    e.cursorOffset = 0
    e.insertText(value + "\n")
    sync()
  }

  function attach(result: ReturnType<typeof readImageFile>) {
    const e = live()
    if (!e) return
    if ("error" in result) return opts.onImageError(result.error)
    images.insert(e, result.image, result.name)
    sync()
  }

  function insertPaste(pasted: string) {
    if (!editor || !pasted) return
    // A terminal pastes the path of a file dropped on it: an image becomes an attachment.
    const image = droppedImagePath(pasted, opts.cwd())
    if (image) return attach(readImageFile(image))
    if (shouldCollapse(pasted)) pastes.insert(editor, pasted)
    else editor.insertText(pasted)
    sync()
  }

  async function pasteClipboardImage() {
    const r = await readClipboardImage()
    if (!opts.alive()) return
    if (r.error) return opts.onImageError(r.error)
    if (!r.image) return opts.onImageError("The clipboard holds no image")
    const ext = r.image.mimeType.split("/")[1] === "jpeg" ? "jpg" : r.image.mimeType.split("/")[1]
    attach({ image: r.image, name: `clipboard.${ext}` })
  }

  /** The text to send: pastes expanded, images taken out of it (the editor loses their marks). */
  function take(expanded = editor ? pastes.expand(editor) : "") {
    return editor ? images.take(editor, expanded) : { text: expanded, images: [] }
  }

  // A click focuses whatever focusable it lands on (the transcript's scrollbox, say), which
  // would leave every later key unheard: while the prompt should have the keys, take them back.
  function bind(r: TextareaRenderable) {
    editor = r
    r.on("blurred", () =>
      queueMicrotask(() => {
        if (opts.alive() && !r.isDestroyed && opts.focused()) r.focus()
      }),
    )
  }

  return {
    bind,
    editor: () => editor,
    live,
    text,
    cursor,
    sync,
    syncCursor,
    replace,
    replaceRange,
    putFirst,
    insertPaste,
    pasteClipboardImage,
    take,
    /** The text with pastes expanded (what a `/command`'s arguments are read from). */
    expanded: () => (editor ? pastes.expand(editor) : ""),
    onFirstLine: () => !!editor && editor.editorView.getVisualSOL().offset === 0,
    onLastLine: () => !!editor && editor.editorView.getVisualEOL().offset >= editor.plainText.length,
  }
}
