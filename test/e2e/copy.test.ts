// /copy code 2 in a real terminal, in both screen modes: the second of three code blocks reaches
// the clipboard as its source, through OSC 52 (tmux with set-clipboard on keeps it as a paste
// buffer) and through the platform tool (a stand-in xclip on PATH that keeps what it is given).
import { afterAll, describe, expect, test } from "bun:test"
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { TERMINAL_WAIT_MS } from "../fixture/wait"
import { terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

const BLOCKS = [
  "echo first",
  "const second = 2\n  // indented, then a blank line\n\nexport { second }",
  "print('third')",
]
const REPLY = [
  "Three blocks:",
  "```sh\n" + BLOCKS[0] + "\n```",
  "The second has an indented line and a blank one, which must survive the copy.",
  "```ts\n" + BLOCKS[1] + "\n```",
  "```python\n" + BLOCKS[2] + "\n```",
  "END-OF-BLOCKS",
].join("\n\n")

if (!hasTmux) console.warn("test/e2e/copy.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("/copy in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  for (const [screen, cols, patch] of [
    ["--inline", 120, "on"],
    ["--fullscreen", 80, "on"],
    ["--inline", 40, "on"],
    // The guard of src/tui/patches/tmux-osc52.ts: OpenTUI's passthrough alone never reaches tmux.
    ["--inline", 80, "off"],
  ] as const)
    test(`${screen} at ${cols} columns, tmux OSC 52 patch ${patch}: /copy code 2 puts exactly that block on the clipboard`, async () => {
      const tools = join(process.env.TMPDIR ?? "/tmp", `xagent-copy-tool-${process.pid}-${cols}`)
      mkdirSync(tools, { recursive: true })
      cleanups.push(() => rmSync(tools, { recursive: true, force: true }))
      const kept = join(tools, "clipboard.txt")
      writeFileSync(join(tools, "xclip"), `#!/bin/sh\ncat > "${kept}"\n`)
      chmodSync(join(tools, "xclip"), 0o755)
      const { box, pane } = await terminalBox({ turns: [{ text: REPLY }] }, cleanups, {
        cols,
        rows: 30,
        env: { DISPLAY: ":0", ...(patch === "off" ? { XAGENT_NO_TMUX_OSC52: "1" } : {}) },
      })
      box.env.PATH = `${tools}:${box.env.PATH}`
      pane.tmux("set-option", "-s", "set-clipboard", "on")
      pane.send("clear", "Enter")
      pane.type(`PATH="${tools}:$PATH" ${XAGENT_BIN} ${screen} --no-daemon; echo "EXIT=$?"`)
      pane.send("Enter")
      await pane.waitFor("Ask anything")
      pane.type("three blocks please")
      pane.send("Enter")
      // The reply whole and its run over (the composer says "Ask anything" all along). A 30 s
      // wait here failed under load: the session alone took longer to open.
      await pane.waitFor((s) => s.includes("END-OF-BLOCKS") && !s.includes("Working"))
      pane.type("/copy code 2")
      pane.send("Enter")
      await pane.waitFor(/Copied code block 2/)
      if (patch === "on") expect(pane.tmux("show-buffer")).toBe(BLOCKS[1]!)
      else expect(() => pane.tmux("show-buffer")).toThrow(/no buffers/)
      // The stand-in tool writes the file as it reads its input: read once it holds the block.
      const deadline = Date.now() + TERMINAL_WAIT_MS
      const copied = () => (existsSync(kept) ? readFileSync(kept, "utf8") : "")
      while (copied() !== BLOCKS[1] && Date.now() < deadline) await Bun.sleep(50)
      expect(copied()).toBe(BLOCKS[1]!)
      pane.send("C-c")
      pane.send("C-c")
      await pane.waitFor("EXIT=0")
    }, 300_000)
})
