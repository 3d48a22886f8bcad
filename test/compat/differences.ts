// Where xagent's window means to behave otherwise than pi's interactive mode, each with the test
// that holds xagent's side; docs/pi-compatibility.md lists them under its tables.

export interface Difference {
  what: string
  pi: string
  xagent: string
  /** The test file, from the repository's root. */
  test: string
}

export const DIFFERENCES: Difference[] = [
  {
    what: "Esc while a reply runs, with messages queued",
    pi: "every queued steer and follow-up goes back into the editor and the reply stops",
    xagent:
      "the reply stops and one queued steer (the first) is sent at once, as it was meant for this reply before any follow-up; the other steers and every follow-up go back into the prompt",
    test: "test/runtime/queue-edit.test.ts",
  },
  {
    what: "one queued message at a time",
    pi: "Alt+↑ takes every queued message back into the editor; there is no way to change one",
    xagent:
      "Alt+↑ does the same; `/follow-up` (Alt+↓, a click on a queued row) edits one (its images kept), removes one, or sends the next one now",
    test: "test/tui/follow-up-page.test.tsx",
  },
  {
    what: "a new conversation's name",
    pi: "a session stays unnamed until `/name`",
    xagent:
      'after a substantive first turn, one short tool-free request to the session\'s model proposes a name (a provisional one: `/name` wins, before or after); `"sessionNames": "off"` in `$XAGENT_HOME/settings.json` or `XAGENT_SESSION_NAMES=off` skips it, and `-p` never names',
    test: "extensions/session-name/session-name.test.ts",
  },
]

export function renderDifferences(): string[] {
  const cell = (s: string) => s.replace(/\|/g, "\\|")
  return [
    "# Where xagent's window differs from pi's on purpose",
    "",
    "| what | pi | xagent | test |",
    "|---|---|---|---|",
    ...DIFFERENCES.map((d) => `| ${cell(d.what)} | ${cell(d.pi)} | ${cell(d.xagent)} | \`${d.test}\` |`),
  ]
}
