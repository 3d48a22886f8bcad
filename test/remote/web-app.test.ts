// Remote control's web app (web/remote) is a browser's program: it typechecks against the DOM
// alone, imports nothing but its own files and the protocol (no Node, Bun or window code can
// slip into a phone's page), builds into one script, and loads nothing from another site.
import { expect, test } from "bun:test"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import jsQR from "jsqr"
import { buildRemoteApp, REMOTE_APP_SOURCE } from "../../src/cli/remote-app-bundle"
import { qrLines } from "../../src/tui/routes/remote/qr-lines"

const ROOT = resolve(import.meta.dir, "../..")
const SRC = join(REMOTE_APP_SOURCE, "src")

test("it typechecks with the DOM's types and no Node or Bun types", () => {
  const r = Bun.spawnSync([join(ROOT, "node_modules/.bin/tsc"), "-p", join(REMOTE_APP_SOURCE, "tsconfig.json")])
  expect(r.stdout.toString() + r.stderr.toString()).toBe("")
  expect(r.exitCode).toBe(0)
}, 180_000)

test("it imports its own files and the protocol's, nothing else", () => {
  for (const file of readdirSync(SRC)) {
    const text = readFileSync(join(SRC, file), "utf8")
    for (const m of text.matchAll(/\bfrom\s+"([^"]+)"/g)) {
      const target = resolve(SRC, m[1]!)
      const ok = m[1]!.startsWith("./") || target.startsWith(join(ROOT, "src/protocol/"))
      expect({ file, import: m[1], ok }).toEqual({ file, import: m[1], ok: true })
    }
  }
})

test("it builds into one script and names no other site", async () => {
  const dir = mkdtempSync(join(tmpdir(), "xagent-rc-build-"))
  try {
    const out = await buildRemoteApp(join(dir, "app"))
    expect(readdirSync(out).sort()).toEqual(["app.css", "app.js", "icon.svg", "index.html"])
    const html = readFileSync(join(out, "index.html"), "utf8")
    for (const m of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(m[1]).not.toMatch(/^(https?:)?\/\//)
    const js = readFileSync(join(out, "app.js"), "utf8")
    expect(js).not.toMatch(/https?:\/\/(?!www\.w3\.org)/)
    expect(js).not.toContain("innerHTML")
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)

test("the window's QR code of a pairing link decodes to that link", () => {
  const link = `https://192.168.1.20:43211/#pair=${"A".repeat(22)}&fp=${"0123456789ABCDEF".repeat(4)}`
  const rows = qrLines(link)
  expect(new Set(rows.map((r) => r.length)).size).toBe(1)
  const modules = rows.flatMap((row) => [
    [...row].map((c) => c === "█" || c === "▀"),
    [...row].map((c) => c === "█" || c === "▄"),
  ])
  const scale = 4
  const w = rows[0]!.length * scale
  const h = modules.length * scale
  const px = new Uint8ClampedArray(w * h * 4).fill(255)
  modules.forEach((line, y) =>
    line.forEach((dark, x) => {
      if (dark)
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++)
            px.fill(0, ((y * scale + dy) * w + x * scale + dx) * 4, ((y * scale + dy) * w + x * scale + dx) * 4 + 3)
    }),
  )
  expect(jsQR(px, w, h)?.data).toBe(link)
})
