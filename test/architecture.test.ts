// Holds the layer directions of docs (architecture.md): every import in src/ and extensions/,
// static, dynamic or type-only, is checked against the table, and a break names file and import.
import { describe, expect, test } from "bun:test"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

type Layer =
  | "protocol"
  | "common"
  | "runtime"
  | "daemon"
  | "client"
  | "tui"
  | "cli"
  | "util"
  | "acp"
  | "worktree"
  | "agents"
  | "extensions"
  | "extension-window"
type Kind = "static" | "dynamic" | "type"

interface Edge {
  from: string
  specifier: string
  kind: Kind
  /** Repo-relative file the specifier resolved to, for relative imports. */
  to?: string
}

/** Which layers each layer may import (its own layer always). util is the leaf helpers' folder. */
const ALLOWED: Record<Layer, Layer[]> = {
  protocol: [],
  // What host, window and extensions share that is not wire: feature rules, Pi entries as
  // transcript items, the terminal-text sanitizer. On protocol's level, above it.
  common: ["protocol"],
  // Bundled extensions reach the runtime only through the slot (runtime/extensions/bundled-slot.ts imports
  // them by path), so that each can be switched off: no static import of one.
  // The host lists and writes agent profiles for the /agents page (runtime/methods/agent-profile-methods.ts).
  runtime: ["protocol", "common", "util", "agents"],
  daemon: ["runtime", "protocol", "common", "util"],
  client: ["protocol", "common", "util"],
  // The window loads each bundled feature's window part (src/tui/features.ts), never its host part.
  tui: ["protocol", "common", "util", "extension-window"],
  // `xagent acp` is a client of the daemon, like the window: its sessions live in the hosts.
  acp: ["protocol", "common", "client", "util"],
  cli: ["client", "daemon", "tui", "acp", "util", "protocol", "common", "worktree", "agents"],
  util: [],
  // Managed git worktrees: git and xagent's record of them, for the CLI (and, through a service
  // the CLI hands it, the window's /worktree page).
  worktree: ["protocol", "common", "util"],
  // Agent profiles: files read and checked (TypeBox), never run. The CLI lists them; whoever starts
  // agents from them (a host, a bundled extension) joins this list then. Never the window: TypeBox.
  agents: ["protocol", "common", "util"],
  // subagents runs children on the profiles src/agents reads (its host part; its window part cannot).
  extensions: ["protocol", "common", "util", "agents"],
  // A bundled feature's window part (extensions/<name>/window/): part of the window, held to its
  // rules (no Pi, no TypeBox, through any file it loads); besides, it may read its own extension's
  // shared rules (extensions/<name>/rules.ts), never the host part or another extension.
  "extension-window": ["tui", "protocol", "common", "util"],
}
/** The two client transports that carry a session host with them. */
const CLIENT_HOST_FILES = new Set(["src/client/local-client.ts", "src/client/worker-client.ts"])
const TUI_CLIENT_TYPES = "src/client/client.ts"
/** Pure helpers of src/util the window may load: they read their arguments and nothing else. */
const TUI_UTIL_FILES = new Set([
  "src/util/patch-switch.ts",
  // reads /proc only, for Ctrl+C while a command has the window's terminal (tui/util/lent-command.ts)
  "src/util/proc-stat.ts",
])
/** Pi's packages under either name: Pi's extension loader maps the pre-0.74 `@mariozechner/*` ones. */
const PI = /^@(earendil-works|mariozechner)\/pi-/
const PI_DEEP = /^@(earendil-works|mariozechner)\/pi-[^/]+\//
/** The name src uses: only the current one is installed. */
const PI_OLD = /^@mariozechner\//
/** TypeBox, which Pi's loader hands extensions for tool schemas (Pi's own copy). */
const EXTENSION_TYPEBOX = /^typebox(\/(compile|value))?$/
/** Packages the window process must never load either: TypeBox belongs to the side that validates (src/protocol/schemas.ts). */
const WINDOW_NEVER = /^typebox(\/|$)/
const CLI_ENTRY = "src/cli/main.ts"
/** What the window may not load from anywhere: it never starts processes or calls into C, but for
 * four helpers that run a tool off the startup path, when the person asks: the `@` file list
 * (rg/fd/git), Ctrl+V's clipboard image (wl-paste/xclip/osascript), the plan card's editor and
 * the cursor's row after a `!i` command. */
