// An editor that offers fs.readTextFile is where the read tool takes a file from: the model sees
// the editor's unsaved buffer, not the disk. An editor that cannot say (or fails) leaves the disk's.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { lastSent, newSession, prompt, startAcpBox, type AcpBox } from "./harness"

const SLOW = 180_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({
    turns: [
      { tool: "read", args: { path: "buf.txt" } },
      { text: "Read it." },
      { tool: "read", args: { path: "buf.txt" } },
      { text: "Read it again." },
    ],
  })
  writeFileSync(join(box.box.cwd, "buf.txt"), "saved on disk\n")
}, SLOW)
afterAll(() => box.cleanup())

test(
  "the read tool reads through the editor's fs/read_text_file: the model sees the unsaved buffer",
  async () => {
    const ed = await box.editor({ fs: { readTextFile: true } })
    const path = join(box.box.cwd, "buf.txt")
    ed.onReadFile = (req) => ({ content: req.path === path ? "unsaved in the editor\n" : "" })
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "read buf.txt")).stopReason).toBe("end_turn")
    expect(ed.reads).toEqual([{ sessionId: s.sessionId, path }])
    const sent = lastSent(box)
    expect(sent).toContain("unsaved in the editor")
    expect(sent).not.toContain("saved on disk")
    await ed.close()
  },
  SLOW,
)

test(
  "an editor whose fs/read_text_file fails leaves the read to the disk",
  async () => {
    const ed = await box.editor({ fs: { readTextFile: true } })
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "read buf.txt")).stopReason).toBe("end_turn")
    expect(ed.reads.length).toBe(1)
    expect(lastSent(box)).toContain("saved on disk")
    await ed.close()
  },
  SLOW,
)
