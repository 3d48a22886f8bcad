// The scenarios both programs are run through: the shapes real providers send (text, thinking, tool
// calls alone, after text, in parallel; failures; long outputs; aborts; compaction). Each turn is
// a prompt typed and the number of model calls it makes. `differs` names, in one line, where xagent
// shows something else on purpose; `expect` turns Pi's items into exactly what xagent shows then.
import type { Step } from "../../fixture/mockllm"
import type { Item } from "./items"

export interface Turn {
  say: string
  /** Model calls this turn makes (each step of the script is one). */
  calls: number
  /** Press Esc once this text is on screen (a running tool's row). */
  abortOn?: string
  /** A slash command: not a message to the model, so not a user item. */
  command?: boolean
}

/** What the person sent as messages, in order. */
export const messages = (s: Scenario) => s.turns.filter((t) => !t.command).map((t) => t.say)

export interface Scenario {
  name: string
  steps: Step[]
  turns: Turn[]
  /** Tokens a second (2000 unless pace matters). */
  tps?: number
  /** settings.json fields for both programs. */
  settings?: Record<string, unknown>
  /** Project files besides the default ones. */
  files?: Record<string, string>
  /** Full screen pane height, when the transcript is taller than the default. */
  rows?: number
  differs?: { why: string; expect: (pi: Item[]) => Item[] }
}

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i % 10}`).join(" ")
const paragraph = (i: number) => `Paragraph ${i} opens here and ${words(40, "word")} and paragraph ${i} closes here.`
const pythonFile = Array.from({ length: 100 }, (_, i) => `    total_${i} = compute(${i}, factor=${i * 3})`).join("\n")

/** For ls and grep xagent prints a count on the row (`2 entries`, `1 match`) and the list on Ctrl+O. */
const countsOnly: Scenario["differs"] = {
  why: "xagent sums up ls and grep results on the row (`2 entries`, `1 match`) where pi lists them",
  expect: (pi) =>
    pi.map((it) => (it.kind === "tool" && (it.name === "ls" || it.name === "grep") ? { ...it, out: {} } : it)),
}

const one = (say: string, calls: number): Turn[] => [{ say, calls }]

export const SCENARIOS: Scenario[] = [
  { name: "text only", steps: [{ text: "Hello! How can I help you today?" }], turns: one("say hello", 1) },
  {
    name: "long multi-paragraph text",
    steps: [{ text: [1, 2, 3, 4, 5, 6].map(paragraph).join("\n\n") }],
    turns: one("write six paragraphs", 1),
  },
  {
    name: "a 100-line fenced code block",
    steps: [{ text: `Here is the file:\n\n\`\`\`python\ndef main():\n${pythonFile}\n\`\`\`\n\nDone.` }],
    turns: one("show me the file", 1),
    rows: 160,
  },
  {
    name: "thinking then text",
    steps: [{ reasoning: "The user wants a greeting. I will keep it short.", text: "Hi there, short and sweet." }],
    turns: one("greet me", 1),
  },
  {
    name: "text and a tool call in one message",
    steps: [{ text: "Let me run it.", tool: "bash", args: { command: "echo ran-it" } }, { text: "Finished." }],
    turns: one("run it", 2),
  },
  {
    name: "thinking and a tool call",
    steps: [
      { reasoning: "I should read the code first.", tool: "read", args: { path: "src/app.js" } },
      { text: "The file defines add()." },
    ],
    turns: one("what does app.js do", 2),
  },
  {
    name: "thinking, text and parallel tool calls",
    steps: [
      {
        reasoning: "Several looks at once will be faster.",
        text: "I will look at several things.",
        tools: [
          { tool: "read", args: { path: "notes.txt" } },
          { tool: "ls", args: { path: "src" } },
          { tool: "grep", args: { pattern: "beta", path: "notes.txt" } },
          { tool: "find", args: { pattern: "*.js" } },
        ],
      },
      { text: "Looked at all four." },
    ],
    turns: one("look around", 2),
    differs: countsOnly,
  },
  {
    name: "a tool call alone",
    steps: [{ tool: "bash", args: { command: "echo alone" } }, { text: "It printed alone." }],
    turns: one("tool only", 2),
  },
  {
    name: "bash that fails",
    steps: [
      { text: "Trying the command.", tool: "bash", args: { command: "echo failing; exit 3" } },
      { text: "It exited with 3." },
    ],
    turns: one("run the failing command", 2),
  },
  {
    name: "a tool that errors (read of a missing file)",
    steps: [{ text: "Reading it.", tool: "read", args: { path: "missing.txt" } }, { text: "No such file." }],
    turns: one("read missing.txt", 2),
  },
  {
    name: "edit with a diff",
    steps: [
      {
        text: "Making add numeric.",
        tool: "edit",
        args: { path: "src/app.js", edits: [{ oldText: "return a + b", newText: "return Number(a) + Number(b)" }] },
      },
      { text: "Edited." },
    ],
    turns: one("make add numeric", 2),
  },
  {
    name: "write a new file",
    steps: [
      { text: "Writing it.", tool: "write", args: { path: "out.txt", content: "one\ntwo\nthree\n" } },
      { text: "Wrote out.txt." },
    ],
    turns: one("write out.txt", 2),
  },
  {
    name: "bash with more lines than the screen",
    steps: [{ text: "Counting now.", tool: "bash", args: { command: "seq 1 200" } }, { text: "Counted to 200." }],
    turns: one("count to 200", 2),
  },
  {
    name: "several prompts in one session",
    steps: [
      { text: "First answer.", tool: "bash", args: { command: "echo first" } },
      { text: "endA" },
      { text: "Second answer, with a longer sentence of some twenty words to see whether it stays put." },
      { text: "Third.", tool: "read", args: { path: "notes.txt" } },
      { text: "endC" },
    ],
    turns: [
      { say: "prompt A", calls: 2 },
      { say: "prompt B", calls: 1 },
      { say: "prompt C", calls: 2 },
    ],
  },
  {
    name: "unicode and wide characters",
    steps: [
      {
        text: "Unicode: 日本語のテキスト, 한국어, émoji 🎉 and arrows → ←.",
        tool: "bash",
        args: { command: "echo 漢字 ✓" },
      },
      { text: "Wide done: 中文 ok." },
    ],
    turns: one("show unicode", 2),
  },
  {
    name: "markdown: headings, lists, quote, inline code",
    steps: [
      {
        text: "# Title\n\nSome *emphasis*, **bold** and `code`.\n\n## Steps\n\n1. first\n2. second\n\n- bullet one\n- bullet two\n\n> a quoted line\n\nEnd of note.",
      },
    ],
    turns: one("format a note", 1),
  },
  {
    name: "an Esc abort of a running turn",
    steps: [
      { text: "Starting a slow one.", tool: "bash", args: { command: "sleep 30; echo never" } },
      { text: "After the abort." },
    ],
    turns: [
      { say: "run the slow one", calls: 1, abortOn: "sleep 30; echo never" },
      { say: "again", calls: 1 },
    ],
  },
  {
    name: "a chain of tool calls, text before each",
    steps: [
      { text: "First I list.", tool: "bash", args: { command: "ls src" } },
      { text: "Then I read.", tool: "read", args: { path: "src/app.js" } },
      {
        text: "Then I edit.",
        tool: "edit",
        args: { path: "src/app.js", edits: [{ oldText: "a + b", newText: "b + a" }] },
      },
      { text: "All three steps done." },
    ],
    turns: one("list, read, edit", 4),
  },
  {
    name: "ls, grep and find with results",
    steps: [
      {
        tools: [
          { tool: "ls", args: { path: "." } },
          { tool: "grep", args: { pattern: "return", path: "src" } },
          { tool: "find", args: { pattern: "*.txt" } },
        ],
      },
      { text: "Found them." },
    ],
    turns: one("search the project", 2),
    differs: countsOnly,
  },
  {
    name: "multi-paragraph thinking",
    steps: [
      {
        reasoning: `First, ${words(30, "consider")}.\n\nSecond, ${words(30, "weigh")}.`,
        text: "After long thought: yes.",
      },
    ],
    turns: one("think hard", 1),
  },
  {
    name: "parallel bash calls",
    steps: [
      {
        text: "Three at once.",
        tools: [
          { tool: "bash", args: { command: "echo one" } },
          { tool: "bash", args: { command: "echo two" } },
          { tool: "bash", args: { command: "echo three" } },
        ],
      },
      { text: "All three ran." },
    ],
    turns: one("run three", 2),
  },
  {
    name: "bash with no output",
    steps: [{ text: "Quietly.", tool: "bash", args: { command: "true" } }, { text: "Nothing printed." }],
    turns: one("run true", 2),
  },
  {
    name: "write a long file",
    steps: [
      {
        text: "Writing forty lines.",
        tool: "write",
        args: { path: "long.txt", content: Array.from({ length: 40 }, (_, i) => `row ${i + 1}`).join("\n") + "\n" },
      },
      { text: "Wrote long.txt." },
    ],
    turns: one("write a long file", 2),
  },
  {
    name: "read with offset and limit",
    files: { "big.txt": Array.from({ length: 50 }, (_, i) => `big line ${i + 1}`).join("\n") + "\n" },
    steps: [
      { text: "Reading part.", tool: "read", args: { path: "big.txt", offset: 10, limit: 5 } },
      { text: "Read five lines." },
    ],
    turns: one("read part of big.txt", 2),
  },
  {
    name: "edit with two changes",
    steps: [
      {
        tool: "edit",
        args: {
          path: "notes.txt",
          edits: [
            { oldText: "alpha", newText: "ALPHA" },
            { oldText: "gamma", newText: "GAMMA" },
          ],
        },
      },
      { text: "Both changed." },
    ],
    turns: one("shout two words", 2),
  },
  {
    name: "a long reply after a tool-only message",
    steps: [{ tool: "bash", args: { command: "echo data" } }, { text: [1, 2, 3].map(paragraph).join("\n\n") }],
    turns: one("fetch then explain", 2),
  },
  {
    name: "compaction: /compact, the model writing the summary",
    settings: { compaction: { enabled: true, reserveTokens: 16384, keepRecentTokens: 1 } },
    steps: [
      { text: "First reply, before compacting." },
      { text: "Second reply, also before." },
      // Keeping only the last token splits the last turn: Pi asks for its summary and the turn's.
      { text: "## Goal\nSummary of the talk so far." },
      { text: "The turn so far." },
      { text: "A reply after compacting." },
    ],
    turns: [
      { say: "first question", calls: 1 },
      { say: "second question", calls: 1 },
      { say: "/compact", calls: 2, command: true },
      { say: "third question", calls: 1 },
    ],
    differs: {
      why: "pi redraws its chat after compacting, from what the model still sees; xagent keeps the turns before",
      expect: (pi) => [
        { kind: "user", text: "first question" },
        { kind: "text", text: "First reply, before compacting." },
        { kind: "user", text: "second question" },
        ...pi,
      ],
    },
  },
  {
    name: "a model HTTP error",
    steps: [{ error: { status: 500, message: "overloaded" } }, { text: "Fine this time." }],
    turns: [
      { say: "ask once", calls: 1 },
      { say: "ask again", calls: 1 },
    ],
  },
  {
    name: "a retry: an error, then success",
    settings: { retry: { enabled: true, maxRetries: 2, baseDelayMs: 100, provider: { maxRetries: 0 } } },
    steps: [{ error: { status: 503, message: "overloaded, try later" } }, { text: "Recovered after a retry." }],
    turns: one("ask with retries", 2),
    differs: {
      why: "xagent keeps a `⚠ Retrying (1/2) …` row in the transcript; pi says it on its working line only",
      expect: (pi) =>
        pi.flatMap((it) =>
          it.kind === "notice" && it.text.startsWith("error: ")
            ? [it, { kind: "notice", text: it.text.replace(/^error: /, "retrying: ") }]
            : [it],
        ),
    },
  },
  {
    name: "a stream that errors mid-message",
    steps: [{ text: "Partial answer before the", streamError: "connection reset by peer" }, { text: "Whole now." }],
    turns: [
      { say: "stream something", calls: 1 },
      { say: "once more", calls: 1 },
    ],
  },
  {
    name: "a reply cut at the length limit",
    steps: [{ text: "This reply runs on and is cut", finish: "length" }],
    turns: one("write a lot", 1),
  },
]
