// What every git that xagent itself runs is given so that it runs no program a repository's
// configuration names. The agent's commands can write inside the repository (and, when the person
// allows it, `.git/config` and `.git/hooks`); xagent's own git runs outside the sandbox, so
// whatever such a file names would run there with the person's full rights.

/**
 * Config that makes git run programs during the commands xagent uses, switched off. `-c` entries
 * come last (after every config file and GIT_CONFIG_PARAMETERS) so they win, and git passes them
 * on to the gits it starts itself (submodules, `gc --auto`).
 */
export const SAFE_GIT_CONFIG: readonly string[] = [
  // `status`, `add`, `diff`, `checkout`, `stash`: the hook or daemon that lists changed files.
  "core.fsmonitor=false",
  "core.useBuiltinFSMonitor=false",
  // Every hook (post-checkout of `worktree add` and `checkout`, reference-transaction of
  // `update-ref`, `branch -D`, pre-auto-gc): a folder that holds none.
  "core.hooksPath=/dev/null",
  // `commit-tree` signs when asked to, running gpg.program.
  "commit.gpgSign=false",
  // A background `git gc` (and its hooks) after a command that wrote objects.
  "gc.auto=0",
  "maintenance.auto=false",
  // Never an interactive program (none is needed; without a terminal git would not page anyway).
  "core.pager=cat",
  "core.editor=:",
  "sequence.editor=:",
  // No network command is run; these would otherwise name programs too.
  "credential.helper=",
  "core.sshCommand=ssh",
]

/** `-c key=value` pairs for SAFE_GIT_CONFIG and the given extra entries. */
export function safeGitFlags(extra: readonly string[] = []): string[] {
  return [...SAFE_GIT_CONFIG, ...extra].flatMap((kv) => ["-c", kv])
}

/** Environment for xagent's git: no prompt, no optional index lock taken behind the agent's back. */
export const SAFE_GIT_ENV: Readonly<Record<string, string>> = {
  GIT_TERMINAL_PROMPT: "0",
  GIT_OPTIONAL_LOCKS: "0",
  // An external diff or a pager from the environment is the person's, but xagent's output is parsed.
  GIT_PAGER: "cat",
}

/**
 * Content filters (`filter.<driver>.clean|smudge|process`) run on `add`, `status`, `checkout`,
 * `worktree add`, `stash` and `apply`; their drivers are named by config, and a driver defined in
 * a file inside the repository (its `.git/config`, a worktree's config, an included file in the
 * work tree) is the repository's, not the person's. Given `git config --show-origin -z
 * --get-regexp '^filter\.'` output and the repository's folders, the `-c` entries that switch
 * those drivers off. Drivers from the person's own files (`git lfs install` writes ~/.gitconfig)
 * keep working.
 */
export function repoFilterOverrides(configZ: string, repoDirs: string[]): string[] {
  const dirs = repoDirs.filter((d) => d.startsWith("/"))
  const names = new Set<string>()
  const fields = configZ.split("\0")
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i]!
    const key = fields[i + 1]!.split("\n")[0]!
    const m = /^filter\.(.+)\.(clean|smudge|process|required)$/i.exec(key)
    if (!m) continue
    const file = origin.startsWith("file:") ? origin.slice(5) : undefined
    // Anything but a file (a blob, standard input) is not the person's either; the command
    // line's entries are xagent's or the person's own.
    if (origin.startsWith("command line:")) continue
    // A relative origin is a file git found through the repository (`.git/config`, an include
    // beside it); an absolute one is the repository's when it lies in its folders.
    if (file?.startsWith("/") && !dirs.some((d) => within(file, d))) continue
    names.add(m[1]!)
  }
  return [...names].flatMap((n) => [
    `filter.${n}.clean=`,
    `filter.${n}.smudge=`,
    `filter.${n}.process=`,
    `filter.${n}.required=false`,
  ])
}

function within(p: string, dir: string): boolean {
  const d = dir.endsWith("/") ? dir : dir + "/"
  return p === dir || p.startsWith(d)
}
