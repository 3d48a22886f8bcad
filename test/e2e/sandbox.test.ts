// The sandbox as a person meets it, through the real bin/xagent in tmux against the scripted
// model: the model's bash write outside the workspace fails, and so does a request to a host the
// settings do not list; the window shows why while the reply goes on; `!outside` approved by keys runs its command once, outside; `/permissions full`
// puts the warning in the status bar.
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

// Outside /tmp (the sandbox's own there) and outside the workspace.
const outside = mkdtempSync("/var/tmp/xagent-e2e-outside-")
const scenario: Scenario = {
  turns: [
    {
      tools: [
        { tool: "bash", args: { command: `echo escaped > ${outside}/model.txt` } },
        { tool: "bash", args: { command: "curl -sS http://exfil.invalid/" } },
      ],
    },
    { text: "Carried on after the refusal." },
  ],
  fallback: "nothing more to say",
}

if (!hasTmux) console.warn("test/e2e/sandbox.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("the sandbox in a terminal", () => {
  const cleanups: (() => unknown)[] = [() => rmSync(outside, { recursive: true, force: true })]
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("a refused write shows and the reply goes on; !outside runs once by keys; /permissions full warns", async () => {
    const { box, pane } = await terminalBox(scenario, cleanups)
    // A host list: the sandbox's network goes through the runtime's proxy, which refuses the rest.
    writeFileSync(join(box.xagentHome, "settings.json"), JSON.stringify({ sandbox: { network: ["example.invalid"] } }))
    /** A line typed and sent, as the person would. */
    const submit = (line: string) => {
      pane.type(line)
      pane.send("Enter")
    }
    submit(`${XAGENT_BIN} --no-daemon; echo "EXIT=$?"`)
    await pane.waitFor("Ask anything")

    submit("write a file outside")
    const refused = await pane.waitFor("Carried on after the refusal.")
    expect(refused).toContain("Read-only file system")
    expect(refused).toContain("xagent's sandbox refused the connection to exfil.invalid")
    expect(refused).toContain("Sandbox network: refused exfil.invalid")
    expect(existsSync(join(outside, "model.txt"))).toBe(false)
    await pane.waitFor("Ask anything")

    const count = join(outside, "count")
    submit(`!outside touch ${outside}/x; echo ran >> ${count}`)
    // the whole dialog: under load its title is on screen a frame before its choices
    const dialog = await pane.waitFor((s) => s.includes("Run once outside the sandbox?") && s.includes("Run outside"))
    expect(dialog).toContain(`touch ${outside}/x; echo ran >>`)
    expect(dialog).toContain("Run outside")
    pane.send("y")
    await pane.waitFor((s) => !s.includes("Run once outside the sandbox?") && existsSync(count))
    await pane.waitFor("Ask anything")
    expect(existsSync(join(outside, "x"))).toBe(true)
    expect(readFileSync(count, "utf8")).toBe("ran\n")

    expect(pane.screen()).not.toContain("full access: no sandbox")
    submit("/permissions full")
    await pane.waitFor("full access: no sandbox")
    expect(readFileSync(count, "utf8")).toBe("ran\n")

    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0")
  }, 240_000)
})
