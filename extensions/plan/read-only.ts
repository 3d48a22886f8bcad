// What plan mode lets bash run where no sandbox holds it (BundledHost.sandbox.readOnly said no):
// a command passes only if every part of it is an allow-listed reader with no redirection into a
// file. With the read-only sandbox the kernel refuses writes and this list is not consulted.

const READERS = new Set([
  "cat",
  "head",
  "tail",
  "less",
  "more",
  "ls",
  "tree",
  "pwd",
  "wc",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "ag",
  "find",
  "fd",
  "file",
  "stat",
  "du",
  "df",
  "diff",
  "cmp",
  "sort",
  "uniq",
  "cut",
  "tr",
  "nl",
  "column",
  "echo",
  "printf",
  "which",
  "whereis",
  "type",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "date",
  "uname",
  "whoami",
  "id",
  "env",
  "printenv",
  "jq",
  "awk",
  "sed",
  "true",
  "false",
  "test",
  "[",
])
const GIT_READERS = new Set([
  "status",
  "log",
  "diff",
  "show",
  "branch",
  "ls-files",
  "ls-tree",
  "rev-parse",
  "blame",
  "grep",
  "describe",
  "remote",
  "tag",
  "shortlog",
  "cat-file",
  "config",
])

function refusePart(words: string[]): string | undefined {
  const [cmd, ...rest] = words
  if (!cmd) return undefined
  if (cmd === "git") {
    const sub = rest.find((w) => !w.startsWith("-"))
    if (!sub || !GIT_READERS.has(sub)) return `git ${sub ?? ""} can change the repository`.trim()
    if (sub === "config" && !rest.some((w) => w === "--get" || w === "--list" || w === "-l"))
      return "git config may only be read (--get, --list)"
    if (
      (sub === "branch" || sub === "tag" || sub === "remote") &&
      rest.some(
        (w) =>
          /^-[dDmMcCf]|^--(delete|move|force|set)/.test(w) ||
          (sub === "remote" && /^(add|remove|rm|rename|set-url)$/.test(w)),
      )
    )
      return `git ${sub} with that option changes the repository`
    return undefined
  }
  if (!READERS.has(cmd)) return `${cmd} is not on plan mode's list of read-only commands`
  if (cmd === "find" && rest.some((w) => /^-(exec|execdir|ok|okdir|delete|fprint|fprintf|fls)$/.test(w)))
    return "find may not run commands or delete files in plan mode"
  if (cmd === "sed" && rest.some((w) => /^-(i|-in-place)/.test(w))) return "sed -i edits files"
  if (cmd === "awk" && rest.some((w) => /system\(|>\s*"/.test(w))) return "awk may not write files or run commands"
  return undefined
}

/** Why plan mode refuses this bash command, or undefined when it may run. */
export function readOnlyBash(command: string): string | undefined {
  if (/`|\$\(|<\(|>\(/.test(command)) return "command substitution is not allowed in plan mode"
  // Redirection into anything but /dev/null or another descriptor writes a file.
  for (const m of command.matchAll(/(\d*)>>?\s*(&?\S*)/g)) {
    const target = m[2] ?? ""
    if (target !== "/dev/null" && !/^&\d$/.test(target)) return "redirecting output into a file writes it"
  }
  for (const part of command.split(/\|\||&&|[|;&\n]/)) {
    const words = part.trim().split(/\s+/).filter(Boolean)
    // Leading VAR=value assignments only set the environment of the command after them.
    while (words[0] && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) words.shift()
    const why = refusePart(words)
    if (why) return why
  }
  return undefined
}
