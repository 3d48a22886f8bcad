// The clipboard fallback: which tool each platform gets, and a real run of one (a stand-in xclip
// on PATH that keeps what it was given).
import { expect, test } from "bun:test"
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { clipboardTool, copyWithTool } from "../../src/util/clipboard-tool"

const all = () => "/bin/x"

test("each platform gets its tool; without a display there is none", () => {
  expect(clipboardTool({}, "darwin", all)).toEqual(["pbcopy"])
  expect(clipboardTool({ WSL_DISTRO_NAME: "Ubuntu" }, "linux", all)).toEqual(["clip.exe"])
  expect(clipboardTool({ WAYLAND_DISPLAY: "wayland-0" }, "linux", all)).toEqual(["wl-copy"])
  expect(clipboardTool({ DISPLAY: ":0" }, "linux", all)).toEqual(["xclip", "-selection", "clipboard"])
  expect(clipboardTool({ DISPLAY: ":0" }, "linux", (b) => (b === "xsel" ? "/bin/xsel" : null))).toEqual([
    "xsel",
    "--clipboard",
    "--input",
  ])
  expect(clipboardTool({}, "linux", all)).toBeUndefined()
})

test("the text reaches the tool exactly; a tool that fails is no copy", async () => {
  const bin = mkdtempSync(join(tmpdir(), "xagent-clip-"))
  const kept = join(bin, "kept")
  writeFileSync(join(bin, "xclip"), `#!/bin/sh\ncat > "${kept}"\n`)
  chmodSync(join(bin, "xclip"), 0o755)
  const text = "line one   \n\tline two\n"
  expect(await copyWithTool(text, { PATH: `${bin}:/usr/bin:/bin`, DISPLAY: ":0" })).toBe("xclip")
  expect(readFileSync(kept, "utf8")).toBe(text)
  writeFileSync(join(bin, "xclip"), "#!/bin/sh\nexit 1\n")
  expect(await copyWithTool(text, { PATH: `${bin}:/usr/bin:/bin`, DISPLAY: ":0" })).toBeUndefined()
})
