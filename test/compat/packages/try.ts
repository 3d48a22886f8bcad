// `bun test/compat/packages/try.ts <package name>`: one scenario in both programs, with what each showed.
import { corpus } from "./corpus"
import { runBoth } from "./run"
import { SCENARIOS } from "./scenarios"

const name = process.argv[2]
const s = SCENARIOS.find((x) => x.pkg.startsWith(`${name}@`))
if (!s) throw new Error(`no scenario for ${name}`)
const c = await corpus()
if ("skipped" in c) throw new Error(c.skipped)
const { pi, xagent } = await runBoth(s, c.npmDir)
for (const r of [pi, xagent]) {
  console.log(`===== ${r.program}: seen ${JSON.stringify(r.seen)}`)
  r.screens.forEach((sc, i) => console.log(`--- screen after turn ${i + 1}:\n${sc.replace(/\n{2,}/g, "\n").trimEnd()}`))
  console.log(
    r.text
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd()
      .split("\n")
      .slice(-60)
      .join("\n"),
  )
  for (const q of r.requests)
    console.log(`request: ${q.count} messages, tools ${q.tools.join(",")}: ${q.last.slice(0, 300)}`)
}
