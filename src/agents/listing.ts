// Every profile a person can name: the built-ins, then the user's files ($XAGENT_HOME/agents/*.md),
// then the project's (<folder>/.xagent/agents/*.md), a later one winning a name from an earlier
// one. A project's files come with its repository, so listing only reads them: a file that is not
// a regular file, is too big, or is malformed becomes a problem with its reason and line, and the
// rest of the listing stands.
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs"
import { join } from "node:path"
import { builtinProfiles } from "./builtin"
import { parseProfile, PROFILE_SOURCES, type AgentProfile, type ProfileError, type ProfileSource } from "./profile"

/** A profile as listed, with the weaker ones of its name it replaces. */
export type ListedProfile = AgentProfile & { overrides: { source: ProfileSource; file?: string }[] }

export interface ProfileProblem {
  file: string
  source: ProfileSource
  /** The name the file claims (or its file name's stem): a lookup of it fails rather than run a weaker profile. */
  name: string
  errors: ProfileError[]
}

export interface ProfileListing {
  profiles: ListedProfile[]
  problems: ProfileProblem[]
}

export interface ProfileFolders {
  /** xagent's home ($XAGENT_HOME): the user's profiles are in its `agents/`. */
  home: string
  /** The project's folder: its profiles are in `.xagent/agents/`. */
  cwd: string
}

const MAX_BYTES = 256 * 1024
const MAX_FILES = 200

export function profileFolders(where: ProfileFolders): { source: ProfileSource; dir: string }[] {
  const user = join(where.home, "agents")
  const project = join(where.cwd, ".xagent", "agents")
  // Run in the folder above xagent's home, the project's folder is the user's: list it once.
  return same(user, project)
    ? [{ source: "user", dir: user }]
    : [
        { source: "user", dir: user },
        { source: "project", dir: project },
      ]
}

export function listProfiles(where: ProfileFolders): ProfileListing {
  const problems: ProfileProblem[] = []
  const byName = new Map<string, ListedProfile>()
  const take = (p: AgentProfile) => {
    const before = byName.get(p.name)
    const overrides = before
      ? [...before.overrides, { source: before.source, ...(before.file ? { file: before.file } : {}) }]
      : []
    byName.set(p.name, { ...p, overrides })
  }
  for (const p of builtinProfiles()) take(p)
  for (const { source, dir } of profileFolders(where)) {
    const taken = new Map<string, string>()
    for (const read of readFolder(dir, source)) {
      if (!read.ok) {
        problems.push(read.problem)
        continue
      }
      const p = read.profile
      const first = taken.get(p.name)
      if (first) {
        problems.push({
          file: p.file!,
          source,
          name: p.name,
          errors: [{ line: 1, message: `the name '${p.name}' is taken by ${first} in the same folder` }],
        })
        continue
      }
      taken.set(p.name, p.file!.replace(/^.*\//, ""))
      take(p)
    }
  }
  const profiles = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return { profiles, problems }
}

/**
 * The profile a name runs: the strongest source's. A malformed file of that name at least as strong
 * as the profile found is the answer instead: the person meant that file, not a weaker profile.
 */
export function profileNamed(
  listing: ProfileListing,
  name: string,
): { profile: ListedProfile } | { problem: ProfileProblem } | undefined {
  const profile = listing.profiles.find((p) => p.name === name)
  const rank = (s: ProfileSource) => PROFILE_SOURCES.indexOf(s)
  const problem = listing.problems
    .filter((p) => p.name === name && (!profile || rank(p.source) >= rank(profile.source)))
    .sort((a, b) => rank(b.source) - rank(a.source))[0]
  if (problem) return { problem }
  return profile && { profile }
}

type Read = { ok: true; profile: AgentProfile } | { ok: false; problem: ProfileProblem }

function readFolder(dir: string, source: ProfileSource): Read[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === "ENOENT") return []
    return [failed(dir, source, "", `the folder cannot be read (${code ?? (e as Error).message})`)]
  }
  const files = names.filter((n) => n.endsWith(".md")).sort()
  const out = files.slice(0, MAX_FILES).map((n) => readOne(join(dir, n), source))
  if (files.length > MAX_FILES)
    out.push(
      failed(dir, source, "", `${files.length - MAX_FILES} more .md files past the first ${MAX_FILES} were not read`),
    )
  return out
}

function readOne(file: string, source: ProfileSource): Read {
  const stem = file.replace(/^.*\//, "").replace(/\.md$/, "")
  let text: string
  try {
    // stat follows a link: a link to a FIFO or a device must not block or flood the listing.
    const st = statSync(file)
    if (!st.isFile()) return failed(file, source, stem, "not a regular file")
    if (st.size > MAX_BYTES)
      return failed(file, source, stem, `too big (${st.size} bytes; a profile is at most ${MAX_BYTES})`)
    text = readFileSync(file, "utf8")
  } catch (e) {
    return failed(file, source, stem, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`)
  }
  const parsed = parseProfile(text, file, source)
  if (parsed.ok) return parsed
  return { ok: false, problem: { file, source, name: parsed.name, errors: parsed.errors } }
}

function failed(file: string, source: ProfileSource, name: string, message: string): Read {
  return { ok: false, problem: { file, source, name, errors: [{ line: 0, message }] } }
}

function same(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b)
  } catch {
    return a === b
  }
}
