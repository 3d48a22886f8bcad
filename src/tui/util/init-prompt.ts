// What `/init` asks the model, as Claude Code's and Codex's /init do: study the repository and
// write the instructions file coding agents read (Pi loads AGENTS.md from the folder and above).
// Sent as an ordinary message, so the person sees what was asked and the run is a normal one.

export function initPrompt(extra: string): string {
  const lines = [
    "Study this repository and write AGENTS.md at its root: the instructions a coding agent reads before working here.",
    "If AGENTS.md already exists, read it and improve it: keep what is still true, fix what is not, add what is missing.",
    "Read the README, the build and package files, CI configuration and any existing agent instructions (CLAUDE.md, .cursorrules, .github/copilot-instructions.md) first, and look at the code's layout.",
    "Cover: how to build, test (all tests and a single one), lint and format; how the code is organised; the conventions and rules a change must follow; anything surprising a newcomer would get wrong.",
    "Be concrete and brief: commands that work here, paths that exist. Leave out generic advice and anything that is obvious from the file tree.",
  ]
  const more = extra.trim()
  if (more) lines.push(`Also: ${more}`)
  return lines.join("\n")
}
