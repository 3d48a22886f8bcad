// The /agents page's rows: every profile a person can name, grouped by where it comes from
// (built-in, global, project, Claude Code's), and the files that could not be read with the
// reason. Read only, as `xagent agents` reads them; nothing in a file is run.
import { lstatSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { ProfileGroup, ProfileRow, ProfilesListing } from "../protocol/agent-profiles"
import { parseFrontmatter } from "./frontmatter"
import { listProfiles, profileFolders, type ListedProfile } from "./listing"
import { parseProfile } from "./profile"
import { SUBAGENT_BUILTINS } from "./subagent-builtins"

export interface RowFolders {
  /** xagent's home ($XAGENT_HOME). */
  home: string
  /** The session's folder. */
  cwd: string
  /** The person's home, where Claude Code keeps ~/.claude/agents. */
  userHome: string
}

const BUILT_IN_LOCK = "a built-in: copy it (c) to change it"
const CLAUDE_LOCK = "Claude Code's file: delete it with Claude Code or by hand"
const MAX_BYTES = 256 * 1024

export function scopeFolders(where: RowFolders): ProfilesListing["folders"] {
  return { global: join(where.home, "agents"), project: join(where.cwd, ".xagent", "agents") }
}

export function profileRows(where: RowFolders): ProfilesListing {
  const listing = listProfiles(where)
  const rows: ProfileRow[] = []
  // A listed profile keeps the sources it beat: they are rows too, marked as shadowed.
  const strongest = new Map(listing.profiles.map((p) => [p.name, groupOf(p.source)]))
  for (const b of SUBAGENT_BUILTINS)
    rows.push({
      name: b.name,
      group: "built-in",
      kind: "pi",
      description: b.description,
      tools: b.tools,
      noEdit: BUILT_IN_LOCK,
      noDelete: BUILT_IN_LOCK,
      ...shadow(strongest.get(b.name), "built-in"),
    })
  for (const p of listing.profiles) {
    rows.push(rowOf(p))
    for (const o of p.overrides)
      if (o.file && o.source !== "built-in") {
        const again = readProfile(o.file, o.source)
        if (again) rows.push({ ...rowOf(again), shadowedBy: groupOf(p.source) })
      }
  }
  for (const pr of listing.problems)
    rows.push({
      name: pr.name || "(folder)",
      group: "unreadable",
      kind: "unreadable",
      file: pr.file,
      notes: pr.errors.map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message)),
      ...(isProfileFile(where, pr.file) ? {} : { noEdit: "not a profile file", noDelete: "not a profile file" }),
    })
  // As the subagents extension resolves a name: xagent's files, then Claude Code's (the project's
  // before ~/.claude's), then the built-ins.
  const own = new Map(
    rows.filter((r) => (r.group === "global" || r.group === "project") && !r.shadowedBy).map((r) => [r.name, r.group]),
  )
  const claude = new Set<string>()
  for (const dir of [join(where.cwd, ".claude", "agents"), join(where.userHome, ".claude", "agents")])
    for (const r of claudeRows(dir)) {
      const winner = own.get(r.name) ?? (r.group === "claude" && claude.has(r.name) ? "claude" : undefined)
      rows.push(winner ? { ...r, shadowedBy: winner } : r)
      if (r.group === "claude") claude.add(r.name)
    }
  for (const [i, r] of rows.entries())
    if (r.group === "built-in" && !r.shadowedBy && claude.has(r.name)) rows[i] = { ...r, shadowedBy: "claude" }
  return { rows: sortRows(rows.map(plainOnly)), folders: scopeFolders(where) }
}

/** A link is deleted by hand: removing it from here could be taken for removing what it points at. */
function plainOnly(row: ProfileRow): ProfileRow {
  if (!row.file || row.noDelete) return row
  try {
    if (lstatSync(row.file).isFile()) return row
  } catch {
    // Gone since it was read: the deletion will say so.
    return row
  }
  return { ...row, noDelete: "a link or not a plain file: delete it by hand" }
}

function groupOf(source: ListedProfile["source"]): ProfileGroup {
  return source === "user" ? "global" : source
}

function shadow(strongest: ProfileGroup | undefined, own: ProfileGroup): Partial<ProfileRow> {
  return strongest && strongest !== own ? { shadowedBy: strongest } : {}
}

function rowOf(p: ListedProfile): ProfileRow {
  const group = groupOf(p.source)
  const lock = group === "built-in" ? { noEdit: BUILT_IN_LOCK, noDelete: BUILT_IN_LOCK } : {}
  const base = {
    name: p.name,
    group,
    ...(p.description ? { description: p.description } : {}),
    ...(p.color ? { color: p.color } : {}),
    ...(p.file ? { file: p.file } : {}),
    ...lock,
  }
  if (p.kind === "acp") return { ...base, kind: "acp", command: [p.command, ...p.args].join(" ") }
  return {
    ...base,
    kind: "pi",
    ...(p.model ? { model: p.model } : {}),
    ...(p.thinking ? { effort: p.thinking } : {}),
    ...(p.tools ? { tools: p.tools } : {}),
  }
}

/** A weaker file the listing replaced by name, read again for its own row. */
function readProfile(file: string, source: "user" | "project"): ListedProfile | undefined {
  try {
    const parsed = parseProfile(readFileSync(file, "utf8"), file, source)
    return parsed.ok ? { ...parsed.profile, overrides: [] } : undefined
  } catch {
    return undefined
  }
}

/** A file directly in xagent's global or project folder, named `*.md`: a profile file, even a broken one. */
export function isProfileFile(where: { home: string; cwd: string }, file: string): boolean {
  const dirs = profileFolders(where).map((f) => f.dir)
  const dir = file.slice(0, file.lastIndexOf("/"))
  return file.endsWith(".md") && dirs.includes(dir)
}

function claudeRows(dir: string): ProfileRow[] {
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".md"))
  } catch {
    return []
  }
  return names.sort().map((n): ProfileRow => {
    const file = join(dir, n)
    const stem = n.slice(0, -3)
    try {
      const st = statSync(file)
      if (!st.isFile()) return claudeProblem(stem, file, "not a regular file")
      if (st.size > MAX_BYTES) return claudeProblem(stem, file, `too big (${st.size} bytes)`)
      const front = parseFrontmatter(readFileSync(file, "utf8"))
      const get = (key: string) => front.entries.find((e) => e.key === key)?.value
      const str = (key: string) => (typeof get(key) === "string" ? (get(key) as string) : undefined)
      const tools = get("tools")
      const list = Array.isArray(tools) ? tools : typeof tools === "string" ? tools.split(",") : undefined
      return {
        name: str("name") || stem,
        group: "claude",
        kind: "claude",
        file,
        noDelete: CLAUDE_LOCK,
        ...(str("description") ? { description: str("description") } : {}),
        ...(str("model") ? { model: str("model") } : {}),
        ...(str("color") ? { color: str("color") } : {}),
        ...(list ? { tools: list.map((t) => t.trim()).filter(Boolean) } : {}),
      }
    } catch (e) {
      return claudeProblem(stem, file, (e as Error).message)
    }
  })
}

function claudeProblem(name: string, file: string, reason: string): ProfileRow {
  return { name, group: "unreadable", kind: "unreadable", file, notes: [reason], noDelete: CLAUDE_LOCK }
}

function sortRows(rows: ProfileRow[]): ProfileRow[] {
  const order = ["built-in", "global", "project", "claude", "unreadable"]
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => order.indexOf(a.r.group) - order.indexOf(b.r.group) || cmp(a.r.name, b.r.name) || a.i - b.i)
    .map((x) => x.r)
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
