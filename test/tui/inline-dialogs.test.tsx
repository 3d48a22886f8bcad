// Inline, a dialog takes the composer's place in the footer: there is no screen to float it over.
// Drawn over the footer before, a dialog left the composer's and the status line's edges showing
// at both sides (/settings, /help, /hotkeys), or sat under the status line with the composer still
// above it (rewind, /fork).
import { afterEach, expect, test } from "bun:test"
import type { SettingInfo, TreeNode } from "../../src/protocol"
import { FakeClient, item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const settings: SettingInfo[] = [
  {
    key: "autoCompact",
    label: "Auto-compact",
    description: "Summarise older messages",
    value: "on",
    options: ["on", "off"],
  },
  {
    key: "steeringMode",
    label: "Steering mode",
    description: "Deliver queued steers all at once or one by one, as they were typed",
    value: "one-at-a-time",
    options: ["all", "one-at-a-time"],
  },
  { key: "quietStartup", label: "Quiet startup", description: "No banner", value: "off", options: ["on", "off"] },
]

const node = (id: string, parentId: string | null, role: string, text: string): TreeNode => ({
  id,
  parentId,
  role,
  text,
  timestamp: Number(id.slice(1)),
  onPath: true,
  isLeaf: false,
})

async function ready(width: number, height = 24) {
  const saved = structuredClone(settings)
  const client = new FakeClient({
    "settings.list": () => ({ settings: structuredClone(saved) }),
    "settings.set": (p) => {
      saved.find((s) => s.key === p.key)!.value = p.value
      return {}
    },
    "session.tree": () => ({
      nodes: [node("n1", null, "user", "first question"), node("n2", "n1", "assistant", "ok")],
    }),
    "session.forkPoints": () => ({ points: [{ entryId: "n1", text: "first question" }] }),
  })
  app = await mountApp({ width, height, screen: "inline", client })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "before")] }) })
  await app.until("Ask anything")
  return app
}

/** The dialog's rows: a box as wide as the window, with nothing of the composer or status line. */
function expectInPlace(frame: string, width: number) {
  const lines = frame.split("\n").filter((l) => l.trim() !== "")
  expect(frame).not.toContain("Ask anything")
  expect(frame).not.toContain("mouse off")
  expect(lines[0]!.startsWith("╭") && lines[0]!.trimEnd().endsWith("╮")).toBe(true)
  expect(lines.at(-1)!.startsWith("╰") && lines.at(-1)!.trimEnd().endsWith("╯")).toBe(true)
  for (const line of lines.slice(1, -1)) {
    expect(line[0]).toBe("│")
    expect(line.trimEnd().length).toBe(width)
    expect(line.trimEnd().at(-1)).toBe("│")
  }
}

for (const width of [120, 80, 40]) {
  test(`inline at ${width} columns: /settings, /help and /hotkeys draw in the composer's place`, async () => {
    const app = await ready(width)
    await app.submit("/settings")
    expectInPlace(await app.until("Steering mode"), width)
    app.mockInput.pressEscape()
    await app.until("Ask anything")
    for (const [command, shown] of [
      ["/help", "Esc"],
      ["/hotkeys", "Keys"],
    ]) {
      await app.submit(command!)
      expectInPlace(await app.until((f) => f.includes(shown!) && !f.includes("Ask anything")), width)
      app.mockInput.pressEscape()
      await app.until("Ask anything")
    }
  })

  test(`inline at ${width} columns: rewind (Esc Esc) and /fork draw in the composer's place`, async () => {
    const app = await ready(width)
    app.mockInput.pressEscape()
    await app.renderOnce()
    app.mockInput.pressEscape()
    expectInPlace(await app.until("Rewind to before"), width)
    app.mockInput.pressEscape()
    await app.until("Ask anything")
    await app.submit("/fork")
    expectInPlace(await app.until("Fork from message"), width)
    app.mockInput.pressEscape()
    // The composer and status line are back as they were.
    const back = await app.until("Ask anything")
    expect(back).toContain("mouse off")
  })

  test(`/settings at ${width} columns: a description never runs into the value`, async () => {
    const app = await ready(width)
    await app.submit("/settings")
    const frame = await app.until("Steering mode")
    const row = frame.split("\n").find((l) => l.includes("Steering mode"))!
    // The value is whole, two columns clear of the description (cut with "…" when it must be).
    expect(row).toMatch(/(typed|…) {2,}one-at-a-time │/)
    // Descriptions start in one column.
    const lines = frame.split("\n")
    const starts = lines.flatMap((l) => {
      const m = /(Auto-compact|Steering mode|Quiet startup) +/.exec(l)
      return m ? [m.index + m[0].length] : []
    })
    expect(starts.length).toBe(3)
    expect(new Set(starts).size).toBe(1)
  })
}

test("/settings: back from choosing a value, the cursor is on the row just changed", async () => {
  const app = await ready(100, 30)
  await app.submit("/settings")
  await app.until("Steering mode")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until((f) => f.includes("Steering mode") && !f.includes("Auto-compact"))
  app.mockInput.pressArrow("up")
  app.mockInput.pressEnter()
  const again = await app.until((f) => /Steering mode.* all/.test(f))
  expect(again).toMatch(/› Steering mode/)
  app.mockInput.pressArrow("down")
  expect(await app.until("› Quiet startup")).toContain("Quiet startup")
})
