// `-p` writes the model's text to stdout and tool activity and errors to stderr: neither may carry
// terminal controls (BEL, BS, bidi overrides, OSC 52 clipboard writes, CSI). Tabs and line breaks in
// the reply stay as they are (a reply may be a file). Split sequences: print-render.test.ts.
import { expect, test } from "bun:test"
import { runXagent, scriptedWorld } from "./run-xagent"

const ESC = "\u001b"
const HOSTILE = `${ESC}]52;c;ZXZpbA==\u0007${ESC}]0;my title\u0007\u009b2J${ESC}[2J\u0007evil\u202e txet\u202c S\bend`
// Anything but \t and \n that a terminal would act on.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

const world = scriptedWorld(
  {
    turns: [
      { text: `Running ${HOSTILE}`, tool: "bash", args: { command: `printf 'x' # ${HOSTILE}` } },
      { text: `Reply ${HOSTILE} with\ttab` },
    ],
  },
  // One word a chunk: the OSC title's space splits a sequence across two deltas.
  { tps: 200 },
)

test("bin/xagent -p writes a hostile reply and tool call without controls", async () => {
  const r = await runXagent(["-p", "go"], world.box)
  expect(r.stdout).toBe("Running evil txet Send\n\nReply evil txet Send with\ttab\n")
  expect(r.stderr).toBe("→ bash printf 'x' # evil txet Send\n")
  expect(r.stdout).not.toMatch(CONTROLS)
  expect(r.code).toBe(0)
}, 60_000)
