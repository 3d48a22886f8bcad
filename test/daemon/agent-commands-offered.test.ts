// What an external ACP agent's session does not serve is greyed in the window, never faked: its
// info names the agent and the requests it serves, and the window's commands greyed by that list
// (tui/commands.ts `needs`) are exactly those the real host refuses, through the real daemon and a
// real agent program (the tests' plain SDK agent). /copy works: its last reply comes from the
// transcript.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { Method } from "../../src/protocol"
import { COMMANDS, commandUnavailable } from "../../src/tui/commands"
import { REPO_ROOT } from "../fixture/mockllm"
import { BUN, Recorder, startBox, turnsEnded, type DaemonBox } from "./harness"

const PLAIN = [BUN, join(REPO_ROOT, "test/fixture/plain-acp-agent.ts")]
/** Requests the host answers for every session, whatever its engine (tested elsewhere). */
const HOST_LEVEL = new Set<Method>(["auth.login", "auth.status", "auth.setApiKey", "sessions.list"])
/** Params good enough to reach the session's handler (the check is whether the host refuses it). */
const PARAMS: Partial<Record<Method, Record<string, unknown>>> = {
  "session.setThinking": { level: "high" },
  "session.prompt": { text: "again" },
  "session.setName": { name: "n" },
  "session.compact": {},
  "session.fork": { entryId: "x" },
  "session.navigate": { targetId: "x" },
  "session.export": { format: "html" },
  "settings.set": { key: "theme", value: "dark" },
  "session.setPermissions": { mode: "full" },
  "session.btw": { id: "side-1", question: "q" },
}

let box: DaemonBox
let c: SocketClient
let sessionId: string

beforeAll(async () => {
  box = await startBox({ turns: [] })
  c = await box.connect()
  ;({ sessionId } = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    agent: { command: PLAIN },
  }))
}, 120_000)

afterAll(async () => {
  await box?.cleanup()
})

/** The host's refusal of `method` on this session, or undefined when it took it (whatever it answered). */
async function refusal(method: Method): Promise<string | undefined> {
  try {
    await c.request(method as never, { sessionId, ...(PARAMS[method] ?? {}) } as never)
    return undefined
  } catch (e) {
    const text = (e as Error).message
    return text.includes("is not available here") ? text : undefined
  }
}

test("the agent's session says what it serves; a greyed command is one the host refuses, the others it takes", async () => {
  const rec = new Recorder(c, sessionId)
  await c.request("session.prompt", { sessionId, text: "first" })
  const s = await rec.waitFor(turnsEnded(1), "the first reply")
  const engine = s.info.engine!
  expect(engine.agent).toBe("Plain agent")
  expect(engine.offers).toContain("session.prompt")
  expect(engine.offers).not.toContain("session.compact")
  const greyed = COMMANDS.filter((spec) => commandUnavailable(spec, engine)).map((c) => c.name)
  expect(greyed).toEqual(expect.arrayContaining(["compact", "tree", "fork", "export", "settings", "permissions"]))
  expect(greyed).not.toEqual(expect.arrayContaining(["model"]))
  for (const spec of COMMANDS) {
    const needs = (spec.needs ?? []).filter((m) => !HOST_LEVEL.has(m) && m !== "session.prompt")
    const refused = await Promise.all(needs.map(refusal))
    if (commandUnavailable(spec, engine)) expect([spec.name, refused.some(Boolean)]).toEqual([spec.name, true])
    else expect([spec.name, refused.filter(Boolean)]).toEqual([spec.name, []])
  }
  // /copy's last reply is the agent's, from the transcript.
  const last = await c.request("session.lastReply", { sessionId })
  expect(last.text).toContain("heard #1: first")
  rec.stop()
}, 120_000)
