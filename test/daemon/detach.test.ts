// Detach: a window killed with SIGKILL mid-reply leaves the reply running; a new window that
// subscribes from 0 sees the whole reply, the same as the session file. Repeated 20 times.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { sessionDirFor } from "../../src/runtime/files/session-files"
import { WAIT_MS } from "../fixture/wait"
import {
  assistantTexts,
  BUN,
  fixturePath,
  readSessionFile,
  Recorder,
  replyDone,
  startBox,
  type DaemonBox,
} from "./harness"

const ROUNDS = 20
const reply = (i: number) => ({ repeat: `r${i} `, count: 300 })
const question = {
  questions: [
    {
      id: "color",
      label: "Color",
      prompt: "Which color?",
      choices: [
        { value: "red", label: "Red" },
        { value: "blue", label: "Blue" },
      ],
    },
  ],
}
let d: DaemonBox

beforeAll(async () => {
  const turns = [
    ...Array.from({ length: ROUNDS }, (_, i) => reply(i)),
    { tool: "ask_user", args: question },
    { text: "Blue it is." },
  ]
  d = await startBox({ turns }, { tps: 1500 })
})
afterAll(() => d.cleanup())

/**
 * The session once the daemon has seen its window go: live with no window, or undefined when the
 * daemon ended it then because nothing was running any more (its log says so at that moment). A
 * status asked before the daemon has read the killed window's hang-up still counts that window.
 */
async function afterTheKill(watcher: Awaited<ReturnType<DaemonBox["attach"]>>, sessionId: string) {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const live = (await watcher.daemon("daemon.status", {})).sessions.find((s) => s.sessionId === sessionId)
    if (!live || live.windows === 0) {
      return !live || d.log().includes(`session ${sessionId} ended: no window left`) ? undefined : live
    }
    if (Date.now() > deadline) throw new Error(`the daemon still counts the killed window of ${sessionId}`)
    await Bun.sleep(50)
  }
}

/** The folder's one session file (every round continues it). */
function newestSessionFile(): string {
  const dir = sessionDirFor(d.box.cwd, d.box.agentDir)
  const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"))
  expect(files).toHaveLength(1)
  return join(dir, files[0]!)
}

async function killWindowMidReply(prompt: string, announce = "text_delta"): Promise<string> {
  const win = Bun.spawn([BUN, fixturePath("window.ts"), d.box.cwd, prompt, announce], {
    cwd: d.box.root,
    env: d.env,
    stdout: "pipe",
    stderr: "pipe",
  })
  const reader = win.stdout.getReader()
  let said = ""
  while (!said.includes("\n")) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`window exited early: ${await new Response(win.stderr).text()}`)
    said += new TextDecoder().decode(value)
  }
  win.kill("SIGKILL")
  await win.exited
  return said.trim().split(" ")[1]!
}

// 20 rounds of a window start, a kill and a replay: about a minute alone, several on a loaded machine.
test(`SIGKILL of a window mid-reply, ${ROUNDS} times: the reply finishes and a new window replays all of it`, async () => {
  let file: string | undefined
  let runningAfterKill = 0
  for (let round = 0; round < ROUNDS; round++) {
    const sessionId = await killWindowMidReply(`round ${round}`)
    const watcher = await d.attach()
    const live = await afterTheKill(watcher, sessionId)
    if (!live) {
      // Under load the reply can finish before the daemon sees the window go: then nothing was
      // running when it left, and the session ended (the daemon's rule). Its file holds the reply.
      const saved = readSessionFile(file ?? newestSessionFile()).texts
      expect(saved.at(-1)).toBe(`r${round} `.repeat(300))
      expect(saved).toHaveLength(round + 1)
      await watcher.close()
      continue
    }
    if (live.running) runningAfterKill++
    const rec = new Recorder(watcher, sessionId, 0)
    const s = await rec.waitFor(replyDone(round + 1), `round ${round}'s reply`)
    const texts = assistantTexts(s.items)
    expect(texts.at(-1)).toBe(`r${round} `.repeat(300))
    expect(s.info.file).toBeDefined()
    if (file) expect(s.info.file).toBe(file) // each window continued the same session file
    file = s.info.file
    // The window's view and the session file hold the same replies, round after round.
    expect(readSessionFile(file!).texts).toEqual(texts)
    rec.stop()
    await watcher.close()
  }
  expect(readSessionFile(file!).texts).toHaveLength(ROUNDS)
  // The kill lands within moments of the first delta of a 300-token reply: most rounds catch it running.
  expect(runningAfterKill).toBeGreaterThan(0)
}, 300_000)

test("a question pending when its window is killed waits; the next window answers it and the reply goes on", async () => {
  const sessionId = await killWindowMidReply("ask me", "ui_request")
  const watcher = await d.attach()
  const rec = new Recorder(watcher, sessionId, 0)
  const s = await rec.waitFor((s) => s.ui.pending.length === 1, "the pending question in the snapshot")
  const req = s.ui.pending[0]!
  expect(req.kind).toBe("ask_user")
  expect(s.running).toBe(true)
  const answers = [{ id: "color", value: "blue", label: "Blue", wasCustom: false, index: 2 }]
  await watcher.request("session.uiRespond", { sessionId, requestId: req.id, response: { answers } })
  const done = await rec.waitFor(replyDone(ROUNDS + 2), "the reply after the answer")
  expect(assistantTexts(done.items).at(-1)).toBe("Blue it is.")
  expect(done.ui.pending).toEqual([])
})
