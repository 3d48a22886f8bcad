// What every example extension that ships with the hosted Pi does in xagent, and which test in
// test/compat/ proves it. docs/pi-compatibility.md is generated from this table and the installed
// package (`npm run compat:table`); test/compat/table.test.ts fails when the two disagree, when an
// installed example has no row (a new Pi brought it: it shows up as "untested"), or when a row
// claims a verdict without a test that names the example.
export type Verdict = "works" | "partly" | "not" | "untestable" | "untested"

export interface Entry {
  verdict: Verdict
  /** The file under test/compat/ whose tests exercise the example (required unless untested). */
  test?: string
  /** Why it is not "works" (what the person sees, what is missing); for "works", what was checked. */
  note: string
}

// One row per line (notes run long), so that rows edited apart merge apart.
// prettier-ignore
export const EXAMPLES: Record<string, Entry> = {
  "auto-commit-on-exit.ts": { verdict: "untested", note: "" },
  "bash-spawn-hook.ts": { verdict: "untested", note: "" },
  "bookmark.ts": { verdict: "untested", note: "" },
  "border-status-editor.ts": { verdict: "untested", note: "" },
  "built-in-tool-renderer.ts": { verdict: "untested", note: "" },
  "claude-rules.ts": { verdict: "untested", note: "" },
  "commands.ts": { verdict: "untested", note: "" },
  "confirm-destructive.ts": { verdict: "untested", note: "" },
  "custom-compaction.ts": { verdict: "untested", note: "" },
  "custom-footer.ts": { verdict: "untested", note: "" },
  "custom-header.ts": { verdict: "untested", note: "" },
  "custom-provider-anthropic": { verdict: "untested", note: "" },
  "custom-provider-gitlab-duo": { verdict: "untested", note: "" },
  "debug-provider.ts": { verdict: "untested", note: "" },
  "dirty-repo-guard.ts": { verdict: "untested", note: "" },
  "doom-overlay": { verdict: "untested", note: "" },
  "dynamic-resources": { verdict: "untested", note: "" },
  "dynamic-tools.ts": { verdict: "untested", note: "" },
  "entry-renderer.ts": { verdict: "untested", note: "" },
  "event-bus.ts": { verdict: "untested", note: "" },
  "file-trigger.ts": { verdict: "untested", note: "" },
  "git-checkpoint.ts": { verdict: "untested", note: "" },
  "git-merge-and-resolve.ts": { verdict: "untested", note: "" },
  "github-issue-autocomplete.ts": { verdict: "untested", note: "" },
  gondolin: { verdict: "untested", note: "" },
  "handoff.ts": { verdict: "untested", note: "" },
  "hello.ts": { verdict: "untested", note: "" },
  "hidden-thinking-label.ts": { verdict: "untested", note: "" },
  "inline-bash.ts": { verdict: "untested", note: "" },
  "input-transform-streaming.ts": { verdict: "untested", note: "" },
  "input-transform.ts": { verdict: "untested", note: "" },
  "interactive-shell.ts": { verdict: "untested", note: "" },
  "jev-router.ts": { verdict: "untested", note: "" },
  "mac-system-theme.ts": { verdict: "untested", note: "" },
  "message-renderer.ts": { verdict: "untested", note: "" },
  "minimal-mode.ts": { verdict: "untested", note: "" },
  "modal-editor.ts": { verdict: "untested", note: "" },
  "model-status.ts": { verdict: "untested", note: "" },
  "notify.ts": { verdict: "untested", note: "" },
  "overlay-qa-tests.ts": { verdict: "untested", note: "" },
  "overlay-test.ts": { verdict: "works", test: "overlay-test.test.tsx", note: "the overlay is 70 wide and centred over the page; it takes typed text and Enter" },
  "permission-gate.ts": { verdict: "works", test: "permission-gate.test.tsx", note: "rm -rf asks Allow?; No blocks it with the reason" },
  "pirate.ts": { verdict: "works", test: "pirate.test.tsx", note: "/pirate toggles the system prompt's pirate instructions" },
  "plan-mode": { verdict: "works", test: "plan-mode.test.tsx", note: "Ctrl+Alt+P, read-only tools, Execute the plan, 📋 and ☑ progress as in pi; --plan in test/cli/extension-flags" },
  "preset.ts": { verdict: "works", test: "preset.test.tsx", note: "/preset picker, /preset fast, Ctrl+Shift+U cycles; --preset fast in test/cli/extension-flags" },
  "project-trust.ts": { verdict: "not", test: "project-trust.test.tsx", note: "xagent has no project trust step: a project's .pi resources load without asking, project_trust never fires, so the example's 'Project trust for: <cwd>' choice never shows (only its session_start notice); needs xagent to resolve trust before the session opens, with the prompt in a window that is not attached yet" },
  "prompt-customizer.ts": { verdict: "works", test: "prompt-customizer.test.tsx", note: "the tool guidance section reaches the model" },
  "protected-paths.ts": { verdict: "works", test: "protected-paths.test.tsx", note: "a write to .env is blocked with the warning; the file is not written" },
  "provider-payload.ts": { verdict: "works", test: "provider-payload.test.ts", note: "a daemon session appends each payload and [200] headers to <project>/.pi/provider-payload.log" },
  "qna.ts": { verdict: "works", test: "qna.test.tsx", note: "the loader shows while the model extracts; Esc cancels" },
  "question.ts": { verdict: "works", test: "question.test.tsx", note: "the question is answered in the window; the model reads the answer" },
  "questionnaire.ts": { verdict: "works", test: "questionnaire.test.tsx", note: "the questions are answered in the window; the tool's own rows" },
  "rainbow-editor.ts": { verdict: "untested", note: "" },
  "reload-runtime.ts": { verdict: "works", test: "reload-runtime.test.tsx", note: "/reload-runtime and the reload_runtime tool reload; the window now says Reloaded …, as pi does" },
  "rpc-demo.ts": { verdict: "works", test: "rpc-demo.test.tsx", note: "its widget, status, input, editor, prefill, the select on sudo and the confirm on /new all reach the window" },
  "send-user-message.ts": { verdict: "works", test: "send-user-message.test.tsx", note: "/ask and /askwith start a turn; /followup queues one while a reply runs" },
  "session-name.ts": { verdict: "works", test: "session-name.test.tsx", note: "/session-name names the session; the status bar shows the name" },
  "shutdown-command.ts": { verdict: "works", test: "shutdown-command.test.ts", note: "finish_and_exit ends the session after the reply; /quit at once" },
  "snake.ts": { verdict: "works", test: "snake.test.tsx", note: "playable: the board replaces the composer, Esc pauses, a key resumes, Q quits" },
  "space-invaders.ts": { verdict: "works", test: "space-invaders.test.tsx", note: "playable: the board replaces the composer, Esc pauses, a key resumes, Q quits" },
  "ssh.ts": { verdict: "works", test: "ssh.test.ts", note: "--ssh me@box:/path: read, bash and ! commands go through ssh to the remote folder (its tools win over xagent's now)" },
  "status-line.ts": { verdict: "works", test: "status-line.test.tsx", note: "Ready, then ✓ Turn 1 complete in the status bar (extension segments now outlast the token counts)" },
  "structured-output.ts": { verdict: "works", test: "structured-output.test.tsx", note: "the run ends on the tool (no second model call); its row is the extension's renderResult" },
  subagent: { verdict: "works", test: "subagent.test.ts", note: "the tool re-runs xagent -p --mode json with the agent's prompt, tools and task; the child's answer comes back" },
  "summarize.ts": { verdict: "works", test: "summarize.test.tsx", note: "with openai/gpt-5.2 (faked here), the summary shows in its own component; Enter closes it" },
  "system-prompt-header.ts": { verdict: "works", test: "system-prompt-header.test.tsx", note: "System: N chars in the status bar, N as the model got it" },
  "tic-tac-toe.ts": { verdict: "works", test: "tic-tac-toe.test.tsx", note: "arrows and Enter play X; the agent's tool calls play O on the same board" },
  "timed-confirm.ts": { verdict: "works", test: "timed-confirm.test.tsx", note: "the confirm and the select show their countdown; answering in time says so" },
  "titlebar-spinner.ts": { verdict: "works", test: "titlebar-spinner.test.ts", note: "the terminal title spins ⠹ π - <folder> while a reply runs, then π - <folder>, as Pi writes it (no xagent · prefix)" },
  "todo.ts": { verdict: "works", test: "todo.test.tsx", note: "/todos shows the list; the tool's rows are its own renderers'" },
  "tool-override.ts": { verdict: "works", test: "tool-override.test.tsx", note: "its read replaces the built-in (xagent's sandboxed read gave way to it): logged, .env refused, /read-log" },
  "tools.ts": { verdict: "works", test: "tools.test.tsx", note: "the picker turns a tool off; the model is no longer offered it" },
  "trigger-compact.ts": { verdict: "works", test: "trigger-compact.test.tsx", note: "/trigger-compact: Compaction started, then completed; the status bar says ctx ?" },
  "truncated-tool.ts": { verdict: "works", test: "truncated-tool.test.tsx", note: "rg (installed by .ci/run) cut to Pi's limits, the whole output in a temp file; its own call and result rows" },
  "widget-placement.ts": { verdict: "works", test: "widget-placement.test.tsx", note: "one widget above the composer, one below" },
  "with-deps": { verdict: "works", test: "with-deps.test.tsx", note: "its own node_modules (ms) resolve; the tool answers" },
  "working-indicator.ts": { verdict: "works", test: "working-indicator.test.tsx", note: "its frames replace the spinner; /working-indicator dot, none; the status names the mode" },
  "working-message-test.ts": { verdict: "works", test: "working-message-test.test.tsx", note: "● Working... (custom) on every reply, as text, not escape codes" },
}
