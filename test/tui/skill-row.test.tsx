// A `/skill:name` message as Pi sends it (the skill's file in a <skill> block, then the typed
// text): Pi's window shows `[skill] name (ctrl+o to expand)` and the typed text as the person's
// message, not the XML. Ctrl+O shows the skill's file.
import { afterEach, expect, test } from "bun:test"
import { parseSkillBlock } from "../../src/common/skill-block"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const SKILL =
  '<skill name="sk1" location="/home/me/.pi/agent/skills/sk1/SKILL.md">\nSKILL-BODY first line\nsecond\n</skill>'

test("a /skill: message is a compact skill row and the typed text; Ctrl+O shows the skill", async () => {
  app = await mountApp({ width: 90, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ items: [item.user("u1", `${SKILL}\n\nuse it please`), item.user("u2", SKILL)] }),
  })
  const frame = await app.until("use it please")
  expect(frame).not.toContain("<skill")
  expect(frame).not.toContain("SKILL-BODY")
  expect(frame.match(/\[skill\] sk1 \(ctrl\+o to expand\)/g)).toHaveLength(2)
  app.mockInput.pressKey("o", { ctrl: true })
  const open = await app.until("SKILL-BODY first line")
  expect(open).not.toContain("<skill")
  expect(open).not.toContain("to expand)")
})

test("only Pi's exact layout is a skill block: other text that mentions <skill> is the person's message", () => {
  expect(parseSkillBlock(`${SKILL}\n\nuse it`)).toEqual({
    name: "sk1",
    location: "/home/me/.pi/agent/skills/sk1/SKILL.md",
    content: "SKILL-BODY first line\nsecond",
    userMessage: "use it",
  })
  expect(parseSkillBlock(`look: ${SKILL}`)).toBeUndefined()
})
