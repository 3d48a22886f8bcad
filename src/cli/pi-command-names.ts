// Pi's commands xagent runs as pi does (pi-package-commands.ts). As in pi, a command line whose
// first word is one of them is that command; such a word is never a message to the model.
export const PI_COMMANDS = ["install", "remove", "uninstall", "update", "list", "config", "auth", "mcp"]

export const isPiCommand = (word: string | undefined) => word !== undefined && PI_COMMANDS.includes(word)
