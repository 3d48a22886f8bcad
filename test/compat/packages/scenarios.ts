// What each package of the corpus brings, exercised as its README says: the keys a person types
// and what the terminal shows once the package did its part. The same scenario runs in pi and in
// xagent (run.ts); packages.ts holds the verdicts these runs back.
import type { Scenario } from "./run"

const ECHO_MCP = `const rl = require("node:readline").createInterface({ input: process.stdin })
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...m }) + "\\n")
rl.on("line", (line) => {
  const msg = JSON.parse(line)
  if (msg.id === undefined) return
  if (msg.method === "initialize")
    send({ id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "echo", version: "1" } } })
  else if (msg.method === "tools/list")
    send({ id: msg.id, result: { tools: [{ name: "shout", description: "Shouts", inputSchema: { type: "object", properties: { text: { type: "string" } } } }] } })
  else if (msg.method === "tools/call")
    send({ id: msg.id, result: { content: [{ type: "text", text: String(msg.params.arguments.text).toUpperCase() + "-SHOUTED" }] } })
  else send({ id: msg.id, error: { code: -32601, message: "no " + msg.method } })
})
`

export const SCENARIOS: Scenario[] = [
  {
    // Commands: /clear and /exit, its aliases of /new and /quit.
    pkg: "pi-aliases@1.0.7",
    steps: [{ text: "FIRST-REPLY" }, { text: "SECOND-REPLY" }],
    turns: [
      { say: "remember ALPHA", see: /FIRST-REPLY/, calls: 1 },
      { say: "/clear" },
      { say: "what did I say", see: /SECOND-REPLY/, calls: 1 },
    ],
  },
  {
    // A prompt helper: a template whose frontmatter picks the model; the template's text is sent.
    pkg: "pi-prompt-template-model@0.12.2",
    steps: [{ text: "TEMPLATE-REPLY" }],
    agentFiles: {
      "prompts/shout.md":
        "---\ndescription: Shout a word\nmodel: mockllm/mock-1\nthinking: off\n---\nSay this loudly: $@ TEMPLATEMARK\n",
    },
    turns: [{ say: "/shout banana", see: /TEMPLATE-REPLY/, calls: 1 }],
  },
  {
    // UI: a mermaid block in a reply is drawn as an ASCII diagram under it (a custom message that
    // starts a turn of its own).
    pkg: "pi-mermaid@0.3.0",
    steps: [
      { text: "Here:\n\n```mermaid\ngraph LR\n  Alpha --> Beta\n```\n\nDONE-DIAGRAM" },
      { text: "AFTER-DIAGRAM" },
    ],
    turns: [{ say: "draw it", see: /Mermaid \(ASCII\)[\s\S]*Alpha ├─+►│ Beta[\s\S]*AFTER-DIAGRAM/, calls: 2 }],
  },
  {
    // Subagents' collaboration overlay: /agents opens its list of agents and messages; Esc closes it.
    pkg: "@baochunli/pi-collaborating-agents@0.4.6",
    turns: [
      { say: "/agents", see: /Agents and Messages[\s\S]*Choose focus target[\s\S]*\(you\) • mockllm\/mock-1/ },
      { keys: ["Escape"], gone: /Agents and Messages/ },
    ],
  },
  {
    // A tool: the model fetches a page served on 127.0.0.1, the one address a test may serve. Its
    // SSRF guard refuses it (also with ssrf.allowRanges in web-search.json): the same refusal, drawn
    // by its own renderer, in both, and the run goes on.
    pkg: "pi-web-access@0.28.0",
    rootFiles: { "config/pi/web-search.json": JSON.stringify({ ssrf: { allowRanges: ["127.0.0.0/8"] } }) },
    serve:
      "<html><head><title>Corpus page</title></head><body><article><h1>Corpus heading</h1><p>PAGE-BODY-MARK is the text of this page, long enough to be read as an article by a readability pass.</p></article></body></html>",
    steps: [{ tool: "fetch_content", args: { url: "<url>", mode: "raw" } }, { text: "FETCHED-DONE" }],
    turns: [
      {
        say: "fetch the page",
        see: /Blocked internal address for 127\.0\.0\.1[\s\S]*urls: 0\/1 succeeded[\s\S]*FETCHED-DONE/,
        calls: 2,
      },
    ],
  },
  {
    // A tool and a command: the model starts a background process; /ps lists it.
    pkg: "@aliou/pi-processes@0.12.0",
    steps: [
      { tool: "process", args: { action: "start", name: "ticker", command: "echo PROC-OUT; sleep 60" } },
      { text: "STARTED-DONE" },
    ],
    turns: [
      { say: "start the ticker", see: /STARTED-DONE/, calls: 2 },
      { say: "/ps", see: /Processes[\s\S]*ticker\s+proc_\w+\s+running[\s\S]*PROC-OUT/, then: ["q"] },
    ],
  },
  {
    // MCP: a stdio server from the project's .mcp.json, its tool called through the adapter's proxy.
    pkg: "pi-mcp-adapter@2.36.0",
    files: {
      "echo-mcp.cjs": ECHO_MCP,
      ".mcp.json": JSON.stringify({ mcpServers: { echo: { command: "node", args: ["echo-mcp.cjs"] } } }),
    },
    steps: [{ tool: "mcp", args: { tool: "echo_shout", args: { text: "quiet" } } }, { text: "MCP-DONE" }],
    turns: [{ say: "shout quiet", see: /QUIET-SHOUTED[\s\S]*MCP-DONE/, calls: 2 }],
  },
  {
    // Subagents: /run sends one agent off with a task. Its children need Pi's newer host packages
    // (@earendil-works/chord, pi-agent-core/node), which the hosted Pi 1.6 does not have: pi
    // refuses the run, and the scenario checks that xagent says the same.
    pkg: "pi-subagents@0.67.0",
    turns: [
      {
        say: "/run scout say hello",
        see: /Failed to start async run[\s\S]*does not provide @earendil-works\/pi-agent-core\/node/,
      },
    ],
  },
  {
    // A theme helper: /system-theme opens its settings (which dark and light theme to follow).
    pkg: "pi-sync-system-theme@0.2.5",
    turns: [
      { say: "/system-theme", see: /pi-sync-system-theme[\s\S]*Dark theme: dark[\s\S]*Light theme: light/ },
      { keys: ["Escape"], gone: /Poll interval/ },
    ],
  },
  {
    // A theme helper for the desktop's setting (GNOME's gsettings on Linux): /system-theme.
    pkg: "pi-system-theme@0.5.0",
    turns: [
      { say: "/system-theme", see: /pi-system-theme\W*\n[\s\S]*Dark theme: \w+[\s\S]*Light theme: \w+/ },
      { keys: ["Escape"], gone: /Poll interval/ },
    ],
  },
  {
    // UI: /preview renders the last reply; it needs pandoc (and a Chrome for images), which this
    // machine lacks: both programs say so the same way.
    pkg: "pi-markdown-preview@0.16.0",
    steps: [{ text: "# Title\n\nSome PREVIEW-TEXT." }],
    turns: [
      { say: "write a title", see: /PREVIEW-TEXT/, calls: 1 },
      { say: "/preview", see: /Markdown preview \(1\/1\)[\s\S]*\[Image: \[image\/png\]/ },
    ],
  },
  {
    // A provider plugin with no `pi` manifest and no conventional folders: nothing of it loads,
    // so a message reaches the model with the programs' own tools alone.
    pkg: "@agentuity/pi@2.0.21",
    steps: [{ text: "PLAIN-REPLY" }],
    turns: [{ say: "hello there", see: /PLAIN-REPLY/, calls: 1 }],
  },
]
