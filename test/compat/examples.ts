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
  "auto-commit-on-exit.ts": { verdict: "works", test: "auto-commit-on-exit.test.tsx", note: "in a daemon: closing the last window ends the idle session; its shutdown commits the project's changes as [pi] <reply's first line>" },
  "bash-spawn-hook.ts": { verdict: "works", test: "bash-spawn-hook.test.tsx", note: "in a daemon the model's bash is the extension's: runs in the project, ~/.profile sourced, PI_SPAWN_HOOK=1 (fixed: xagent's own bash no longer outranks an extension's)" },
  "bookmark.ts": { verdict: "works", test: "bookmark.test.tsx", note: "/bookmark labels the last reply ([mymark] in /tree), /unbookmark removes it" },
  "border-status-editor.ts": { verdict: "works", test: "border-status-editor.test.ts", note: "its editor takes the composer's place with the model and thinking level on its border; keys reach it, Enter sends" },
  "built-in-tool-renderer.ts": { verdict: "works", test: "built-in-tool-renderer.test.tsx", note: "in a daemon write/edit/read/bash act on the project's files and show the extension's compact rows (fixed with bash-spawn-hook)" },
  "claude-rules.ts": { verdict: "works", test: "claude-rules.test.tsx", note: "\"Found 2 rule(s)\" at startup; the rules are listed in the system prompt" },
  "commands.ts": { verdict: "works", test: "commands.test.tsx", note: "/commands lists the commands by source in a select; choosing one and Yes shows its source path" },
  "confirm-destructive.ts": { verdict: "works", test: "confirm-destructive.test.tsx", note: "/new asks \"Clear session?\" and declining keeps it; /fork asks and \"No\" cancels" },
  "custom-compaction.ts": { verdict: "works", test: "custom-compaction.test.tsx", note: "in a daemon with google/gemini-2.5-flash in models.json (the scripted model): /compact shows its notices, the summary request is the extension's and its summary is the compaction's" },
  "custom-footer.ts": { verdict: "works", test: "custom-footer.test.tsx", note: "/footer: the extension's footer (tokens, cost, model, git branch) in the status bar's place, redrawn as replies come; /footer again restores it" },
  "custom-header.ts": { verdict: "works", test: "custom-header.test.tsx", note: "the ASCII header set at session start is drawn above the transcript; /builtin-header restores the window's" },
  "custom-provider-anthropic": { verdict: "untestable", test: "missing-packages.test.tsx", note: "needs npm install in its folder (@anthropic-ai/sdk, a download) and a Claude Pro/Max sign-in (paid); without the package it cannot load in pi either: the window shows the load failure and the session goes on" },
  "custom-provider-gitlab-duo": { verdict: "works", test: "custom-provider-gitlab-duo.test.tsx", note: "its nine gitlab-duo models are offered in /model (no key), as in pi; a reply would need a GitLab Duo token (paid, network)" },
  "debug-provider.ts": { verdict: "works", test: "debug-provider.test.tsx", note: "in a daemon: /debug-provider on sets its status; after a turn the raw provider events show as its entry card, expanded as JSON (fixed with entry-renderer)" },
  "dirty-repo-guard.ts": { verdict: "works", test: "dirty-repo-guard.test.tsx", note: "/new in a dirty repository asks, \"No\" keeps the session; clean, no question" },
  "doom-overlay": { verdict: "untestable", test: "doom-overlay.test.tsx", note: "needs the shareware WAD, which it downloads (network) into its folder inside node_modules; only its loading and /doom-overlay command are checked (the overlay machinery it uses is overlay-qa-tests' /overlay-animation)" },
  "dynamic-resources": { verdict: "works", test: "dynamic-resources.test.tsx", note: "its skill (/skill:dynamic-resources) and prompt (/dynamic) are offered and reach the model; its theme is listed by /theme (with its file) and draws in its own colours when chosen" },
  "dynamic-tools.ts": { verdict: "works", test: "dynamic-tools.test.tsx", note: "echo_session registered at start (notice shown), /add-echo-tool adds a tool; the model gets and calls both" },
  "entry-renderer.ts": { verdict: "works", test: "entry-renderer.test.tsx", note: "/status-card's custom entry is drawn by the extension's entry renderer (expanded with Ctrl+O), never sent to the model, shown again on resume (fixed: entry renderers were ignored)" },
  "event-bus.ts": { verdict: "works", test: "event-bus.test.tsx", note: "the startup event's notice shows; /emit's message comes back over pi.events" },
  "file-trigger.ts": { verdict: "works", test: "file-trigger.test.tsx", note: "text written to /tmp/agent-trigger.txt arrives as \"External trigger: …\" and starts a turn; the file is emptied" },
  "git-checkpoint.ts": { verdict: "works", test: "git-checkpoint.test.tsx", note: "each turn's git stash create snapshots the session's repository; /fork after the run forks without a restore question (checkpoints end with the run, as in pi)" },
  "git-merge-and-resolve.ts": { verdict: "works", test: "git-merge-and-resolve.test.tsx", note: "after a run in a clean checkout it fetches and merges the upstream; the conflicts reach the model as a follow-up it answers" },
  "github-issue-autocomplete.ts": { verdict: "works", test: "github-issue-autocomplete.test.tsx", note: "in a daemon, a GitHub checkout (gh answered by a script on PATH): #1 offers issue #12, Tab completes it; outside a repository its error notice shows" },
  gondolin: { verdict: "untestable", test: "missing-packages.test.tsx", note: "needs npm install in its folder (@earendil-works/gondolin, which fetches a VM image) and QEMU; without them it cannot load in pi either: the window shows the load failure and Pi's tools run on the host" },
  "handoff.ts": { verdict: "works", test: "handoff.test.tsx", note: "/handoff <goal>: the loader while the model writes, the prompt in an editor, Ctrl+S starts a new session with the edited prompt in the composer and \"Handoff ready\"" },
  "hello.ts": { verdict: "works", test: "hello.test.tsx", note: "the model calls the hello tool; its greeting is the result" },
  "hidden-thinking-label.ts": { verdict: "works", test: "hidden-thinking-label.test.tsx", note: "folded thinking labelled \"Pondering...\" from session start; /thinking-label Musing relabels; no argument restores the default label (as pi does)" },
  "inline-bash.ts": { verdict: "works", test: "inline-bash.test.tsx", note: "!{cmd} in a prompt is replaced by its output (run in the project) before the model sees it; the expansion notice shows" },
  "input-transform-streaming.ts": { verdict: "works", test: "input-transform-streaming.test.tsx", note: "a prompt about changes gets git diff --stat appended before the model" },
  "input-transform.ts": { verdict: "works", test: "input-transform.test.tsx", note: "ping answered \"pong\" without the model; ?quick rewritten before the model" },
  "interactive-shell.ts": { verdict: "works", test: "interactive-shell.test.ts", note: "!i cmd / !vim f run on the person's terminal: the window that sent it lends its tty to the session host (renderer suspended) and draws again after, with the result; no terminal (detached, no window) fails the command with the reason. Ctrl+C stops the command under the daemon too (the terminal sends it to the window, which passes it on to the host's processes on its terminal); inline, the command's output stays and the window comes back below it; the session's other windows wait until it ends (its spawnSync blocks the host, as it blocks pi)" },
  "jev-router.ts": { verdict: "works", test: "jev-router.test.tsx", note: "jev/auto offered in /model and chosen (status bar: Auto (Jev)); without a ChatGPT/Codex sign-in a prompt ends in the clear routing error, as in pi" },
  "mac-system-theme.ts": { verdict: "untestable", test: "mac-system-theme.test.tsx", note: "needs macOS (osascript: the system appearance every 2 s); on Linux osascript fails and it asks for the light theme once at start (ctx.ui.setTheme reaches the window); it loads and the session works" },
  "message-renderer.ts": { verdict: "works", test: "message-renderer.test.tsx", note: "/status [warn] <text>: drawn by the extension's renderer ([WARN]/[INFO], the time when expanded), not the generic card; the model gets the message" },
  "minimal-mode.ts": { verdict: "works", test: "minimal-mode.test.tsx", note: "in a daemon: its read/bash (on the project) show only the calls collapsed and the whole output with Ctrl+O (fixed with bash-spawn-hook)" },
  "modal-editor.ts": { verdict: "works", test: "modal-editor.test.ts", note: "vim-like INSERT/NORMAL modes: Esc, i/a, 0/$/x motions and deletes, arrows and Backspace reach it; Enter sends" },
  "model-status.ts": { verdict: "works", test: "model-status.test.tsx", note: "/model to another model: the extension's notice and 🤖 model in the status bar" },
  "notify.ts": { verdict: "works", test: "notify.test.tsx", note: "in a daemon: the OSC 777 \"Ready for input\" written when the run settles reaches the window's terminal, not the daemon's log" },
  "overlay-qa-tests.ts": { verdict: "works", test: "overlay-qa-tests.test.tsx", note: "all 13 commands: animation redraws, anchors/margins/percent/edge placed as pi-tui places them, stack closes front first, overflow cut to width, maxHeight, toggle (setHidden), sidepanel visible(), passive panel takes no keys, focus/streaming: handle.focus() moves the keys and the top (fixed: focus()/unfocus() were no-ops, every panel said FOCUSED)" },
  "overlay-test.ts": { verdict: "works", test: "overlay-test.test.tsx", note: "the overlay is 70 wide and centred over the page; it takes typed text and Enter" },
  "permission-gate.ts": { verdict: "works", test: "permission-gate.test.tsx", note: "rm -rf asks Allow?; No blocks it with the reason" },
  "pirate.ts": { verdict: "works", test: "pirate.test.tsx", note: "/pirate toggles the system prompt's pirate instructions" },
  "plan-mode": { verdict: "works", test: "plan-mode.test.tsx", note: "Ctrl+Alt+P, read-only tools, Execute the plan, 📋 and ☑ progress as in pi; --plan in test/cli/extension-flags" },
  "preset.ts": { verdict: "works", test: "preset.test.tsx", note: "/preset picker, /preset fast, Ctrl+Shift+U cycles; --preset fast in test/cli/extension-flags" },
  "project-trust.ts": { verdict: "works", test: "project-trust.test.tsx", note: "project_trust fires before the project's .pi resources load, with Pi's trust context (cwd, mode tui, hasUI); its choice shows in the window and decides; 'Let built-in prompt decide' hands over to xagent's own question (Pi's wording and choices)" },
  "prompt-customizer.ts": { verdict: "works", test: "prompt-customizer.test.tsx", note: "the tool guidance section reaches the model" },
  "protected-paths.ts": { verdict: "works", test: "protected-paths.test.tsx", note: "a write to .env is blocked with the warning; the file is not written" },
  "provider-payload.ts": { verdict: "works", test: "provider-payload.test.ts", note: "a daemon session appends each payload and [200] headers to <project>/.pi/provider-payload.log" },
  "qna.ts": { verdict: "works", test: "qna.test.tsx", note: "the loader shows while the model extracts; Esc cancels" },
  "question.ts": { verdict: "works", test: "question.test.tsx", note: "the question is answered in the window; the model reads the answer" },
  "questionnaire.ts": { verdict: "works", test: "questionnaire.test.tsx", note: "the questions are answered in the window; the tool's own rows" },
  "rainbow-editor.ts": { verdict: "works", test: "rainbow-editor.test.ts", note: "its editor (ultrathink drawn in colours) takes the keys and sends; Ctrl+C empties it first, then arms quitting, as in pi" },
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
