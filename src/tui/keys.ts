// The window's key bindings, in one place so /help and the handlers agree.

export const KEYS = {
  quit: { label: "Ctrl+C twice", help: "Quit (once: clear the prompt)" },
  eof: { label: "Ctrl+D", help: "Quit when the prompt is empty" },
  interrupt: { label: "Esc", help: "Stop the running reply or ! command" },
  newline: { label: "Shift+Enter, Ctrl+J, \\ Enter", help: "New line in the prompt" },
  thinking: { label: "Ctrl+T", help: "Show or hide all thinking" },
  tools: { label: "Ctrl+O", help: "Expand or collapse tool output and long messages" },
  mouse: { label: "Ctrl+S", help: "Mouse capture on/off (off: the terminal selects text)" },
  page: { label: "PgUp/PgDn", help: "Scroll the transcript" },
  ends: { label: "Ctrl+Home/End", help: "Top or bottom of the transcript" },
  steer: { label: "Alt+Enter", help: "While running: steer the current reply" },
  dequeue: { label: "Alt+↑", help: "Take queued messages back into the prompt" },
} as const