const WINDOW_NO_SPAWN = /^(node:)?child_process$|^bun:ffi$/
const WINDOW_SPAWN_ALLOWED = new Set([
  "src/tui/util/file-list.ts",
  "src/tui/util/clipboard-image.ts",
  // The plan card's Alt+E: the person's $EDITOR on the window's own terminal (it needs the tty).
  "src/tui/util/editor.ts",
  // After a `!i` command on the terminal: where its output ended (stty and dd ask the terminal).
  "src/tui/util/cursor-row.ts",
])
/** What an extension may import besides Pi's packages and protocol: Node's modules, and bun:test in its tests. */
const EXTENSION_BUILTINS = /^node:/

/** extensions/<name>/… → name */
const extensionOf = (file: string) => /^extensions\/([^/]+)\//.exec(file)?.[1]

/** The window layers: the window's own code and the bundled features' window parts. */
const isWindow = (layer: Layer | undefined) => layer === "tui" || layer === "extension-window"

function layerOf(file: string): Layer | undefined {
  if (/^extensions\/[^/]+\/window\//.test(file)) return "extension-window"
  const m = /^(?:src\/(protocol|common|runtime|daemon|client|tui|cli|util|worktree|acp|agents)|(extensions))\//.exec(
    file,
  )
  return (m?.[1] ?? m?.[2]) as Layer | undefined
}

/** Every import of one file: declarations, re-exports, `import()`, `require()`, `import("x").T`
 * and Worker entries. */
export function scanImports(file: string, source: string): Edge[] {
  const kindOfScript = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kindOfScript)
  const edges: Edge[] = []
  const add = (node: ts.Node | undefined, kind: Kind) => {
    if (node && ts.isStringLiteralLike(node)) edges.push({ from: file, specifier: node.text, kind })
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      const named = clause?.namedBindings
      // Bun drops `import { type A }` entirely, so an all-type list is type-only too.
      const allTypeNames =
        !!clause &&
        !clause.name &&
        !!named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly)
      add(node.moduleSpecifier, clause?.isTypeOnly || allTypeNames ? "type" : "static")
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause
      const allTypeNames =
        !!clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((e) => e.isTypeOnly)
      add(node.moduleSpecifier, node.isTypeOnly || allTypeNames ? "type" : "static")
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, "type")
    } else if (ts.isCallExpression(node)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require"
      if (isImport || isRequire) add(node.arguments[0], "dynamic")
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Worker") {
      // A Worker evaluates its entry in this process: `new Worker("./x.ts")` or `new Worker(new URL("./x.ts", import.meta.url))`.
      // A path handed to a child process (spawning the daemon) is not an import.
      const [entry] = node.arguments ?? []
      if (entry && ts.isNewExpression(entry) && ts.isIdentifier(entry.expression) && entry.expression.text === "URL") {
        const [target, base] = entry.arguments ?? []
        if (base?.getText(sf) === "import.meta.url") add(target, "dynamic")
      } else add(entry, "dynamic")
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return edges
}

