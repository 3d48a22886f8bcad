// Runs scenarios by name (or all) and prints each program's items: for working on the harness.
//   node_modules/.bin/bun test/e2e/differential/try.ts "text only" ...
import { compare } from "./compare"
import { show } from "./items"
import { parsePi } from "./parse-pi"
import { parseXagent } from "./parse-xagent"
import { runScenario, type Mode } from "./run"
import { messages, SCENARIOS } from "./scenarios"

const names = process.argv.slice(2)
const modes = (process.env.MODES?.split(",") ?? ["pi", "inline", "fullscreen"]) as Mode[]
for (const s of SCENARIOS.filter((s) => !names.length || names.includes(s.name))) {
  const t0 = Date.now()
  const caps = await Promise.all(modes.map((m) => runScenario(s, m)))
  console.log(`## ${s.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
  const prompts = messages(s)
  const items = caps.map((c) => (c.mode === "pi" ? parsePi(c.styled, prompts) : parseXagent(c.text)))
  for (let i = 0; i < caps.length; i++) {
    if (process.env.RAW) console.log(caps[i]!.text)
    console.log(`-- ${caps[i]!.mode}\n${items[i]!.map(show).join("\n")}`)
  }
  const pi = items[modes.indexOf("pi")]
  if (pi)
    for (let i = 0; i < caps.length; i++)
      if (caps[i]!.mode !== "pi") {
        const v = compare(s, pi, items[i]!, caps[i]!.mode)
        console.log(v.ok ? `OK ${caps[i]!.mode}` : v.report)
      }
}
