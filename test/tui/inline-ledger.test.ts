// What goes up to the scrollback, and when: in order, once, settled; snapshots continue or move.
import { expect, test } from "bun:test"
import type { TranscriptItem } from "../../src/protocol"
import { ScrollbackLedger, type CommitStep } from "../../src/tui/inline/ledger"
import { item } from "../fixture/fake-client"

const names = (steps: CommitStep[]) =>
  steps.map((s) => (s.kind === "separator" ? `-- ${s.text}` : s.kind === "part" ? `${s.item.id} part` : s.item.id))
const notice = (id: string): TranscriptItem => ({ kind: "notice", id, level: "info", text: id, timestamp: 1 })

test("settled items go up in order; the first unsettled one holds back those after it", () => {
  const ledger = new ScrollbackLedger()
  const items = [
    item.user("u1", "hi"),
    item.assistant("a1", "thinking…", { streaming: true }),
    item.tool("t1", "bash", {}, { status: "done" }),
  ]
  expect(names(ledger.next({ items, session: "p", epoch: 1 }))).toEqual(["u1"])
  expect(ledger.count).toBe(1)
  expect(names(ledger.next({ items, session: "p", epoch: 1 }))).toEqual([])
  items[1] = item.assistant("a1", "done")
  expect(names(ledger.next({ items, session: "p", epoch: 1 }))).toEqual(["a1", "t1"])
  expect(ledger.count).toBe(3)
})

test("a running tool or ! command is not settled until it is done", () => {
  const ledger = new ScrollbackLedger()
  const items = [item.tool("t1", "read", {}, { status: "running" })]
  expect(names(ledger.next({ items, session: "p", epoch: 1 }))).toEqual([])
  items[0] = item.tool("t1", "read", {}, { status: "error" })
  items.push({ kind: "bash", id: "b1", command: "ls", output: "", status: "running", timestamp: 1 })
  expect(names(ledger.next({ items, session: "p", epoch: 1 }))).toEqual(["t1"])
})

test("a reconnect's snapshot (same items, notices dropped) continues and writes nothing twice", () => {
  const ledger = new ScrollbackLedger()
  const first = [item.user("u1", "a"), item.assistant("a1", "b"), notice("n1")]
  expect(names(ledger.next({ items: first, session: "p", epoch: 1 }))).toEqual(["u1", "a1", "n1"])
  const again = [item.user("u1", "a"), item.assistant("a1", "b"), item.user("u2", "c")]
  expect(names(ledger.next({ items: again, session: "p", epoch: 2 }))).toEqual(["u2"])
})

test("another session: a separator, then its history; /new: a separator alone", () => {
  const ledger = new ScrollbackLedger()
  ledger.next({ items: [item.user("u1", "a")], session: "p1", epoch: 1 })
  expect(names(ledger.next({ items: [], session: "p2", epoch: 2 }))).toEqual(["-- new session"])
  const other = [item.user("x1", "x"), item.assistant("x2", "y")]
  expect(names(ledger.next({ items: other, session: "p3", epoch: 3 }))).toEqual(["-- another session", "x1", "x2"])
})

test("a fork keeps the part the scrollback holds; a tree jump marks the move and writes the conversation up to its tip again", () => {
  const ledger = new ScrollbackLedger()
  const main = [item.user("u1", "a"), item.assistant("a1", "b"), item.user("u2", "c"), item.assistant("a2", "d")]
  ledger.next({ items: main, session: "p", epoch: 1 })
  // the fork holds the first two entries under the same ids
  expect(names(ledger.next({ items: main.slice(0, 2), session: "p-fork", epoch: 2 }))).toEqual(["-- another session"])
  const branch = [...main.slice(0, 2), item.user("u9", "other"), item.assistant("a9", "e")]
  expect(names(ledger.next({ items: branch, session: "p-fork", epoch: 3 }))).toEqual(["u9", "a9"])
  // back to the first branch's tip: the conversation up to it goes up again, so the person sees where they are
  expect(names(ledger.next({ items: main, session: "p-fork", epoch: 4 }))).toEqual([
    "-- another point of the session tree",
    "u1",
    "a1",
    "u2",
    "a2",
  ])
  expect(ledger.count).toBe(4)
  // a rewind to before u2: the part before it, again
  expect(names(ledger.next({ items: main.slice(0, 2), session: "p-fork", epoch: 5 }))).toEqual([
    "-- another point of the session tree",
    "u1",
    "a1",
  ])
  // and what follows there goes on from it, once
  const next = [...main.slice(0, 2), item.user("u3", "again")]
  expect(names(ledger.next({ items: next, session: "p-fork", epoch: 5 }))).toEqual(["u3"])
})

test("the window's reset between sessions (no session, no items) writes nothing", () => {
  const ledger = new ScrollbackLedger()
  ledger.next({ items: [item.user("u1", "a")], session: "p1", epoch: 1 })
  expect(names(ledger.next({ items: [], session: undefined, epoch: 0 }))).toEqual([])
  expect(names(ledger.next({ items: [item.user("u1", "a")], session: "p1", epoch: 1 }))).toEqual([])
})

test("an item held live (the open plan card) stays below, with those after it, until it is let go", () => {
  const ledger = new ScrollbackLedger()
  const items = [item.user("u1", "plan it"), item.assistant("card", "the plan"), item.assistant("a2", "after")]
  expect(names(ledger.next({ items, session: "p", epoch: 1, hold: "card" }))).toEqual(["u1"])
  expect(ledger.count).toBe(1)
  expect(names(ledger.next({ items, session: "p", epoch: 1 }))).toEqual(["card", "a2"])
})
