import { expect, test } from "bun:test"
import { KeyedTurns } from "../../src/util/keyed-turns"

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  return { opened, open }
}

test("calls for one key run one after another, in the order they came, a failure included", async () => {
  const turns = new KeyedTurns()
  const order: string[] = []
  const first = gate()
  const a = turns.take("file", async () => {
    order.push("a starts")
    await first.opened
    order.push("a ends")
    throw new Error("a failed")
  })
  const b = turns.take("file", async () => {
    order.push("b")
    return "b's"
  })
  const c = turns.take("file", async () => {
    order.push("c")
    return "c's"
  })
  await Bun.sleep(0)
  expect(order).toEqual(["a starts"])
  first.open()
  await expect(a).rejects.toThrow("a failed")
  expect(await b).toBe("b's")
  expect(await c).toBe("c's")
  expect(order).toEqual(["a starts", "a ends", "b", "c"])
})

test("calls for other keys do not wait", async () => {
  const turns = new KeyedTurns()
  const held = gate()
  const slow = turns.take("one", () => held.opened.then(() => "one"))
  expect(await turns.take("two", async () => "two")).toBe("two")
  held.open()
  expect(await slow).toBe("one")
  // and a key whose turns are over starts at once
  expect(await turns.take("one", async () => "again")).toBe("again")
})
