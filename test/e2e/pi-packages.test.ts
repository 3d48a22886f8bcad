// `xagent list` in a real terminal, in a project whose .pi/settings.json lists a package and whose
// trust is not decided yet: Pi's question is asked on the terminal, as `pi list` asks it, and the
// answer decides what is listed and what trust.json keeps. The model is never called.
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

if (!hasTmux) console.warn("test/e2e/pi-packages.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("package commands in a real terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  test("list asks Pi's trust question; 'this command only' lists the project's packages and saves nothing", async () => {
    const { pane, box, llm } = await terminalBox({ turns: [], fallback: "MODEL-WAS-CALLED" }, cleanups)
    mkdirSync(join(box.cwd, ".pi"), { recursive: true })
    writeFileSync(join(box.cwd, ".pi", "settings.json"), JSON.stringify({ packages: ["../local-pkg"] }))
    pane.type(`${XAGENT_BIN} list; echo "EXIT=$?"`)
    pane.send("Enter")
    const asked = await pane.waitFor("Choose 1-5", 60_000)
    expect(asked).toContain("Trust project folder?")
    expect(asked).toContain("3. Trust (this command only)")
    pane.type("3")
    pane.send("Enter")
    const listed = await pane.waitFor("EXIT=0", 60_000)
    expect(listed).toContain("Project packages:")
    expect(listed).toContain("../local-pkg")
    expect(existsSync(join(box.agentDir, "trust.json"))).toBe(false)

    pane.type(`${XAGENT_BIN} list; echo "AGAIN=$?"`)
    pane.send("Enter")
    await pane.waitFor("Choose 1-5", 60_000)
    // Enter alone: not trusted, so the project's packages stay out, as where nobody can answer.
    pane.send("Enter")
    const declined = await pane.waitFor("AGAIN=0", 60_000)
    expect(declined.slice(declined.lastIndexOf("Choose 1-5"))).toContain("No packages installed.")
    expect(existsSync(join(box.agentDir, "trust.json"))).toBe(false)

    pane.type(`${XAGENT_BIN} list; echo "SAVED=$?"`)
    pane.send("Enter")
    await pane.waitFor("Choose 1-5", 60_000)
    pane.type("1")
    pane.send("Enter")
    await pane.waitFor("SAVED=0", 60_000)
    expect(readFileSync(join(box.agentDir, "trust.json"), "utf8")).toContain(box.cwd)
    expect(llm.requests()).toEqual([])
  }, 180_000)
})
