// Images in prompts (issue #12 feature 3): a dropped image path (what a terminal pastes on
// drag-and-drop) and Ctrl+V with an image on the clipboard become an attachment mark, removed whole
// by Backspace, and the images go with the prompt as Pi image content.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { droppedImagePath } from "../../src/tui/util/image-files"
import { PNG } from "../fixture/png"
import { composerMounter, editorLines } from "./prompt-harness"

const image = { type: "image" as const, data: PNG.toString("base64"), mimeType: "image/png" }

let dir: string
let bin: string
const savedPath = process.env.PATH
const savedWayland = process.env.WAYLAND_DISPLAY
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "xagent-img-"))
  mkdirSync(join(dir, "my shots"))
  writeFileSync(join(dir, "my shots", "screen shot.png"), PNG)
  writeFileSync(join(dir, "notes.txt"), "not an image")
  bin = join(dir, "bin")
  mkdirSync(bin)
})
afterAll(() => {
  process.env.PATH = savedPath
  if (savedWayland === undefined) delete process.env.WAYLAND_DISPLAY
  else process.env.WAYLAND_DISPLAY = savedWayland
  rmSync(dir, { recursive: true, force: true })
})

/** A fake xclip (the edge we do not own): TARGETS lists image/png, image/png prints the PNG. */
function fakeXclip(hasImage: boolean) {
  const png = join(dir, "my shots", "screen shot.png")
  writeFileSync(
    join(bin, "xclip"),
    `#!/bin/sh\ncase "$*" in\n  *TARGETS*) ${hasImage ? "printf 'TARGETS\\nimage/png\\n'" : "printf 'TARGETS\\nUTF8_STRING\\n'"} ;;\n  *image/png*) cat '${png}' ;;\nesac\n`,
  )
  chmodSync(join(bin, "xclip"), 0o755)
  delete process.env.WAYLAND_DISPLAY
  process.env.PATH = `${bin}:/usr/bin:/bin`
}

const mount = composerMounter()

describe("dropped paths", () => {
  test("the forms terminals paste: quoted, escaped spaces, file:// URL, relative; other files are not images", () => {
    const abs = join(dir, "my shots", "screen shot.png")
    expect(droppedImagePath(`'${abs}'`, "/")).toBe(abs)
    expect(droppedImagePath(`"${abs}" `, "/")).toBe(abs)
    expect(droppedImagePath(abs.replace(/ /g, "\\ "), "/")).toBe(abs)
    expect(droppedImagePath(`file://${encodeURI(abs)}`, "/")).toBe(abs)
    expect(droppedImagePath("my shots/screen shot.png", dir)).toBe(abs)
    expect(droppedImagePath(join(dir, "notes.txt"), "/")).toBeUndefined()
    expect(droppedImagePath(join(dir, "missing.png"), "/")).toBeUndefined()
    expect(droppedImagePath(`look at ${abs}`, "/")).toBeUndefined()
  })

  test("a dropped image path becomes a mark; the image is sent with the text", async () => {
    const c = await mount({ width: 70, cwd: dir })
    await c.mockInput.typeText("what is this? ")
    await c.mockInput.pasteBracketedText(`'${join(dir, "my shots", "screen shot.png")}'`)
    await c.mockInput.typeText("thanks")
    expect(editorLines(await c.frame())).toEqual(["› what is this? [image screen shot.png] thanks"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "what is this? thanks", "prompt", [image]]])
  })

  test("Backspace removes the mark whole, and then nothing is attached", async () => {
    const c = await mount({ width: 70, cwd: dir })
    await c.mockInput.typeText("see ")
    await c.mockInput.pasteBracketedText(join(dir, "my shots", "screen\\ shot.png").replace("my shots", "my\\ shots"))
    expect(editorLines(await c.frame())).toEqual(["› see [image screen shot.png]"])
    c.mockInput.pressBackspace()
    c.mockInput.pressBackspace()
    expect(editorLines(await c.frame())).toEqual(["› see"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "see", "prompt"]])
  })

  test("an image alone is a prompt", async () => {
    const c = await mount({ width: 70, cwd: dir })
    await c.mockInput.pasteBracketedText(join(dir, "my shots", "screen shot.png"))
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "", "prompt", [image]]])
  })
})

describe("Ctrl+V", () => {
  test("reads the clipboard's image with xclip and attaches it", async () => {
    fakeXclip(true)
    const c = await mount({ width: 70 })
    await c.mockInput.typeText("and ")
    c.mockInput.pressKey("v", { ctrl: true })
    await c.until((f) => f.includes("[image clipboard.png]"))
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "and", "prompt", [image]]])
  })

  test("no image on the clipboard, or no tool for it, says so and leaves the prompt as it was", async () => {
    fakeXclip(false)
    const c = await mount({ width: 70 })
    await c.mockInput.typeText("draft")
    c.mockInput.pressKey("v", { ctrl: true })
    await c.until(() => c.calls.length > 0)
    process.env.PATH = join(dir, "nothing-here")
    c.mockInput.pressKey("v", { ctrl: true })
    await c.until(() => c.calls.length > 1)
    expect(c.calls).toEqual([
      ["imageError", "The clipboard holds no image"],
      ["imageError", "No clipboard tool for images: install wl-clipboard (Wayland) or xclip (X11)"],
    ])
    expect(editorLines(await c.frame())).toEqual(["› draft"])
  })
})
