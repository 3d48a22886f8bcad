// Where a streaming reply is cut for the scrollback: after finished Markdown blocks, never inside
// a code fence or before an indented continuation; the ledger hands the parts out once, in order.
import { expect, test } from "bun:test"
import type { AssistantItem } from "../../src/protocol"
import { ScrollbackLedger } from "../../src/tui/inline/ledger"
import { BlockCutter, sliceReply } from "../../src/tui/inline/reply-cut"
import { item } from "../fixture/fake-client"

const cutAt = (text: string) => new BlockCutter().feed(text)

test("a block is finished once a blank line is followed by a line at the margin", () => {
  expect(cutAt("one")).toBe(0)
  expect(cutAt("one\n\n")).toBe(0)
  expect(cutAt("one\n\nt")).toBe(5)
  expect(cutAt("one\n\ntwo\n\nthr")).toBe(10)
  // An indented line may still belong to the block above (a list item's paragraph, indented code).
  expect(cutAt("- item\n\n  more")).toBe(0)
  expect(cutAt("para\n\n    code")).toBe(0)
})

test("a code fence is one block until it closes, whatever blank lines it holds", () => {
  const text = "intro\n\n```ts\na\n\nb\n\nc\n```\n\nafter"
  expect(cutAt(text.slice(0, 20))).toBe(7)
  expect(cutAt(text)).toBe(text.indexOf("after"))
  expect(cutAt("~~~\nx\n\ny\n")).toBe(0)
})

test("the cutter reads only what is new, and gives the same cuts fed in pieces", () => {
  const text = "a\n\nb\n\n```\nc\n\nd\n```\n\ne\n\nf"
  const cutter = new BlockCutter()
  let last = 0
  for (let i = 1; i <= text.length; i++) last = cutter.feed(text.slice(0, i))
  expect(last).toBe(cutAt(text))
})

test("a streaming reply goes up in parts, then its rest once settled; nothing twice", () => {
  const ledger = new ScrollbackLedger()
  const reply = (text: string, streaming = true): AssistantItem =>
    item.assistant("a1", text, { streaming }) as AssistantItem
  const items = [item.user("u1", "hi"), reply("one\n\ntw")]
  let steps = ledger.next({ items, session: "p", epoch: 1 })
  expect(steps.map((s) => s.kind)).toEqual(["item", "part"])
  const part = steps[1]!
  if (part.kind !== "part") throw new Error("no part")
  expect(sliceReply(part.item, part.from, part.to).blocks).toEqual([{ type: "text", text: "one" }])
  expect(ledger.partial?.id).toBe("a1")

  items[1] = reply("one\n\ntwo")
  expect(ledger.next({ items, session: "p", epoch: 1 })).toEqual([])
  // A reconnect's snapshot holding the same reply continues where the scrollback is.
  items[1] = reply("one\n\ntwo\n\nthree")
  steps = ledger.next({ items, session: "p", epoch: 2 })
  expect(steps.map((s) => s.kind)).toEqual(["part"])
  items[1] = reply("one\n\ntwo\n\nthree", false)
  steps = ledger.next({ items, session: "p", epoch: 2 })
  expect(steps.length).toBe(1)
  const rest = steps[0]!
  if (rest.kind !== "item" || !rest.from) throw new Error("no rest")
  expect(sliceReply(rest.item as AssistantItem, rest.from).blocks).toEqual([{ type: "text", text: "three" }])
  expect(ledger.partial).toBeUndefined()
  expect(ledger.count).toBe(2)
})
