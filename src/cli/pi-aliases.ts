// Pi's short flags of several letters (`-nt`, `-xt`, `-ne`…) are no short options commander can
// parse (it would read `-nt` as `-n -t`): they become their long forms before it sees them.
const ALIASES: Record<string, string> = {
  "-nt": "--no-tools",
  "-nbt": "--no-builtin-tools",
  "-xt": "--exclude-tools",
  "-ne": "--no-extensions",
  "-ns": "--no-skills",
  "-np": "--no-prompt-templates",
  "-nc": "--no-context-files",
  "-na": "--no-approve",
}

export function expandPiAliases(argv: string[]): string[] {
  const end = argv.indexOf("--")
  return argv.map((a, i) => (end !== -1 && i > end ? a : (ALIASES[a] ?? a)))
}
