// ctx.ui.addAutocompleteProvider in the window, over a real Pi session: the extension's
// suggestions show in the prompt's popup and Tab applies the provider's own edit (Pi's
// github-issue-autocomplete offers `#123` this way).
import { afterEach, expect, test } from "bun:test"
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import type { AutocompleteProvider } from "@earendil-works/pi-tui"
import { complete } from "../../src/runtime/extensions/autocomplete"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  await fx?.dispose()
})

const ISSUES = [
  { value: "#123", label: "#123", description: "Fix the flaky build" },
  { value: "#456", label: "#456", description: "Dark mode" },
]

/** Pi's shape: offers issues for a `#digits` token before the cursor, else hands on to `current`. */
const issues = (current: AutocompleteProvider): AutocompleteProvider => ({
  async getSuggestions(lines, line, col, options) {
    const token = /#(\d*)$/.exec((lines[line] ?? "").slice(0, col))
    if (!token) return current.getSuggestions(lines, line, col, options)
    return { items: ISSUES.filter((i) => i.value.startsWith(`#${token[1]}`)), prefix: token[0] }
  },
  applyCompletion(lines, line, col, item, prefix) {
    const r = current.applyCompletion(lines, line, col, { ...item, value: `${item.value} ` }, prefix)
    return r
  },
})

test("the extension's completions show in the popup; Tab applies its edit", async () => {
  fx = await createFauxFixture({
    extensionFactories: [
      (pi: ExtensionAPI) => void pi.on("session_start", (_e, ctx) => ctx.ui.addAutocompleteProvider(issues)),
    ],
  })
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 90, height: 24 })
  await app.until("Ask anything")
  await app.mockInput.typeText("see #1")
  const frame = await app.until("Fix the flaky build")
  expect(frame).toContain("#123")
  expect(frame).not.toContain("Dark mode")
  app.mockInput.pressTab()
  expect(await app.until("│ › see #123 ")).not.toContain("Fix the flaky build")
  // text that no provider completes shows no popup: Enter sends it
  await app.mockInput.typeText("now")
  await app.renderOnce()
  expect(app.frame()).not.toContain("Fix the flaky build")
})

test("completions are the edits the provider makes, around the cursor", async () => {
  const provider = issues({
    getSuggestions: async () => null,
    applyCompletion: (lines, line, col, item, prefix) => {
      const l = lines[line]!
      const next = [...lines]
      next[line] = l.slice(0, col - prefix.length) + item.value + l.slice(col)
      return { lines: next, cursorLine: line, cursorCol: col - prefix.length + item.value.length }
    },
  })
  expect(await complete(provider, "fix #4 today", 6)).toEqual([
    { label: "#456", description: "Dark mode", start: 6, end: 6, insert: "56 " },
  ])
  expect(await complete(provider, "no token", 8)).toEqual([])
  expect(await complete(undefined, "#1", 2)).toEqual([])
})
