// Issue #12's missing features as a user tries them, through the real bin/xagent in tmux against the scripted
// model: /clear and an unknown command cost no turn, a dropped image path and Ctrl+V (a fake xclip
// on PATH: the clipboard is the edge we do not own) reach the model as images, /usage shows the
// session's replies, and Esc twice rewinds so the next send replaces an earlier message.
import { afterAll, describe, expect, test } from "bun:test"
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeSandbox, startMockLlm, writeAgentDir, XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { PNG } from "../fixture/png"
import { hasTmux, openPane } from "./tmux"

const scenario: Scenario = {
  turns: [{ text: "First reply here." }, { text: "I see two images." }, { text: "A fresh start." }],
  fallback: "nothing more to say",
}

/** The reply's words are drawn and its run is over (no working line). */
const idleWith = (words: string) => (s: string) =>
  s.includes(words) && !s.includes("Working") && s.includes("Ask anything")

if (!hasTmux) console.warn("test/e2e/daily-driver.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("a daily driver in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  // Eight steps in one real terminal, each waiting on its screen: 30 s alone on a two-core machine.
  test("/clear, an unknown command, images, /usage and rewind", async () => {
    const box = makeSandbox()
    const llm = await startMockLlm(scenario)
    writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
    // The mock model takes images, so Pi sends them on.
    const modelsPath = join(box.agentDir, "models.json")
    const models = JSON.parse(readFileSync(modelsPath, "utf8"))
    for (const p of Object.values(models.providers) as { models: { input?: string[] }[] }[])
      for (const m of p.models) m.input = ["text", "image"]
    writeFileSync(modelsPath, JSON.stringify(models))
    mkdirSync(join(box.cwd, "shots"))
    const shot = join(box.cwd, "shots", "red dot.png")
    writeFileSync(shot, PNG)
    const bin = join(box.root, "bin")
    mkdirSync(bin)
    writeFileSync(
      join(bin, "xclip"),
      `#!/bin/sh\ncase "$*" in\n  *TARGETS*) printf 'TARGETS\\nimage/png\\n' ;;\n  *image/png*) cat '${shot}' ;;\nesac\n`,
    )
    chmodSync(join(bin, "xclip"), 0o755)
    const env = { ...box.env, PATH: `${bin}:${box.env.PATH}` }
    delete (env as Record<string, string | undefined>).WAYLAND_DISPLAY
    const pane = openPane({ cwd: box.cwd, env, cols: 100, rows: 32 })
    cleanups.push(
      () => box.cleanup(),
      () => llm.stop(),
      () => pane.kill(),
    )
    pane.type(`${XAGENT_BIN} --no-daemon; echo "EXIT=$?"`)
    pane.send("Enter")
    await pane.waitFor("Ask anything")

    pane.type("/clear")
    pane.send("Enter")
    pane.type("/status")
    pane.send("Enter")
    await pane.waitFor("Unknown command /status")
    expect(llm.requests()).toHaveLength(0)
    // The refused word stays in the prompt to be corrected: Ctrl+C empties it.
    await pane.waitFor("› /status")
    pane.send("C-c")
    await pane.waitFor("Ask anything")

    pane.type("hello one")
    pane.send("Enter")
    // The run is over once its working line is gone (the composer says "Ask anything" all along).
    await pane.waitFor(idleWith("First reply here."))

    pane.type("what are these? ")
    pane.paste(`'${shot}'`)
    await pane.waitFor("[image red dot.png]")
    pane.send("C-v")
    await pane.waitFor("[image clipboard.png]")
    pane.send("Enter")
    // /usage counts the replies the session has recorded: the run must be over, not only drawn.
    await pane.waitFor(idleWith("I see two images."))
    const sent = JSON.stringify(llm.requests()[1]!.last)
    expect(sent).toContain("what are these?")
    expect(sent.split(`data:image/png;base64,${PNG.toString("base64")}`).length - 1).toBe(2)

    pane.type("/usage")
    pane.send("Enter")
    // The dialog is drawn over a few frames: the screen is read once its last section is there.
    let screen = await pane.waitFor((s) => s.includes("This session · 2 replies") && s.includes("Today ("))
    expect(screen).toContain("mockllm/mock-1")
    expect(screen).toContain("Today (1 session)")
    pane.send("Escape")
    await pane.waitFor((s) => !s.includes("This session · 2 replies"))

    // Rewind to before the first message: its text comes back, the replies after it leave the view.
    pane.send("Escape")
    pane.send("Escape")
    // Inline the dialog takes the composer's place and the footer grows to it: wait for its rows.
    screen = await pane.waitFor((s) => s.slice(s.indexOf("Rewind to before a message")).includes("hello one"))
    const list = screen.slice(screen.indexOf("Rewind to before a message"))
    // Newest first; the image marks are not part of the text.
    expect(list.indexOf("what are these?")).toBeGreaterThan(0)
    expect(list.indexOf("what are these?")).toBeLessThan(list.indexOf("hello one"))
    pane.send("Down")
    pane.send("Enter")
    // The dialog gone, its text in the composer (the dialog's own chosen row reads "› hello one" too),
    // the reply gone from the view: full screen it leaves the transcript; inline it stays in the
    // scrollback above, and the move is marked below it.
    const moved = (s: string) =>
      !s.includes("First reply here.") ||
      s.lastIndexOf("another point of the session tree") > s.lastIndexOf("First reply here.")
    screen = await pane.waitFor(
      (s) => !s.includes("Rewind to before a message") && s.includes("› hello one") && moved(s),
    )
    pane.send("Enter")
    await pane.waitFor("A fresh start.")
    // The model saw the first message again in the same place: nothing of the rewound branch.
    const calls = llm.requests()
    expect(calls).toHaveLength(3)
    expect(calls[2]!.count).toBe(calls[0]!.count)
    expect(JSON.stringify(calls[2]!.last)).not.toContain("what are these?")
  }, 120_000)
})
