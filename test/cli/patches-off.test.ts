// `xagent -p` with every patch switched off: the launcher, the CLI and a session host in a Worker
// all run with Pi's, Bun's and OpenTUI's behaviour as shipped, and the reply still comes out whole.
import { beforeAll, expect, test } from "bun:test"
import { PATCHES, patchSwitch } from "../../src/util/patch-switch"
import { runXagent, scriptedWorld } from "./run-xagent"

const world = scriptedWorld({
  turns: [{ text: "Unpatched, and still **streaming**." }, { repeat: "word ", count: 2000 }],
})
beforeAll(() => {
  for (const p of PATCHES) world.box.env[patchSwitch(p)] = "1"
})

test("print mode answers with all patches off, a long reply too", async () => {
  const short = await runXagent(["-p", "hello"], world.box)
  expect([short.code, short.stderr, short.stdout]).toEqual([0, "", "Unpatched, and still **streaming**.\n"])
  const long = await runXagent(["-p", "more"], world.box)
  expect([long.code, long.stderr, long.stdout]).toEqual([0, "", "word ".repeat(2000) + "\n"])
}, 60_000)
