// The C# helpers compile with Debian's Mono mcs (C# 5, as the .NET Framework's csc.exe takes it)
// wherever they use only APIs Mono has; the rest need Windows' own assemblies (README.md lists
// them with the manual check that covers them). CI installs mono-mcs (.ci/run).
import { expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ASSETS_DIR, HELPERS } from "./helpers"

const mcs = spawnSync("mcs", ["--version"]).status === 0
if (!mcs)
  console.warn(
    "extensions/computer-use/csharp.test.ts: compile check skipped, mcs is not installed (apt-get install mono-mcs)",
  )

test.skipIf(!mcs)("every Mono-compatible helper compiles with mcs -langversion:5", () => {
  const out = mkdtempSync(join(tmpdir(), "xagent-mcs-"))
  try {
    for (const h of HELPERS.filter((h) => h.mono)) {
      const r = spawnSync(
        "mcs",
        ["-nologo", "-langversion:5", "-warnaserror+", "-target:exe", `-out:${join(out, `${h.name}.exe`)}`, ...h.files],
        {
          cwd: ASSETS_DIR,
          encoding: "utf8",
        },
      )
      expect({ helper: h.name, status: r.status, output: (r.stdout + r.stderr).trim() }).toEqual({
        helper: h.name,
        status: 0,
        output: "",
      })
    }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
})

test("the Windows-only helpers are named in the README with their manual check", async () => {
  const readme = await Bun.file(join(ASSETS_DIR, "../../README.md")).text()
  for (const h of HELPERS.filter((h) => !h.mono))
    for (const f of h.files.filter((f) => f !== "Common.cs")) expect(readme).toContain(f)
  expect(HELPERS.filter((h) => h.mono).map((h) => h.name)).toEqual(["job", "owner", "input", "capture", "stop"])
})