function resolveRelative(from: string, specifier: string, exists: (f: string) => boolean): string | undefined {
  if (!specifier.startsWith(".")) return undefined
  const base = join(dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find(exists) ?? base
}

/** Every broken direction, as "file: import 'specifier' (why)". */
export function checkLayers(files: Record<string, string>): string[] {
  const exists = (f: string) => f in files
  const edges = new Map<string, Edge[]>()
  for (const [file, source] of Object.entries(files))
    edges.set(
      file,
      scanImports(file, source).map((e) => ({ ...e, to: resolveRelative(file, e.specifier, exists) })),
    )
  const problems: string[] = []
  const say = (e: Edge, why: string) => problems.push(`${e.from}: import '${e.specifier}' (${why})`)

  for (const [file, list] of edges) {
    const layer = layerOf(file)
    if (!layer) continue
    for (const e of list) {
      if (PI.test(e.specifier)) {
        if (layer !== "runtime" && layer !== "extensions")
          say(e, `${layer} must not import Pi; only src/runtime and extensions do`)
        else if (layer === "extensions" && PI_DEEP.test(e.specifier))
          say(e, "extensions use Pi's public API: import the package, not its files")
        else if (layer === "runtime" && PI_OLD.test(e.specifier))
          say(e, "Pi is @earendil-works/* since 0.74: the old name is not installed")
        continue
      }
      if (layer === "extensions" && !e.specifier.startsWith(".")) {
        const testRunner = e.specifier === "bun:test" && /\.test\.tsx?$/.test(file)
        if (!EXTENSION_BUILTINS.test(e.specifier) && !EXTENSION_TYPEBOX.test(e.specifier) && !testRunner)
          say(e, "extensions import Pi's public packages, src/protocol, src/common and node: modules only")
        continue
      }
      if (!e.to) continue
      const target = layerOf(e.to)
      if (!target) {
        if (e.to.startsWith("src/") || e.to.startsWith("extensions/")) say(e, `${e.to} is in no layer`)
        continue
      }
      if (layer === "extension-window" && target === "extensions") {
        if (extensionOf(e.to) !== extensionOf(file))
          say(
            e,
            `extensions/${extensionOf(file)}/window must not import extensions/${extensionOf(e.to)}: each stands alone`,
          )
        continue
      }
      if (target === layer) {
        if ((layer === "extensions" || layer === "extension-window") && extensionOf(e.to) !== extensionOf(file))
          say(e, `extensions/${extensionOf(file)} must not import extensions/${extensionOf(e.to)}: each stands alone`)
        continue
      }
      if (layer === "client" && target === "runtime" && CLIENT_HOST_FILES.has(file)) continue
      if (isWindow(layer) && e.to === TUI_CLIENT_TYPES) {
        if (e.kind !== "type") say(e, "tui may use the client interface as types only: write `import type`")
        continue
      }
      if (isWindow(layer) && TUI_UTIL_FILES.has(e.to)) continue
      if (!ALLOWED[layer].includes(target)) {
        const may = ALLOWED[layer].length ? ALLOWED[layer].join(", ") : "nothing of src/"
        say(e, `${layer} must not import ${target}; it may import ${may}`)
      }
    }
  }

  // What actually runs: follow static and dynamic edges, never type-only ones.
  const reach = (start: string, follow: (e: Edge) => boolean) => {
    const seen = new Map<string, string[]>([[start, [start]]])
    const queue = [start]
    const reachedPi: { path: string[]; specifier: string }[] = []
    while (queue.length) {
      const file = queue.shift()!
      for (const e of edges.get(file) ?? []) {
        if (e.kind === "type" || !follow(e)) continue
        if (PI.test(e.specifier) || WINDOW_NEVER.test(e.specifier))
          reachedPi.push({ path: seen.get(file)!, specifier: e.specifier })
        if (e.to && exists(e.to) && !seen.has(e.to)) {
          seen.set(e.to, [...seen.get(file)!, e.to])
          queue.push(e.to)
        }
      }
    }
    return { seen, reachedPi }
  }

  const spawners = new Set<string>()
  for (const file of edges.keys()) {
    if (!isWindow(layerOf(file))) continue
    const { seen, reachedPi } = reach(file, () => true)
    for (const to of seen.keys()) {
      if (WINDOW_SPAWN_ALLOWED.has(to) || spawners.has(to)) continue
      const imports = (edges.get(to) ?? []).some((e) => e.kind !== "type" && WINDOW_NO_SPAWN.test(e.specifier))
      if (imports || /\bBun\.spawn(Sync)?\b/.test(files[to] ?? "")) {
        spawners.add(to)
        problems.push(
          `${to}: starts processes or loads bun:ffi, and the window reaches it through ${seen.get(to)!.join(" → ")}`,
        )
      }
    }
    for (const [to, path] of seen)
      if (layerOf(to) === "runtime" || layerOf(to) === "daemon")
        problems.push(
          `${file}: reaches ${to} through ${path.join(" → ")} (the window must never load the session host)`,
        )
    for (const r of reachedPi) problems.push(`${file}: reaches '${r.specifier}' through ${r.path.join(" → ")}`)
  }

  // The ACP agent never hosts a session itself, through any file it loads.
  for (const file of edges.keys()) {
    if (layerOf(file) !== "acp") continue
    const { seen, reachedPi } = reach(file, () => true)
    for (const [to, path] of seen)
      if (layerOf(to) === "runtime")
        problems.push(
          `${file}: reaches ${to} through ${path.join(" → ")} (xagent acp reaches sessions through the daemon)`,
        )
    for (const r of reachedPi)
      if (PI.test(r.specifier)) problems.push(`${file}: reaches '${r.specifier}' through ${r.path.join(" → ")}`)
  }

  if (exists(CLI_ENTRY)) {
    const { seen, reachedPi } = reach(CLI_ENTRY, (e) => e.kind === "static")
    for (const [to, path] of seen)
      if (["runtime", "tui", "extension-window"].includes(layerOf(to) ?? "") || /^src\/daemon\/(?!.*paths)/.test(to))
        problems.push(
          `${CLI_ENTRY}: statically loads ${to} through ${path.join(" → ")} (import it lazily with import())`,
        )
    for (const r of reachedPi)
      problems.push(`${CLI_ENTRY}: statically loads '${r.specifier}' through ${r.path.join(" → ")}`)
  }
  return problems
}

function sourceFiles(root: string, dir: string): string[] {
  const abs = join(root, dir)
  if (!existsSync(abs)) return []
  return readdirSync(abs).flatMap((name) => {
    const rel = join(dir, name)
    if (name === "node_modules") return []
    if (statSync(join(root, rel)).isDirectory()) return sourceFiles(root, rel)
    return /\.(c|m)?[jt]sx?$/.test(name) && !name.endsWith(".d.ts") ? [rel] : []
  })
}

const ROOT = resolve(import.meta.dir, "..")

test("every import in src/ and extensions/ follows the layer table", () => {
  const files: Record<string, string> = {}
  for (const f of [...sourceFiles(ROOT, "src"), ...sourceFiles(ROOT, "extensions")])
    files[relative(ROOT, join(ROOT, f))] = readFileSync(join(ROOT, f), "utf8")
  expect(Object.keys(files).length).toBeGreaterThan(10)
  expect(checkLayers(files)).toEqual([])
})

// Bun's os.homedir() keeps the home the process started with; a HOME set since (the tests'
// preload, a person's wrapper) is not seen, so xagent's own paths take util/paths' homeDir().
// Only code that mirrors how Pi itself resolves a path calls os.homedir(), so both agree.
const HOMEDIR_ALLOWED: Record<string, string> = {
  "src/util/paths.ts": "homeDir() itself, after HOME",
  "src/runtime/sandbox/read-guard.ts": "Pi's tools read `~` as os.homedir(): the guard must see the same file",
  "src/tui/util/theme-files.ts": "Pi's getAgentDir() is os.homedir()/.pi/agent when PI_CODING_AGENT_DIR is unset",
}

test("only util/paths and code mirroring Pi's own paths call os.homedir()", () => {
  const callers = [...sourceFiles(ROOT, "src"), ...sourceFiles(ROOT, "extensions"), ...sourceFiles(ROOT, "bin")]
    .filter((f) => /\bhomedir\s*\(/.test(readFileSync(join(ROOT, f), "utf8")))
    .sort()
  expect(callers).toEqual(Object.keys(HOMEDIR_ALLOWED).sort())
})

describe("the checker catches breaks", () => {
  const ok = { "src/protocol/index.ts": "export type X = 1\n", "src/client/client.ts": "export interface Client {}\n" }

  test("a wrong direction names the file and the import", () => {
    const problems = checkLayers({
      ...ok,
      "src/protocol/bad.ts": `import { a } from "../cli/index"\n`,
      "src/cli/index.ts": "",
    })
    expect(problems).toEqual([
      "src/protocol/bad.ts: import '../cli/index' (protocol must not import cli; it may import nothing of src/)",
    ])
  })

  test("common code sits above the wire: protocol never imports it, and it imports only protocol", () => {
    const problems = checkLayers({
      ...ok,
      "src/protocol/events.ts": `import type { Todo } from "../common/todo"\n`,
      "src/common/todo.ts": `import type { Item } from "../protocol/transcript"\nimport "../util/paths"\n`,
      "src/protocol/transcript.ts": "",
      "src/util/paths.ts": "",
      "extensions/a/index.ts": `import type { Todo } from "../../src/common/todo"\n`,
    })
    expect(problems).toEqual([
      "src/protocol/events.ts: import '../common/todo' (protocol must not import common; it may import nothing of src/)",
      "src/common/todo.ts: import '../util/paths' (common must not import util; it may import protocol)",
    ])
  })

  test("agent profiles are plain code the CLI reads, and the window never", () => {
    const problems = checkLayers({
      ...ok,
      "src/agents/listing.ts": `import { xagentHome } from "../util/daemon-paths"\nimport "../runtime/host"\n`,
      "src/util/daemon-paths.ts": "",
      "src/runtime/host.ts": "",
      "src/cli/agents-command.ts": `import { listProfiles } from "../agents/listing"\n`,
      "src/tui/agents.tsx": `import type { ListedProfile } from "../agents/listing"\n`,
    })
    expect(problems).toEqual([
      "src/agents/listing.ts: import '../runtime/host' (agents must not import runtime; it may import protocol, common, util)",
      "src/tui/agents.tsx: import '../agents/listing' (tui must not import agents; it may import protocol, common, util, extension-window)",
    ])
  })

  test("Pi outside the runtime, in any form of import", () => {
    const problems = checkLayers({
      ...ok,
      "src/tui/a.tsx": `const pi = await import("@mariozechner/pi-coding-agent")\n`,
      "src/daemon/b.ts": `import type { AgentSession } from "@earendil-works/pi-coding-agent"\n`,
      "src/runtime/c.ts": `import { createAgentSession } from "@earendil-works/pi-coding-agent"\n`,
      "src/runtime/d.ts": `import { createAgentSession } from "@mariozechner/pi-coding-agent"\n`,
    })
    expect(problems).toContain(
      "src/tui/a.tsx: import '@mariozechner/pi-coding-agent' (tui must not import Pi; only src/runtime and extensions do)",
    )
    expect(problems).toContain(
      "src/daemon/b.ts: import '@earendil-works/pi-coding-agent' (daemon must not import Pi; only src/runtime and extensions do)",
    )
    expect(problems).toContain(
      "src/runtime/d.ts: import '@mariozechner/pi-coding-agent' (Pi is @earendil-works/* since 0.74: the old name is not installed)",
    )
    expect(problems.some((p) => p.startsWith("src/runtime/c.ts"))).toBe(false)
  })

  test("extensions use Pi's public API and protocol types only", () => {
    const problems = checkLayers({
      ...ok,
      "src/runtime/host.ts": "",
      "extensions/a/index.ts": `import type { ExtensionAPI } from "@mariozechner/pi-coding-agent"\nimport type { X } from "../../src/protocol"\n`,
      "extensions/b/index.ts": `import { x } from "@earendil-works/pi-coding-agent/dist/core/tools"\nimport "../../src/runtime/host"\n`,
      "extensions/c/index.ts": `import { Type } from "typebox"\nimport type { ExtensionAPI } from "@earendil-works/pi-coding-agent"\n`,
    })
    expect(problems).toEqual([
      "extensions/b/index.ts: import '@earendil-works/pi-coding-agent/dist/core/tools' (extensions use Pi's public API: import the package, not its files)",
      "extensions/b/index.ts: import '../../src/runtime/host' (extensions must not import runtime; it may import protocol, common, util, agents)",
    ])
  })

  test("an extension imports no other package, no other extension, and the runtime none of them", () => {
    const problems = checkLayers({
      ...ok,
      "src/protocol/bundled.ts": "",
      "extensions/a/index.ts": `import { x } from "./tool"\nimport { join } from "node:path"\nimport type { BundledHost } from "../../src/protocol/bundled"\n`,
      "extensions/a/tool.ts": `import { Type } from "@mariozechner/pi-ai"\n`,
      "extensions/a/a.test.ts": `import { test } from "bun:test"\n`,
      "extensions/b/index.ts": `import { z } from "zod"\nimport { x } from "../a/tool"\nimport { test } from "bun:test"\n`,
      "src/runtime/host.ts": `import ask from "../../extensions/a/index"\n`,
    })
    expect(problems).toEqual([
      "extensions/b/index.ts: import 'zod' (extensions import Pi's public packages, src/protocol, src/common and node: modules only)",
      "extensions/b/index.ts: import '../a/tool' (extensions/b must not import extensions/a: each stands alone)",
      "extensions/b/index.ts: import 'bun:test' (extensions import Pi's public packages, src/protocol, src/common and node: modules only)",
      "src/runtime/host.ts: import '../../extensions/a/index' (runtime must not import extensions; it may import protocol, common, util, agents)",
    ])
  })

  test("a feature's window part is held to the window's rules, and only the window loads it", () => {
    const files = {
      ...ok,
      "src/tui/theme.ts": "",
      "src/tui/features.ts": `import { aWindow } from "../../extensions/a/window"\n`,
      "extensions/a/index.ts": `import "@earendil-works/pi-coding-agent"\nimport { rule } from "./rules"\n`,
      "extensions/a/rules.ts": `import { short } from "../../src/util/duration"\n`,
      "src/util/duration.ts": "",
      "extensions/a/window/index.tsx": `import { theme } from "../../../src/tui/theme"\nimport { rule } from "../rules"\nimport { createSignal } from "solid-js"\n`,
      "extensions/b/index.ts": `import "@earendil-works/pi-coding-agent"\nimport "./window/index"\n`,
      "extensions/b/window/index.tsx": `import "../index"\nimport "../../a/rules"\nimport { Type } from "typebox"\n`,
      "extensions/c/window/index.tsx": `import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"\n`,
    }
    expect(checkLayers(files)).toEqual([
      "extensions/b/index.ts: import './window/index' (extensions must not import extension-window; it may import protocol, common, util, agents)",
      "extensions/b/window/index.tsx: import '../../a/rules' (extensions/b/window must not import extensions/a: each stands alone)",
      "extensions/c/window/index.tsx: import '@earendil-works/pi-coding-agent' (extension-window must not import Pi; only src/runtime and extensions do)",
      "extensions/b/window/index.tsx: reaches 'typebox' through extensions/b/window/index.tsx",
      "extensions/b/window/index.tsx: reaches '@earendil-works/pi-coding-agent' through extensions/b/window/index.tsx → extensions/b/index.ts",
    ])
  })

  test("the tui may take the client interface only as types", () => {
    const typeOnly = checkLayers({ ...ok, "src/tui/a.tsx": `import type { Client } from "../client/client"\n` })
    expect(typeOnly).toEqual([])
    const value = checkLayers({ ...ok, "src/tui/a.tsx": `import { Client } from "../client/client"\n` })
    expect(value).toEqual([
      "src/tui/a.tsx: import '../client/client' (tui may use the client interface as types only: write `import type`)",
    ])
  })

  test("only local-client and worker-client carry the runtime; a Worker entry counts as an import", () => {
    const files = {
      ...ok,
      "src/runtime/host.ts": "",
      "src/client/local-client.ts": `import { createHost } from "../runtime/host"\n`,
      "src/client/socket-client.ts": `const w = new Worker(new URL("../runtime/host.ts", import.meta.url))\n`,
      // A path handed to a child process is not loaded here.
      "src/client/connect.ts": `spawn(["bun", fileURLToPath(new URL("../runtime/host.ts", import.meta.url))])\n`,
    }
    expect(checkLayers(files)).toEqual([
      "src/client/socket-client.ts: import '../runtime/host.ts' (client must not import runtime; it may import protocol, common, util)",
    ])
  })

  test("the tui never reaches the runtime, even through files it may import", () => {
    // A protocol file that (wrongly) pulls in the runtime makes every tui file that uses it fail too.
    const files = {
      ...ok,
      "src/protocol/leak.ts": `import "../runtime/host"\n`,
      "src/runtime/host.ts": `import "@earendil-works/pi-coding-agent"\n`,
      "src/tui/app.tsx": `import { x } from "../protocol/leak"\n`,
    }
    const problems = checkLayers(files)
    expect(problems).toContain(
      "src/tui/app.tsx: reaches src/runtime/host.ts through src/tui/app.tsx → src/protocol/leak.ts → src/runtime/host.ts (the window must never load the session host)",
    )
    expect(problems).toContain(
      "src/tui/app.tsx: reaches '@earendil-works/pi-coding-agent' through src/tui/app.tsx → src/protocol/leak.ts → src/runtime/host.ts",
    )
  })

  test("the window may use pure util helpers, but nothing that spawns, outside its file list", () => {
    const files = {
      ...ok,
      "src/util/paths.ts": `import { homedir } from "node:os"\n`,
      "src/util/run-git.ts": `import { spawnSync } from "node:child_process"\n`,
      "src/util/ffi.ts": `import { dlopen } from "bun:ffi"\n`,
      "src/tui/a.tsx": `import { homeDir } from "../util/paths"\nimport "../util/run-git"\n`,
      "src/tui/b.tsx": `import "../util/ffi"\nconst p = Bun.spawn(["ls"])\n`,
      "src/tui/util/file-list.ts": `const p = Bun.spawn(["rg", "--files"])\n`,
    }
    expect(checkLayers(files)).toEqual([
      "src/util/run-git.ts: starts processes or loads bun:ffi, and the window reaches it through src/tui/a.tsx → src/util/run-git.ts",
      "src/tui/b.tsx: starts processes or loads bun:ffi, and the window reaches it through src/tui/b.tsx",
      "src/util/ffi.ts: starts processes or loads bun:ffi, and the window reaches it through src/tui/b.tsx → src/util/ffi.ts",
    ])
  })

  test("the window reaches the worktrees only through the service it is handed, never src/worktree", () => {
    const files = {
      ...ok,
      "src/protocol/worktree.ts": "export interface WorktreeService {}\n",
      "src/worktree/service.ts": `import { execFile } from "node:child_process"\n`,
      "src/tui/page.tsx": `import type { WorktreeService } from "../protocol/worktree"\nimport "../worktree/service"\n`,
      "src/cli/window.ts": `import { worktreeService } from "../worktree/service"\n`,
    }
    expect(checkLayers(files)).toEqual([
      "src/tui/page.tsx: import '../worktree/service' (tui must not import worktree; it may import protocol, common, util, extension-window)",
      "src/worktree/service.ts: starts processes or loads bun:ffi, and the window reaches it through src/tui/page.tsx → src/worktree/service.ts",
    ])
  })

  test("the window never loads TypeBox: request schemas stay with the side that validates", () => {
    const files = {
      ...ok,
      "src/protocol/schemas.ts": `import { Type } from "typebox"\n`,
      "src/protocol/requests.ts": `import type { Schemas } from "./schemas"\n`,
      "src/tui/a.tsx": `import type { Method } from "../protocol/requests"\n`,
      "src/tui/b.tsx": `import { Schemas } from "../protocol/schemas"\n`,
    }
    expect(checkLayers(files)).toEqual([
      "src/tui/b.tsx: reaches 'typebox' through src/tui/b.tsx → src/protocol/schemas.ts",
    ])
  })

  test("the ACP agent is a daemon client: no Pi, no runtime, not even through the client transports", () => {
    const files = {
      ...ok,
      "src/runtime/host.ts": `import "@earendil-works/pi-coding-agent"\n`,
      "src/client/local-client.ts": `import { createHost } from "../runtime/host"\n`,
      "src/acp/agent.ts": `import * as acp from "@agentclientprotocol/sdk"\nimport type { Client } from "../client/client"\n`,
      "src/acp/local.ts": `import { createLocalClient } from "../client/local-client"\n`,
      "src/acp/pi.ts": `import "@earendil-works/pi-ai"\n`,
      "src/acp/tui.ts": `import "../tui/app"\n`,
      "src/tui/app.tsx": "",
    }
    expect(checkLayers(files)).toEqual([
      "src/acp/pi.ts: import '@earendil-works/pi-ai' (acp must not import Pi; only src/runtime and extensions do)",
      "src/acp/tui.ts: import '../tui/app' (acp must not import tui; it may import protocol, common, client, util)",
      "src/acp/local.ts: reaches src/runtime/host.ts through src/acp/local.ts → src/client/local-client.ts → src/runtime/host.ts (xagent acp reaches sessions through the daemon)",
      "src/acp/local.ts: reaches '@earendil-works/pi-coding-agent' through src/acp/local.ts → src/client/local-client.ts → src/runtime/host.ts",
      "src/acp/pi.ts: reaches '@earendil-works/pi-ai' through src/acp/pi.ts",
    ])
  })

  test("the CLI entry loads the window and the host only lazily", () => {
    const lazy = {
      ...ok,
      "src/cli/main.ts": `import "./index"\n`,
      "src/cli/index.ts": `export const run = () => import("../tui/run")\n`,
      "src/tui/run.tsx": "",
    }
    expect(checkLayers(lazy)).toEqual([])
    const eager = { ...lazy, "src/cli/index.ts": `import { runTui } from "../tui/run"\n` }
    expect(checkLayers(eager)).toEqual([
      "src/cli/main.ts: statically loads src/tui/run.tsx through src/cli/main.ts → src/cli/index.ts → src/tui/run.tsx (import it lazily with import())",
    ])
  })
})
