// An extension's own dialogs during an editor's prompt: confirm goes as a yes/no permission,
// select (and input, editor) as a one-field form; with no form to show, the dialog is declined
// at once rather than left waiting for a window that may never come.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { allow, FORM_CAPS, lastSent, newSession, prompt, startAcpBox, type AcpBox } from "./harness"

const SLOW = 90_000

/** A global Pi extension (the agent dir's extensions/ is trusted): a tool that asks twice. */
const EXTENSION = `
export default function (pi) {
  pi.registerTool({
    name: "choose",
    label: "Choose",
    description: "asks the person",
    parameters: { type: "object", properties: {} },
    async execute(_id, _params, signal, _onUpdate, ctx) {
      const ok = await ctx.ui.confirm("Proceed?", "It will paint the shed", { signal })
      const colour = await ctx.ui.select("Colour", ["red", "green"], { signal })
      return { content: [{ type: "text", text: "confirmed=" + ok + " colour=" + (colour ?? "none") }], details: {} }
    },
  })
}
`

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({
    turns: [
      { tool: "choose", args: {} },
      { text: "Chosen." },
      { tool: "choose", args: {} },
      { text: "Without forms." },
    ],
  })
  box.addExtension("choose.js", EXTENSION)
}, SLOW)
afterAll(() => box.cleanup())

test(
  "confirm as a yes/no permission, select as a form whose value must be one of the options",
  async () => {
    const ed = await box.editor(FORM_CAPS)
    try {
      ed.onPermission = (req) => allow(req.options.some((o) => o.optionId === "yes") ? "yes" : "allow_once")
      ed.onForm = () => ({ action: "accept", content: { value: "green" } })
      const s = await newSession(ed, box.box.cwd)
      expect((await prompt(ed, s.sessionId, "choose")).stopReason).toBe("end_turn")
      const confirm = ed.permissions.find((p) => p.options.some((o) => o.optionId === "yes"))!
      expect(confirm.toolCall.title).toBe("Proceed?")
      expect(JSON.stringify(confirm.toolCall.content)).toContain("It will paint the shed")
      const form = ed.forms[0] as unknown as {
        requestedSchema: { properties: { value: { oneOf: { const: string }[] } } }
      }
      expect(form.requestedSchema.properties.value.oneOf.map((o) => o.const)).toEqual(["red", "green"])
      expect(lastSent(box)).toContain("confirmed=true colour=green")
    } finally {
      await ed.close()
    }
  },
  SLOW,
)

test(
  "without forms the select is declined at once; the confirm's yes stands",
  async () => {
    const ed = await box.editor({})
    try {
      ed.onPermission = (req) => allow(req.options.some((o) => o.optionId === "yes") ? "yes" : "allow_once")
      const s = await newSession(ed, box.box.cwd)
      expect((await prompt(ed, s.sessionId, "choose")).stopReason).toBe("end_turn")
      expect(ed.forms).toHaveLength(0)
      expect(lastSent(box)).toContain("confirmed=true colour=none")
    } finally {
      await ed.close()
    }
  },
  SLOW,
)
