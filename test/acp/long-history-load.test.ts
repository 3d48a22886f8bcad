// An editor's `session/load` of a session longer than a window is sent at once: a window gets the
// newest part of a long history (common/history-window.ts) and pages the rest, an editor's load
// replays every message, oldest first, each once (acp/earlier-history.ts fetches the older part).
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { HISTORY_BYTES } from "../../src/common/history-window"
import { SessionFile } from "../fixture/session-file"
import { startAcpBox, type AcpBox } from "./harness"

const SLOW = 120_000
const TURNS = 320

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [], fallback: "ok" })
}, SLOW)
afterAll(() => box?.cleanup())

test(
  "session/load of a history past the window's budget replays all of it, oldest first, each message once",
  async () => {
    const cwd = box.box.cwd
    const f = new SessionFile("0195c0de-long-7000-8000-00000000b001", cwd).bigTurns(TURNS)
    const store = join(box.box.agentDir, "sessions", `--${cwd.replace(/^\//, "").replace(/\//g, "-")}--`)
    mkdirSync(store, { recursive: true })
    f.write(join(store, `2026-03-01T10-00-00-000Z_${f.id}.jsonl`))
    // Longer than one snapshot carries, so the load must page.
    expect(f.text().length).toBeGreaterThan(2 * HISTORY_BYTES)
    const ed = await box.editor()
    try {
      await ed.cx.request(acp.methods.agent.session.load, { sessionId: f.id, cwd, mcpServers: [] })
      const chunks = ed.of(f.id).flatMap((u) => {
        if (u.sessionUpdate !== "user_message_chunk" && u.sessionUpdate !== "agent_message_chunk") return []
        return u.content.type === "text" ? [u.content.text] : []
      })
      const questions = chunks.flatMap((t) => /^question (\d+) /.exec(t)?.[1] ?? []).map(Number)
      const answers = chunks.flatMap((t) => /^answer (\d+)$/.exec(t)?.[1] ?? []).map(Number)
      const all = Array.from({ length: TURNS }, (_, i) => i)
      expect(questions).toEqual(all)
      expect(answers).toEqual(all)
    } finally {
      await ed.close()
    }
  },
  SLOW,
)
