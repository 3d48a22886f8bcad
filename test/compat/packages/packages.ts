// The verdicts of the registry corpus (corpus.ts), one per package, each backed by its scenario
// (scenarios.ts) run in pi and in xagent by the test file named. docs/pi-compatibility.md's
// second table is generated from this one (`npm run compat:table`); test/compat/table.test.ts
// keeps the page, this table, the corpus and the scenarios in step.
import type { Verdict } from "../examples"

export type Kind =
  | "command"
  | "prompt helper"
  | "UI component"
  | "tool"
  | "MCP"
  | "subagents"
  | "theme"
  | "provider"
  | "session reader"
  | "ACP adapter"

export interface PackageEntry {
  kind: Kind
  verdict: Verdict
  /** The file under test/compat/packages/ that runs its scenario in both programs. */
  test: string
  /** What the scenario checked; for any other verdict, what differs and why. */
  note: string
  /** Where the fault is the package's: its own issue tracker's page for it. */
  issue?: string
  /**
   * For a verdict other than "works": which of the scenario's turns xagent shows (pi shows them
   * all). The test holds xagent to exactly this, so a fix shows up as a failing test to update.
   */
  xagentSeen?: boolean[]
  /** Not run as a scenario in two terminals: its test file runs it its own way (on files, over ACP). */
  ownTest?: true
}

// One row per line, so that rows edited apart merge apart.
// prettier-ignore
export const PACKAGES: Record<string, PackageEntry> = {
  "pi-aliases@1.0.7": { kind: "command", verdict: "works", test: "commands.test.ts", note: "/clear starts a new session (the next request carries no earlier message) in both; the extension's /clear takes the name from xagent's own alias, as in pi" },
  "pi-prompt-template-model@0.12.2": { kind: "prompt helper", verdict: "works", test: "commands.test.ts", note: "a prompt template whose frontmatter names the model and thinking level: /shout banana switches to it and sends the template's text with the argument" },
  "@baochunli/pi-collaborating-agents@0.4.6": { kind: "subagents", verdict: "works", test: "commands.test.ts", note: "/agents opens its overlay (Agents and Messages: this session as an agent on mockllm/mock-1), Escape closes it. xagent also raises a notice that the package's ui.onTerminalInput() hook is ignored (the overlay takes its keys without it); its status segment ((0 peers) focus: local) gave way on xagent's one status line, full at 110 columns with the test's long folder path, where pi gives statuses a footer line of their own" },
  "pi-subagents@0.67.0": { kind: "subagents", verdict: "untestable", test: "commands.test.ts", note: "its child runs need Pi's newer host packages (@earendil-works/chord, pi-agent-core/node), which the hosted Pi 1.6 does not have: /run scout <task> fails in pi with \"does not provide @earendil-works/pi-agent-core/node\", and xagent says the same; a real run needs a Pi that has them", xagentSeen: [true] },
  "pi-web-access@0.28.0": { kind: "tool", verdict: "works", test: "tools.test.ts", note: "the model calls fetch_content on a page served on 127.0.0.1 (the one address a test may serve): its SSRF guard refuses it the same way in both, drawn by its own renderer, and the run goes on (a real page or web search needs the network). pi also warns at start that it declares typebox in dependencies ([Extension issues]), which xagent shows only as a passing toast (the session's opening warnings)" },
  "@aliou/pi-processes@0.12.0": { kind: "tool", verdict: "works", test: "tools.test.ts", note: "the model starts a background process with the process tool; /ps lists it as running" },
  "pi-mcp-adapter@2.36.0": { kind: "MCP", verdict: "works", test: "tools.test.ts", note: "a stdio server of the project's .mcp.json, its tool called through the adapter's mcp proxy tool: 1 server connected, the call's row and result, the run goes on; it takes /mcp from Pi's built-in MCP in both. Pi's [Extension issues] warning saying so at start reaches xagent's window only as one of the session's opening warnings, a toast gone within seconds, where pi keeps it above the transcript; and its status segment (🔌 MCP: 1 server enabled) gave way on xagent's one status line, full at 110 columns with the test's long folder path" },
  "pi-mermaid@0.3.0": { kind: "UI component", verdict: "works", test: "ui.test.ts", note: "a mermaid block in a reply is drawn as its ASCII diagram (the extension's \"Mermaid (ASCII)\" message), which starts a turn of its own, in both. Pi 1.6's own reply markdown also draws the mermaid fence as a diagram, where xagent shows the fence's source (xagent's markdown, not the package)" },
  "pi-markdown-preview@0.16.0": { kind: "UI component", verdict: "works", test: "ui.test.ts", note: "/preview renders the last reply through pandoc and Chromium (both installed by .ci/run) into an image overlay, Markdown preview (1/1), in both. The size in the image's text fallback (tmux shows no images) differs: pi 2400x1000, the PNG's own, xagent 800x600, pi-tui's Image default when it reads no size from the data: not yet explained. Without pandoc both say \"Preview failed: pandoc was not found\"" },
  "pi-sync-system-theme@0.2.5": { kind: "theme", verdict: "works", test: "ui.test.ts", note: "its start-up notice reads Pi's theme name (\"system\" is custom: auto-sync skipped) in both; /system-theme opens its settings with the dark and light themes to follow, Escape closes them" },
  "pi-system-theme@0.5.0": { kind: "theme", verdict: "works", test: "ui.test.ts", note: "Linux with GNOME's gsettings: the same start-up notice on Pi's theme name in both; /system-theme opens its settings (dark and light theme, poll interval), Escape closes them" },
  "@agentuity/pi@2.0.21": { kind: "provider", verdict: "works", test: "ui.test.ts", note: "no pi manifest and no conventional folders: pi loads nothing of it and neither does xagent; a message reaches the model with the programs' own tools alone (its README's provider needs its own code calling it)" },
  "@ccusage/pi@18.0.11": { kind: "session reader", verdict: "works", test: "ecosystem.test.ts", ownTest: true, note: "its usage report (session --json) of the session file each program left after the same -p run (text and a bash call in one message, then an answer): the same totals from pi's file and xagent's" },
  "@psg2/pi-transcript@2.2.1": { kind: "session reader", verdict: "works", test: "ecosystem.test.ts", ownTest: true, note: "the HTML transcript of each program's session file after the same -p run holds the prompt, the text before the call, the bash command, its output and the answer, from pi's file and from xagent's" },
  "pi-acp@0.0.34": { kind: "ACP adapter", verdict: "works", test: "ecosystem.test.ts", ownTest: true, note: "an ACP client (the ACP SDK) prompts through the adapter, which starts `<pi> --mode rpc`: with xagent as that program the reply, its one tool call and the stop reason are what they are with pi" },
}
