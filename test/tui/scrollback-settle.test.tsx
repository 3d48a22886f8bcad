// SCROLLBACK_SETTLE (docs/patches.md): inline rows are drawn on a scrollback surface through the
// Solid reconciler's `_render`, which @opentui/solid exports for its own writers. The first test
// fails when `_render` goes or changes shape; the others show both paths write the transcript.
import { afterEach, expect, test } from "bun:test"
import { BoxRenderable, type CliRenderer } from "@opentui/core"
import { _render, RendererContext, testRender } from "@opentui/solid"
import { createSignal } from "solid-js"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { patchSwitch } from "../../src/util/patch-switch"

let app: MountedApp | undefined
const SWITCH = patchSwitch("SCROLLBACK_SETTLE")
afterEach(() => {
  app?.renderer.destroy()
  app = undefined
  delete process.env[SWITCH]
})

test("@opentui/solid's _render draws a tree into a given renderable until it is disposed of", async () => {
  expect(typeof _render).toBe("function")
  const setup = await testRender(() => <box />, { width: 30, height: 4 })
  try {
    const [n, setN] = createSignal(1)
    const holder = new BoxRenderable(setup.renderer, { id: "holder", width: 30, height: 3 })
    setup.renderer.root.add(holder)
    const dispose = _render(
      () => (
        <RendererContext.Provider value={setup.renderer as unknown as CliRenderer}>
          <text>{`drawn by the reconciler ${n()}`}</text>
        </RendererContext.Provider>
      ),
      holder,
    )
    expect(typeof dispose).toBe("function")
    await setup.renderOnce()
    expect(setup.captureCharFrame()).toContain("drawn by the reconciler 1")
    setN(2)
    await setup.renderOnce()
    expect(setup.captureCharFrame()).toContain("drawn by the reconciler 2")
    // Disposed of, the tree follows nothing more (its renderables are the surface's to destroy).
    dispose()
    setN(3)
    await setup.renderOnce()
    expect(setup.captureCharFrame()).toContain("drawn by the reconciler 2")
  } finally {
    setup.renderer.destroy()
  }
})

/** A finished reply with a code block goes up; how many scrollback surfaces were made for it. */
async function writeReply(): Promise<{ rows: string[]; surfaces: number }> {
  app = await mountApp({ width: 80, height: 24, screen: "inline" })
  const r = app.renderer as unknown as { createScrollbackSurface: (...a: unknown[]) => unknown }
  const make = r.createScrollbackSurface.bind(r)
  let surfaces = 0
  r.createScrollbackSurface = (...a) => {
    surfaces++
    return make(...a)
  }
  await app.emit({ type: "snapshot", snapshot: snapshot({}) })
  await app.until("Ask anything")
  await app.emit(
    { type: "item_add", item: item.user("u1", "Show code") },
    { type: "item_add", item: item.assistant("a1", "Here:\n\n```ts\nconst answer = 42\n```") },
  )
  const rows: string[] = []
  const end = Date.now() + 20_000
  while (!rows.some((row) => row.includes("const answer = 42"))) {
    if (Date.now() > end) throw new Error(`never written:\n${rows.join("\n")}`)
    for (const commit of app.externalOutput.take()) rows.push(...commit.rows.map((row) => row.trimEnd()))
    await app.renderOnce()
  }
  return { rows, surfaces }
}

test("inline rows are drawn on a scrollback surface that settles before they go up", async () => {
  const { rows, surfaces } = await writeReply()
  expect(surfaces).toBeGreaterThan(0)
  expect(rows.filter((row) => row.includes("Show code"))).toHaveLength(1)
  expect(rows.filter((row) => row.includes("const answer = 42"))).toHaveLength(1)
})

test(`with ${SWITCH}, rows go up through OpenTUI's public writer, once each and in order`, async () => {
  process.env[SWITCH] = "1"
  const { rows, surfaces } = await writeReply()
  expect(surfaces).toBe(0)
  expect(rows.filter((row) => row.includes("Show code"))).toHaveLength(1)
  expect(rows.filter((row) => row.includes("const answer = 42"))).toHaveLength(1)
  expect(rows.findIndex((row) => row.includes("Show code"))).toBeLessThan(
    rows.findIndex((row) => row.includes("const answer = 42")),
  )
})
