import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import type { ScrollBoxRenderable } from "@opentui/core"
let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())
test(`resize`, async () => {
  app = await mountApp({ width: 40, height: 18 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.emit(
    { type: "item_add", item: item.user("u1", "please refactor the frobnicator module to use streams") },
    { type: "item_add", item: item.assistant("a1", "Sure, I will **look** at `src/frob.ts` first and then edit it carefully.") },
    { type: "item_add", item: item.tool("t1", "bash", { command: "grep -rn frobnicate src/ | head -50" }, { status: "done", output: "src/a.ts:1: frobnicate()\nsrc/b.ts:2: frobnicate(x, y, z)" }) },
    { type: "item_add", item: item.tool("t2", "edit", { path: "/work/demo/src/very/long/path/to/frob.ts", oldText: "a", newText: "b" }, { status: "running" }) },
  )
  const sb = () => app!.renderer.root.findDescendantById("transcript") as ScrollBoxRenderable
  const st = () => { const s = sb(); return `sb ${s.width} viewport ${s.viewport.width} content ${s.content.width} bar ${s.verticalScrollBar.visible} h ${s.content.height}/${s.viewport.height} top ${s.scrollTop}` }
  for (let i = 0; i < 8; i++) { await app.renderOnce(); console.log(i, st()) }
  console.log(app.frame())
  app.resize(20, 18)
  for (let i = 0; i < 8; i++) { await app.renderOnce(); console.log(i, st()) }
  console.log(app.frame())
  const walk = (r: any, d = 0): void => { const t = (r as any).plainText; if (typeof t === "string" && t.includes("frobnicate(x")) console.log("TEXT", r.constructor.name, r.x, r.width, r.height, JSON.stringify(t), "parent", r.parent?.width, r.parent?.x); for (const c of r.getChildren()) walk(c, d + 1) }
  walk(app.renderer.root)
})
