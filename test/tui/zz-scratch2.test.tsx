import { afterEach, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import type { ScrollBoxRenderable } from "@opentui/core"
import { createSignal, For } from "solid-js"
const variants: Record<string, (i: number, set: (r: any) => void) => any> = {
  borderpad: (i, set) => <box flexDirection="column" flexShrink={0} paddingLeft={2}><box flexDirection="column" flexShrink={0} paddingLeft={1} border={["left"]}><text ref={set}>{`${i}: frobnicate(x, y, z)`}</text></box></box>,
  pad4: (i, set) => <box flexDirection="column" flexShrink={0} paddingLeft={2}><box flexDirection="column" flexShrink={0} paddingLeft={2}><text ref={set}>{`${i}: frobnicate(x, y, z)`}</text></box></box>,
  pad: (i, set) => <box flexDirection="column" flexShrink={0} paddingLeft={4}><text ref={set}>{`${i}: frobnicate(x, y, z)`}</text></box>,
  plain: (i, set) => <text ref={set}>{`${i}: frobnicate(x, y, z) and more`}</text>,
  boxtext: (i, set) => <box flexShrink={0}><text ref={set}>{`${i}: frobnicate(x, y, z) and more`}</text></box>,
}
for (const co of [undefined, { alignSelf: "stretch" }, { width: "100%" }, { alignSelf: "stretch", width: "100%" }]) for (const [name, v] of Object.entries(variants)) for (const initial of [1, 8]) test(`${name} ${initial} ${JSON.stringify(co)}`, async () => {
  const [n, setN] = createSignal(initial)
  let sb!: ScrollBoxRenderable
  let t: any
  const setup = await testRender(() => (
    <scrollbox ref={sb} contentOptions={co as any} width={20} height={8} stickyScroll stickyStart="bottom">
      <For each={Array.from({ length: n() }, (_, i) => i)}>{(i) => v(i, (r) => (t = r))}</For>
    </scrollbox>
  ), { width: 30, height: 10 })
  for (let i = 0; i < 4; i++) await setup.renderOnce()
  setN(8)
  for (let i = 0; i < 4; i++) await setup.renderOnce()
  const p = t.parent
  const inner = p.width - (p.borderSides?.left ? 1 : 0) - (p.yogaNode.getComputedPadding(0) ?? 0)
  console.log(JSON.stringify(co), name, initial, "bar", sb.verticalScrollBar.visible, "text w", t.width, "inner", inner)
  setup.renderer.destroy()
})
