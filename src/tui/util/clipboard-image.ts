// Ctrl+V: an image on the system clipboard, read with the platform's own tool. Wayland has
// wl-paste, X11 xclip, macOS osascript (pbpaste only gives text). Which one exists is looked up on
// PATH each time, so installing one needs no restart.
import { execFile } from "node:child_process"
import { accessSync, constants } from "node:fs"
import { delimiter, join } from "node:path"
import type { PromptImage } from "./image-files"
import { MAX_IMAGE_BYTES } from "./image-files"

const PREFERRED = ["image/png", "image/jpeg", "image/webp", "image/gif"]

function onPath(name: string, path = process.env.PATH ?? ""): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue
    const full = join(dir, name)
    try {
      accessSync(full, constants.X_OK)
      return full
    } catch {
      // not here
    }
  }
  return undefined
}

function run(cmd: string, args: string[], encoding: "buffer" | "utf8"): Promise<Buffer | string | undefined> {
  return new Promise((resolve) => {
    execFile(cmd, args, { encoding, maxBuffer: MAX_IMAGE_BYTES * 2, timeout: 5000 }, (err, out) =>
      resolve(err ? undefined : out),
    )
  })
}

const image = (bytes: Buffer | string | undefined, mimeType: string): PromptImage | undefined =>
  Buffer.isBuffer(bytes) && bytes.length > 0 ? { type: "image", data: bytes.toString("base64"), mimeType } : undefined

/** The clipboard's image, `undefined` when it holds none, or an error saying which tool is missing. */
export async function readClipboardImage(): Promise<{ image?: PromptImage; error?: string }> {
  const wl = process.env.WAYLAND_DISPLAY ? onPath("wl-paste") : undefined
  if (wl) {
    const types = String((await run(wl, ["--list-types"], "utf8")) ?? "").split("\n")
    const type = PREFERRED.find((t) => types.includes(t))
    return { image: type ? image(await run(wl, ["--no-newline", "--type", type], "buffer"), type) : undefined }
  }
  const xclip = onPath("xclip")
  if (xclip) {
    const base = ["-selection", "clipboard", "-o"]
    const types = String((await run(xclip, [...base, "-t", "TARGETS"], "utf8")) ?? "").split("\n")
    const type = PREFERRED.find((t) => types.includes(t))
    return { image: type ? image(await run(xclip, [...base, "-t", type], "buffer"), type) : undefined }
  }
  const osa = process.platform === "darwin" ? onPath("osascript") : undefined
  if (osa) {
    // «data PNGf89504E47…»: the clipboard's PNG as hex.
    const out = String((await run(osa, ["-e", "the clipboard as «class PNGf»"], "utf8")) ?? "")
    const hex = /«data PNGf([0-9A-Fa-f]+)»/.exec(out)?.[1]
    return { image: hex ? image(Buffer.from(hex, "hex"), "image/png") : undefined }
  }
  return { error: "No clipboard tool for images: install wl-clipboard (Wayland) or xclip (X11)" }
}
