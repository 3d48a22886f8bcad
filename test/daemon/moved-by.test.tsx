// Two windows on one live session, over the daemon's real socket: a move of its Pi session is
// announced in the other window only. An extension's /clear (ctx.newSession()) run in window A is
// A's own move, as its /new is: A says nothing of "another window", B does, and the other way round.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { runCommand } from "../fixture/pi-examples"
import { mountApp, type MountedApp } from "../fixture/tui"
import { startBox, type DaemonBox } from "./harness"

const NOTICE = "Another window switched to a new session"
const COMPOSER = "Ask anything"

// Pi loads the extensions of its agent folder: this one makes /clear an alias of /new.
const CLEAR_ALIAS = `
export default function (pi) {
  pi.registerCommand("clear", {
    description: "Start over in a new session (an alias)",
    handler: async (_args, ctx) => {
      await ctx.newSession()
    },
  })
}
`

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "answer-1" }, { text: "answer-2" }, { text: "answer-3" }] })
  mkdirSync(join(d.box.agentDir, "extensions"), { recursive: true })
  writeFileSync(join(d.box.agentDir, "extensions", "clear-alias.ts"), CLEAR_ALIAS)
})
afterAll(() => d.cleanup())

async function windowOn(sessionId: string): Promise<MountedApp> {
  const app = await mountApp({ width: 90, height: 30, client: await d.attach(), target: { kind: "attach", sessionId } })
  await app.until(COMPOSER)
  return app
}

/**
 * A conversation with `answer` on screen in both windows, then `move` in `mover`: `other` is told
 * another window switched, `mover` is not.
 */
async function moveIn(mover: MountedApp, other: MountedApp, answer: string, move: () => Promise<void>) {
  await mover.submit(`say ${answer}`)
  // (and an earlier move's notice gone, so that what shows now is this move's)
  for (const w of [mover, other]) await w.until((f) => f.includes(answer) && !f.includes("Another window"))
  await move()
  await other.until((f) => f.includes(NOTICE) && !f.includes(answer))
  await mover.until((f) => !f.includes(answer) && f.includes(COMPOSER))
  // The notice would come with the snapshot the mover has drawn: a few more frames to be sure.
  for (let i = 0; i < 5; i++) await mover.renderOnce()
  expect(mover.frame()).not.toContain("Another window")
}

test("an extension's /clear is the move of the window that ran it, as its /new is: only the other window is told", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const a = await windowOn(sessionId)
  const b = await windowOn(sessionId)
  try {
    // An extension's command calling ctx.newSession(), in A, then in B.
    await moveIn(a, b, "answer-1", () => runCommand(a, "/clear", "Start over in a new session"))
    await moveIn(b, a, "answer-2", () => runCommand(b, "/clear", "Start over in a new session"))
    // /new typed in a window, as before.
    await moveIn(a, b, "answer-3", () => a.submit("/new"))
  } finally {
    a.renderer.destroy()
    b.renderer.destroy()
  }
}, 120_000)
