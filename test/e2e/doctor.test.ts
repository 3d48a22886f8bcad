// /doctor as a person meets it, through the real bin/xagent in tmux: a home whose models.json is
// broken and a PATH without bubblewrap. The page names the file with the place of its JSON error,
// says the sandbox cannot run with the install fix, and no request reaches the model.
import { afterAll, describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"
import { binWithoutBwrap } from "../fixture/bin-without-bwrap"

if (!hasTmux) console.warn("test/e2e/doctor.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("/doctor in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 30_000)

  test("a broken models.json and no bubblewrap: each a failure with its fix", async () => {
    const { box, llm, pane } = await terminalBox({ turns: [], fallback: "MODEL-WAS-CALLED" }, cleanups, {
      cols: 120,
      rows: 50,
    })
    const models = join(box.agentDir, "models.json")
    writeFileSync(models, '{\n  "providers": {\n    "mock": {,\n  }\n}\n')
    pane.type(`PATH=${binWithoutBwrap(box.root)} XAGENT_BWRAP= ${XAGENT_BIN} --no-daemon; echo "EXIT=$?"`)
    pane.send("Enter")
    await pane.waitFor("Ask anything")
    pane.type("/doctor")
    await pane.waitFor("› /doctor")
    pane.send("Enter")

    // The session's own warning of the missing sandbox is a toast over the page's top rows at first.
    const screen = await pane.waitFor(
      (s) => s.includes("background query") && /FAIL +sandbox/.test(s) && !s.includes("No sandbox:"),
    )
    expect(screen).toMatch(/FAIL +sandbox +bubblewrap \(bwrap\) is not installed/)
    expect(screen).toContain("fix: install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap;")
    // The path may wrap at 120 columns: the row is read with its lines joined.
    const joined = screen.replace(/\s+/g, "")
    expect(joined).toContain(`FAILmodels.json${models}:notvalidJSONatline3,column14`.replace(/\s+/g, ""))
    expect(screen).toMatch(/FAIL +model +mockllm\/mock-1 is not among the known models; models.json does not load/)
    expect(llm.requests()).toHaveLength(0)

    pane.send("Escape")
    await pane.waitFor((s) => !s.includes("background query") && s.includes("Ask anything"))
  })
})
