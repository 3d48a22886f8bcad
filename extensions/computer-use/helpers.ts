// The C# helpers (assets/computer-use/*.cs): which files make each one, what it references, and
// whether Mono's mcs can compile it on Linux CI (the others need Windows-only assemblies and are
// covered by the manual Windows checks in README.md). The cache key is a hash of all of it.
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

export type HelperName = "job" | "owner" | "input" | "capture" | "stop" | "uia" | "ocr"

export interface HelperSpec {
  name: HelperName
  files: string[]
  /** Assemblies beyond mscorlib/System/System.Core: framework-relative, or under %WINDIR%\System32\WinMetadata. */
  refs: string[]
  /** Compiles with Mono's mcs (only APIs Mono has). */
  mono: boolean
}

export const ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), "assets", "computer-use")

export const HELPERS: HelperSpec[] = [
  { name: "job", files: ["Common.cs", "Job.cs"], refs: [], mono: true },
  { name: "owner", files: ["Common.cs", "Owner.cs"], refs: [], mono: true },
  { name: "input", files: ["Common.cs", "Input.cs"], refs: [], mono: true },
  { name: "capture", files: ["Common.cs", "Desk.cs", "Capture.cs"], refs: [], mono: true },
  { name: "stop", files: ["Common.cs", "Stop.cs"], refs: [], mono: true },
  {
    name: "uia",
    files: ["Common.cs", "Uia.cs"],
    refs: ["WPF/UIAutomationClient.dll", "WPF/UIAutomationTypes.dll", "WPF/WindowsBase.dll"],
    mono: false,
  },
  {
    name: "ocr",
    files: ["Common.cs", "Ocr.cs"],
    refs: [
      "System.Runtime.dll",
      "System.Runtime.WindowsRuntime.dll",
      "winmd:Windows.Foundation.winmd",
      "winmd:Windows.Graphics.winmd",
      "winmd:Windows.Media.winmd",
      "winmd:Windows.Storage.winmd",
    ],
    mono: false,
  },
]

export const CSC_FLAGS = ["/nologo", "/target:exe", "/optimize+", "/langversion:5", "/platform:anycpu"]

/** Changes whenever a helper's source, its references or the compiler flags change. */
export function helpersHash(): string {
  const h = createHash("sha256")
  h.update(JSON.stringify({ HELPERS, CSC_FLAGS }))
  for (const f of [...new Set(HELPERS.flatMap((s) => s.files))].sort())
    h.update(f).update(readFileSync(join(ASSETS_DIR, f)))
  return h.digest("hex").slice(0, 16)
}
