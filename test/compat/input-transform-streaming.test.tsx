// Pi's input-transform-streaming.ts example: a prompt that mentions changes gets the repository's
// `git diff --stat` appended before the model sees it.
import { expect, test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"
import { replyAndRecord } from "./model-sees"
import { initRepo, write } from "../worktree/fixture"

const open = usePiExamples()

test("input-transform-streaming.ts: 'what changes' brings the diff stat along", async () => {
  const { app, fx } = await open(["input-transform-streaming.ts"])
  initRepo(fx.cwd)
  write(fx.cwd, "a.txt", "one\ntwo\n")
  const sent = replyAndRecord(fx.faux, "Seen the diff.")
  await app.submit("summarise my changes")
  const frame = await app.until("Seen the diff.")
  expect(frame).toContain("Current uncommitted changes:")
  expect(sent[0]).toContain("Current uncommitted changes:")
  expect(sent[0]).toMatch(/a\.txt \| 3 \+\+-/)
})
