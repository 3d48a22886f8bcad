// Text from the model and from tools never reaches the terminal with its control sequences:
// colours stripped, tabs expanded, every other control, OSC/CSI sequence and bidi mark removed.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const ESC = "\u001b"
const HOSTILE = `${ESC}]52;c;ZXZpbA==\u0007${ESC}]0;title\u0007\u009b2J${ESC}[2J\u0007evil\u202e txet\u202c S\bend`
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

test("tool output, ! runs, model text, thinking, notices and user text are drawn without controls", async () => {
  app = await mountApp({ width: 100, height: 60 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.user("u1", `user says ${HOSTILE}`),
        item.tool(
          "t1",
          "bash",
          { command: `printf '${ESC}[31mred'` },
          { output: `${ESC}[31mred${ESC}[0m normal\ttab\n${HOSTILE} from bash` },
        ),
        {
          kind: "bash",
          id: "b1",
          command: "ls --color",
          output: `${ESC}[01;34mdir${ESC}[0m\tfile\n10%\r100%`,
          exitCode: 0,
          status: "done",
          timestamp: 1,
        },
        item.assistant("a1", "", {
          blocks: [
            { type: "thinking", text: `thinking ${HOSTILE}` },
            { type: "text", text: `reply ${HOSTILE} done` },
          ],
        }),
        { kind: "notice", id: "n1", level: "warning", text: `notice ${HOSTILE}`, timestamp: 1 },
        { kind: "custom", id: "x1", customType: `lint${ESC}[2J`, text: `custom ${HOSTILE}`, timestamp: 1 },
        item.assistant("a2", "", { blocks: [], stopReason: "error", errorMessage: `bad ${HOSTILE}` }),
      ],
    }),
  })
  app.mockInput.pressKey("t", { ctrl: true })
  const frame = await app.until((f) => f.includes("custom") && f.includes("reply") && f.includes("Thinking"))
  expect(frame).toContain("red normal  tab")
  expect(frame).toContain("dir file")
  expect(frame).toContain("100%")
  expect(frame).not.toContain("10%")
  expect(frame).toContain("$ printf 'red'")
  for (const who of ["user says", "from bash", "reply", "thinking", "notice", "custom", "bad"])
    expect(frame).toMatch(new RegExp(`${who}.*evil txet Send|evil txet Send.*${who}`))
  expect(frame).not.toMatch(CONTROLS)
  expect(frame).not.toContain("52;c")
  expect(frame).not.toContain("[2J")
  expect(frame).not.toContain("title")
})
