// The component host through the session's requests (a real Pi session on the faux model): who may
// press keys, what a new session or a closed one leaves of the components, and the render width.
import { expect, test } from "bun:test"
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import type { SessionSnapshot } from "../../src/protocol"
import { useFauxSessions } from "../fixture/faux-session"

const open = useFauxSessions()

// A command that shows a component echoing its width and the keys it got.
const echo: ExtensionFactory = (pi) =>
  pi.registerCommand("echo", {
    handler: async (_a, ctx) => {
      await ctx.ui.custom<void>((tui, _theme, _kb, done) => {
        let keys = ""
        return {
          render: (w: number) => [`width=${w} keys=${keys}`],
          invalidate() {},
          handleInput(data: string) {
            if (data === "\x1b") return done()
            keys += data
            tui.requestRender()
          },
        }
      })
    },
  })

const components = (s: SessionSnapshot) => s.ui.components ?? []

async function shown() {
  const s = await open({ extensionFactories: [echo] })
  await s.send("/echo")
  const snap = await s.rec.waitFor((x) => components(x).length === 1, "the component")
  return { ...s, id: components(snap)[0]!.id }
}

test("keys from the first window drive it; another window's are refused; an unknown component is not found", async () => {
  const { fx, sessionId, rec, id } = await shown()
  const key = (window: string, data: string, componentId = id) =>
    fx.client.request("session.componentInput", { sessionId, componentId, window, data })
  await key("w-a", "x")
  await rec.waitFor((s) => components(s)[0]?.lines[0] === "width=80 keys=x", "x")
  expect(components(rec.state!)[0]!.owner).toBe("w-a")
  await expect(key("w-b", "y")).rejects.toThrow("Another window is using this component")
  await expect(key("w-a", "y", "c-none")).rejects.toThrow("is no longer shown")
  // The owner's size is the one rendered at.
  await fx.client.request("session.componentResize", { sessionId, window: "w-b", width: 50, height: 20 })
  await fx.client.request("session.componentResize", { sessionId, window: "w-a", width: 120, height: 40 })
  await rec.waitFor((s) => components(s)[0]?.lines[0] === "width=120 keys=x", "the owner's width")
  await key("w-a", "\x1b")
  await rec.waitFor((s) => components(s).length === 0, "done() removes it")
})

test("a new session takes the components away; so do /reload and closing the session", async () => {
  const first = await shown()
  await first.fx.client.request("session.new", { sessionId: first.sessionId })
  await first.rec.waitFor((s) => components(s).length === 0, "gone after /new")

  const reloaded = await shown()
  await reloaded.fx.client.request("session.reload", { sessionId: reloaded.sessionId })
  await reloaded.rec.waitFor((s) => components(s).length === 0, "gone after /reload")

  const second = await shown()
  await second.fx.client.request("session.close", { sessionId: second.sessionId })
  await second.rec.waitFor((s, ev) => ev.some((e) => e.event.type === "closed") && components(s).length === 0, "gone")
})
