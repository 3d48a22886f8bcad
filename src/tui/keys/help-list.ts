// The window's keys as /help lists them, in the README's words and order (a test holds the two
// lists together), so /help and the README agree.

export const KEYS = {
  send: { label: "Enter", help: "Send the message" },
  newline: { label: "Shift+Enter, Ctrl+J, \\ Enter", help: "New line in the prompt" },
  queue: { label: "Enter while a reply runs", help: "Queue the message as a follow-up" },
  steer: { label: "Alt+Enter, Ctrl+Enter", help: "While a reply runs: steer it; on an idle prompt: send, as in Pi" },
  dequeue: { label: "Alt+↑", help: "Take queued messages back into the prompt" },
  followUp: {
    label: "Alt+↓, a click on a queued row",
    help: "Edit, send now or remove one queued message (/follow-up)",
  },
  interrupt: { label: "Esc", help: "Stop the running reply or ! command" },
  rewind: { label: "Esc twice on an empty prompt", help: "Rewind to before an earlier message" },
  history: { label: "↑ / ↓", help: "Prompt history of this folder" },
  bash: { label: "!cmd", help: "Run a shell command as a turn of its own" },
  quietBash: { label: "!!cmd", help: "The same, with its output kept out of the model's context" },
  outside: { label: "!outside cmd", help: "Run that one command outside the sandbox, once you approve it" },
  files: { label: "@", help: "Complete a file path" },
  skills: { label: "$", help: "At a word's start: a loaded skill; a sent $name requires it" },
  palette: { label: "/", help: "Command palette" },
  planMode: { label: "Shift+Tab", help: "Plan mode on/off for the next message (an ACP agent: its next mode)" },
  planCard: {
    label: "Alt+I, Alt+A, Alt+K, Alt+E",
    help: "On the plan card: Implement, auto-accept, Keep planning, Edit in $EDITOR",
  },
  page: { label: "PageUp / PageDown, mouse wheel", help: "Scroll the transcript" },
  ends: { label: "Ctrl+Home / Ctrl+End", help: "Top or bottom of the transcript" },
  cycleModel: { label: "Ctrl+P, Shift+Ctrl+P", help: "Next / previous model (Pi's enabledModels, else all usable)" },
  modelSelect: { label: "Ctrl+L", help: "Choose the model, as /model" },
  thinking: { label: "Ctrl+T", help: "Show or hide all thinking" },
  tools: { label: "Ctrl+O", help: "Expand or collapse tool output and long messages" },
  mouse: { label: "Ctrl+S", help: "Mouse capture on/off (off: the terminal selects text)" },
  quit: { label: "Ctrl+C", help: "Clear the prompt; pressed twice, quit" },
  eof: { label: "Ctrl+D", help: "Quit when the prompt is empty" },
  extension: { label: "an extension's key", help: "Runs what a Pi extension registered for it (pi.registerShortcut)" },
  image: { label: "Ctrl+V", help: "Attach the clipboard's image (or drop an image file)" },
} as const
