// What the /agents page changes on disk: a new profile from a template, a copy under a new name,
// a deletion. Only xagent's own folders are written, a name already there is never overwritten
// (the file is created exclusively), and only a file the listing shows as a profile in one of
// those folders is deleted: a person's other files, Claude Code's, or a link are left alone.
import { lstatSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { ProfileChange, ProfileRow, ProfileScope } from "../protocol/agent-profiles"
import { PROFILE_NAME } from "./profile"
import { isProfileFile, profileRows, scopeFolders, type RowFolders } from "./profile-rows"
import { SUBAGENT_BUILTINS } from "./subagent-builtins"

/** Applies one change; resolves to the file written or deleted, or throws with the reason. */
export function changeProfile(where: RowFolders, change: ProfileChange): { file: string } {
  if (change.action === "delete") return remove(where, change.file)
  checkName(change.name)
  if (change.action === "new") return create(where, change.scope, change.name, template(change.name))
  const rows = profileRows(where).rows
  const from = rows.find((r) => r.group === change.from.group && r.name === change.from.name)
  if (!from || from.group === "unreadable")
    throw new Error(`no readable profile '${change.from.name}' (${change.from.group}) to copy`)
  return create(where, change.scope, change.name, copyText(from, change.name))
}

function checkName(name: string) {
  if (!PROFILE_NAME.test(name) || name.length > 64)
    throw new Error(`'${name}' is not a profile name: lowercase letters, digits and '-', at most 64`)
}

function create(where: RowFolders, scope: ProfileScope, name: string, text: string): { file: string } {
  const dir = scopeFolders(where)[scope]
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const file = join(dir, `${name}.md`)
  try {
    // `wx`: never over a file that is already there (another profile, or anything of the person's).
    writeFileSync(file, text, { flag: "wx", mode: 0o644 })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") throw new Error(`${file} already exists: choose another name`)
    throw new Error(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
  }
  return { file }
}

function remove(where: RowFolders, file: string): { file: string } {
  const row = profileRows(where).rows.find((r) => r.file === file)
  if (!row) throw new Error(`${file} is not a listed profile`)
  if (row.noDelete) throw new Error(`${file} cannot be deleted: ${row.noDelete}`)
  if (!isProfileFile(where, file)) throw new Error(`${file} is not in xagent's profile folders`)
  // A link could point at any file of the person's: only a plain file is removed.
  if (!lstatSync(file).isFile()) throw new Error(`${file} is not a regular file: left alone`)
  unlinkSync(file)
  return { file }
}

export function template(name: string): string {
  return `---
name: ${name}
description: What this agent is for, in one line (the model reads it to pick a profile)
# model: provider/model-id
# thinking: medium
tools: [read, grep, find, ls]
---
You are a subagent. Say here how this agent works and what its final report holds.
`
}

/** The source's text with its name replaced; a built-in written out from its table. */
function copyText(row: ProfileRow, name: string): string {
  if (!row.file) {
    const b = SUBAGENT_BUILTINS.find((x) => x.name === row.name)
    if (row.kind === "acp") {
      const [acp, ...args] = (row.command ?? "").split(" ")
      const list = args.length ? `\nargs: [${args.map((a) => JSON.stringify(a)).join(", ")}]` : ""
      return `---\nname: ${name}\ndescription: ${JSON.stringify(row.description ?? "")}\nacp: ${acp}${list}\n---\n`
    }
    if (!b) throw new Error(`no built-in named '${row.name}'`)
    return `---\nname: ${name}\ndescription: ${JSON.stringify(b.description)}\ntools: [${b.tools.join(", ")}]\n---\n${b.instructions}\n`
  }
  const text = readFileSync(row.file, "utf8")
  const lines = text.split("\n")
  const end = lines.findIndex((l, i) => i > 0 && /^---[ \t]*$/.test(l))
  const at = lines.findIndex((l, i) => i > 0 && i < end && /^name[ \t]*:/.test(l))
  if (at > 0) lines[at] = `name: ${name}`
  else if (end > 0) lines.splice(1, 0, `name: ${name}`)
  return lines.join("\n")
}
