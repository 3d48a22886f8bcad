// The built-in `xagent` profile (`xagent --agent xagent`) as a daemon session's engine, on the
// window's own xagent home: the agent's `xagent acp` runs in a session host of this daemon, which
// opens no session for a process its sessions started, so the agent keeps its sessions in its
// own process. Through real sockets, with `xagent` on PATH as an installed one is.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { dirname } from "node:path"
import { agentChoice } from "../../src/cli/agent-choice"
import { XAGENT_BIN } from "../fixture/mockllm"
import { Recorder, assistantTexts, replyDone, startBox, type DaemonBox } from "./harness"

const SLOW = 120_000

let box: DaemonBox
beforeAll(async () => {
  box = await startBox({ turns: [{ text: "From the built-in xagent." }] })
}, SLOW)
afterAll(async () => {
  await box?.cleanup()
})

test(
  "the built-in xagent profile opens and answers on the window's own home",
  async () => {
    const spec = await agentChoice("xagent", box.box.cwd, box.box.xagentHome)
    expect(spec.command[0]).toBe("xagent")
    const c = await box.connect()
    const opened = await c.request("session.open", {
      cwd: box.box.cwd,
      mode: { kind: "new" },
      agent: { ...spec, env: { ...spec.env, PATH: `${dirname(XAGENT_BIN)}:${process.env.PATH}` } },
    })
    const rec = new Recorder(c, opened.sessionId)
    await c.request("session.prompt", { sessionId: opened.sessionId, text: "hello" })
    const s = await rec.waitFor(replyDone(1), "the agent's reply")
    rec.stop()
    expect(assistantTexts(s.items)).toEqual(["From the built-in xagent."])
    // no daemon of the agent's own came up: its sessions lived in its process
    expect(box.log()).not.toContain("refused")
    await c.request("session.close", { sessionId: opened.sessionId })
  },
  SLOW,
)
