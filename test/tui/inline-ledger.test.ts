// What goes up to the scrollback, and when: in order, once, settled; snapshots continue or move.
import { describe, expect, test } from "bun:test"
import { createEffect, createRoot } from "solid-js"
import { createStore, produce, unwrap } from "solid-js/store"
import type { AssistantItem, ToolItem, TranscriptItem } from "../../src/protocol"
import { ScrollbackLedger, type CommitStep } from "../../src/tui/inline/ledger"
import { item } from "../fixture/fake-client"

const names = (steps: CommitStep[]) =>
  steps.map((s) => (s.kind === "separator" ? `-- ${s.text}` : s.kind === "part" ? `${s.item.id} part` : s.item.id))
const at = (it: TranscriptItem, timestamp: number): TranscriptItem => ({ ...it, timestamp })
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

test("a new session's tool call that reuses an id of the last session's goes up (ids are the model's call ids)", () => {
  const ledger = new ScrollbackLedger()
  const first = [item.user("u1", "a"), item.tool("call_1_0", "bash", {}, { timestamp: 1 }), item.assistant("a1", "b")]
  ledger.next({ items: first, session: "p1", epoch: 1 })
  const items: TranscriptItem[] = []
  expect(names(ledger.next({ items, session: "p2", epoch: 2 }))).toEqual(["-- new session"])
  items.push(item.user("u2", "c"), item.tool("call_1_0", "bash", {}, { timestamp: 2, status: "running" }))
  expect(names(ledger.next({ items, session: "p2", epoch: 2 }))).toEqual(["u2"])
  items[1] = item.tool("call_1_0", "bash", {}, { timestamp: 2 })
  expect(names(ledger.next({ items, session: "p2", epoch: 2 }))).toEqual(["call_1_0"])
  // Even one that looks the same (same kind and time): it came after the view started, so it is new.
  items.push(item.assistant("a1", "b"))
  expect(names(ledger.next({ items, session: "p2", epoch: 2 }))).toEqual(["a1"])
  // Resumed elsewhere: a history that reuses the id at another time is another item.
  const other = [at(item.user("x1", "x"), 5), item.tool("call_1_0", "bash", {}, { timestamp: 5 })]
  expect(names(ledger.next({ items: other, session: "p3", epoch: 3 }))).toEqual([
    "-- another session",
    "x1",
    "call_1_0",
  ])
})

test("a view that changed while the ledger was not asked (a page up; the store's epoch counted from 0 again) is a new view", () => {
  const ledger = new ScrollbackLedger()
  const a = [item.user("u1", "a"), item.assistant("a1", "b"), item.user("u2", "c"), item.assistant("a2", "d")]
  ledger.next({ items: a, session: "p1", epoch: 1 })
  // Another session, at the epoch the last one had: none of its items may be taken as up there.
  const b = [at(item.user("x1", "x"), 7), item.assistant("x2", "y", { timestamp: 7 })]
  expect(names(ledger.next({ items: b, session: "p2", epoch: 1 }))).toEqual(["-- another session", "x1", "x2"])
  // The same session, reloaded with other items at the same epoch.
  const c = [at(item.user("y1", "z"), 9)]
  expect(names(ledger.next({ items: c, session: "p2", epoch: 1 }))).toEqual([
    "-- another point of the session tree",
    "y1",
  ])
})

/**
 * Adversarial runs: ids from a small pool (every session numbers its calls and notices from 1),
 * sessions switched, resumed, forked, reconnected, and views changed behind the ledger's back at an
 * epoch it has seen. Whatever happens, no item of the view shown is missing from the scrollback, and
 * between two separators nothing is written twice and everything is in the view's order.
 */
test("adversarial sequences: no item of the shown view is ever missing from the scrollback", () => {
  let seed = 7
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed % n
  }
  // Every item's true identity is its text; its id is what a host would hand out.
  let made = 0
  let clock = 0
  const make = (id: string, settled = true): TranscriptItem => {
    const text = `item-${++made}`
    clock++
    switch (id[0]) {
      case "c":
        return item.tool(id, "bash", { text }, { timestamp: clock, output: text, status: settled ? "done" : "running" })
      case "n":
        return { kind: "notice", id, level: "info", text, timestamp: clock }
      case "u":
        return at(item.user(id, text), clock)
      default:
        return item.assistant(id, text, { timestamp: clock, streaming: !settled })
    }
  }
  const uid = (it: TranscriptItem) =>
    it.kind === "tool"
      ? (it.output ?? "")
      : it.kind === "assistant"
        ? (it.blocks[0] as { text: string }).text
        : (it as { text: string }).text
  const POOL = ["call_1_0", "call_1_1", "call_2_0", "n-1", "n-2"]

  for (let run = 0; run < 300; run++) {
    const ledger = new ScrollbackLedger()
    const scrollback: string[] = []
    let items: TranscriptItem[] = []
    let session = 0
    let epoch = 1
    const sessions: TranscriptItem[][] = []
    const fresh = (n: number) => {
      const out: TranscriptItem[] = []
      const ids = new Set<string>()
      for (let i = 0; i < n; i++) {
        let id = rand(3) === 0 ? POOL[rand(POOL.length)]! : `${"ua"[rand(2)]}-${clock + 1}`
        while (ids.has(id)) id += "-2"
        ids.add(id)
        // Snapshots carry no notices.
        if (id.startsWith("n")) continue
        out.push(make(id))
      }
      return out
    }
    // An item held below (an open plan card) until the next operation.
    let hold: string | undefined
    const step = () => {
      for (const s of ledger.next({ items, session: `p${session}`, epoch, hold }))
        scrollback.push(s.kind === "separator" ? "--" : s.kind === "part" ? "" : uid(s.item))
    }
    for (let op = 0; op < 30; op++) {
      const kind = rand(10)
      const before = items
      hold = undefined
      if (kind < 4) {
        // Live: a settled item, or one that settles a step later; ids unique within the session.
        const taken = new Set(items.map((i) => i.id))
        let id = rand(2) === 0 ? POOL[rand(POOL.length)]! : `${"ua"[rand(2)]}-${clock + 1}`
        while (taken.has(id)) id += "-2"
        const settled = rand(3) > 0
        items = [...items, make(id, settled)]
        // Only cards are held; a notice held below them that a reconnect's snapshot drops is not
        // in any view any more (accepted: notices are live-only).
        if (settled && !id.startsWith("n") && rand(4) === 0) hold = id
        step()
        if (!settled) {
          const last = items.at(-1)!
          items = items.map((i) =>
            i === last ? (i.kind === "tool" ? { ...i, status: "done" as const } : { ...i, streaming: false }) : i,
          )
        }
      } else if (kind === 4) {
        // /new
        sessions.push(items)
        session = sessions.length + 1
        epoch++
        items = []
      } else if (kind === 5) {
        // resume a session never shown in this window
        sessions.push(items)
        session = sessions.length + 1
        epoch++
        items = fresh(1 + rand(5))
      } else if (kind === 6) {
        // resume one shown before
        if (sessions.length === 0) continue
        const back = rand(sessions.length)
        sessions.push(items)
        items = sessions[back]!.filter((i) => i.kind !== "notice")
        session = back + 1
        epoch++
      } else if (kind === 7) {
        // fork: a prefix of this one under a new session
        sessions.push(items)
        session = sessions.length + 1
        epoch++
        items = items.filter((i) => i.kind !== "notice").slice(0, rand(items.length + 1))
      } else if (kind === 8) {
        // reconnect
        epoch++
        items = items.filter((i) => i.kind !== "notice")
      } else {
        // another session at an epoch the ledger has seen (the store reset its count while a page was up)
        sessions.push(items)
        session = sessions.length + 1
        items = fresh(1 + rand(4))
      }
      step()
      // No loss: every item of the view the ledger counts as up is in the scrollback.
      const up = new Set(scrollback)
      for (const it of items.slice(0, ledger.count))
        if (!up.has(uid(it))) throw new Error(`run ${run} op ${op}: ${it.id} (${uid(it)}) never written`)
      // Every settled item is counted, up to the one held.
      const held = items.findIndex((i) => i.id === hold)
      expect(ledger.count).toBe(held === -1 ? items.length : held)
      // A view left behind left nothing unwritten (what was held below went up with it).
      if (kind >= 4 && before !== items)
        for (const it of before.filter((i) => kind !== 8 || i.kind !== "notice"))
          if (!up.has(uid(it))) throw new Error(`run ${run} op ${op}: ${it.id} (${uid(it)}) of the last view lost`)
      // Nothing twice, in order, between two separators.
      const segment = scrollback.slice(scrollback.lastIndexOf("--") + 1).filter((r) => r)
      expect(new Set(segment).size).toBe(segment.length)
      const order = items.map(uid).filter((u) => segment.includes(u))
      expect(order).toEqual(segment.filter((u) => order.includes(u)))
    }
  }
})

test("what a view held below (the open plan card and the items after it) goes up before the separator when the view moves", () => {
  const ledger = new ScrollbackLedger()
  const items = [item.user("u1", "plan it"), item.assistant("card", "the plan"), item.assistant("a2", "after")]
  expect(names(ledger.next({ items, session: "p", epoch: 1, hold: "card" }))).toEqual(["u1"])
  // A reconnect still has them: they stay held.
  expect(names(ledger.next({ items: [...items], session: "p", epoch: 2, hold: "card" }))).toEqual([])
  expect(names(ledger.next({ items: [], session: "p2", epoch: 3 }))).toEqual(["card", "a2", "-- new session"])
})

test("a card let go while a later reply still streams is not written again when the view moves", () => {
  const ledger = new ScrollbackLedger()
  const items = [item.user("u1", "plan it"), item.assistant("card", "the plan")]
  ledger.next({ items, session: "p", epoch: 1, hold: "card" })
  items.push(item.user("u2", "go"), item.assistant("a2", "work", { streaming: true }))
  expect(names(ledger.next({ items, session: "p", epoch: 1 }))).toEqual(["card", "u2"])
  expect(names(ledger.next({ items: [], session: "p2", epoch: 2 }))).toEqual(["-- new session"])
})

describe("a long history's budget", () => {
  // Items of about 100 bytes: a history of up to 10 goes up whole, of a longer one the newest 4.
  const budget = { wholeBytes: 1000, newestBytes: 400 }
  const history = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) =>
      at(item.user(`u${from + i}`, `question ${from + i} `.padEnd(40, ".")), i + from),
    )
  const size = (items: TranscriptItem[]) => items.reduce((n, it) => n + JSON.stringify(it).length, 0)

  test("a history within it goes up whole, with no row above it", () => {
    const items = history(8)
    expect(size(items)).toBeLessThan(budget.wholeBytes)
    const ledger = new ScrollbackLedger(budget)
    expect(names(ledger.next({ items, session: "p", epoch: 1 }))).toEqual(items.map((it) => it.id))
  })

  test("of a longer one only the newest part, under a row counting what is left out; a later snapshot of it continues", () => {
    const items = history(30)
    expect(size(items)).toBeGreaterThan(budget.wholeBytes)
    const ledger = new ScrollbackLedger(budget)
    const first = names(ledger.next({ items, session: "p", epoch: 1 }))
    expect(first[0]).toBe("-- 26 earlier entries not shown · /tree or --fullscreen shows them")
    expect(first.slice(1)).toEqual(["u26", "u27", "u28", "u29"])
    expect(ledger.count).toBe(30)
    // The host's snapshot after the window's own preview, a reconnect: nothing again, no row again.
    const more = [...items, ...history(1, 30)]
    expect(names(ledger.next({ items: more, session: "p", epoch: 2 }))).toEqual(["u30"])
    // Items that arrive while the view is shown always go up, past any budget.
    const live = [...more, ...history(20, 31)]
    expect(names(ledger.next({ items: live, session: "p", epoch: 2 }))).toEqual(live.slice(31).map((it) => it.id))
    // A resize or fold writes the view again on a fresh ledger: its newest part, by the same rule.
    const again = names(new ScrollbackLedger(budget).next({ items: live, session: "p", epoch: 2 }))
    expect(again).toEqual([
      `-- 47 earlier entries not shown · /tree or --fullscreen shows them`,
      "u47",
      "u48",
      "u49",
      "u50",
    ])
  })

  test("a history the host already cut counts both parts; a preview that cannot count says some", () => {
    const items = history(30, 100)
    const counted = names(new ScrollbackLedger(budget).next({ items, session: "p", epoch: 1, earlier: 100 }))
    expect(counted[0]).toBe("-- 126 earlier entries not shown · /tree or --fullscreen shows them")
    const some = names(new ScrollbackLedger(budget).next({ items, session: "p", epoch: 1, earlier: "some" }))
    expect(some[0]).toBe("-- Earlier entries not shown · /tree or --fullscreen shows them")
    expect(some.slice(1)).toEqual(counted.slice(1))
  })

  test("another session that starts with the same items is not taken for the part left out", () => {
    const items = history(30)
    const ledger = new ScrollbackLedger(budget)
    ledger.next({ items, session: "p", epoch: 1 })
    // a fork at u27: the fork's u0…u25 were never written here, so they do not count as held
    const fork = names(ledger.next({ items: items.slice(0, 28), session: "p-fork", epoch: 2 }))
    expect(fork[0]).toBe("-- another session")
    expect(fork[1]).toMatch(/earlier entries not shown/)
    // its newest part goes up, but for what the scrollback holds already (u26, u27): nothing twice
    expect(fork.filter((n) => n.startsWith("u"))).toEqual(["u24", "u25"])
  })
})

describe("read from the items outside the store", () => {
  // The committer runs the ledger in an effect over the window's store and hands it the same items
  // unwrapped (`plain`): a 2,000-message resume read through the store's proxies cost ~0.1 s. Only
  // the count and the first item not up yet may be read through the store, and those must be, or
  // the effect would not run again when they change.
  const history = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      i % 2 ? item.assistant(`a${i}`, `answer ${i}`) : item.user(`u${i}`, `question ${i}`),
    )

  test("a long history's items are not read through the store; the frontier is", () => {
    const items = history(2000)
    const reads = new Set<number>()
    const counted = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads.add(Number(key))
        return Reflect.get(target, key, receiver)
      },
    })
    const ledger = new ScrollbackLedger()
    expect(ledger.next({ items: counted, plain: items, session: "p", epoch: 1 }).length).toBe(2000)
    expect([...reads]).toEqual([])
    items.push(item.assistant("a2000", "stre", { streaming: true }))
    reads.clear()
    expect(ledger.next({ items: counted, plain: items, session: "p", epoch: 1 })).toEqual([])
    expect([...reads]).toEqual([2000])
  })

  test("in an effect over a Solid store: a new item, a tool done, a reply's new block run it again", () => {
    const [state, setState] = createStore({ items: history(4) })
    const ledger = new ScrollbackLedger()
    const up: string[] = []
    const dispose = createRoot((dispose) => {
      createEffect(() => {
        const steps = ledger.next({ items: state.items, plain: unwrap(state.items), session: "p", epoch: 1 })
        up.push(...names(steps))
      })
      return dispose
    })
    expect(up).toEqual(["u0", "a1", "u2", "a3"])
    setState("items", state.items.length, item.tool("t4", "bash", {}, { status: "running" }))
    expect(up.length).toBe(4)
    setState(produce((s) => void ((s.items[4] as ToolItem).status = "done")))
    expect(up.at(-1)).toBe("t4")
    setState("items", 5, item.assistant("a5", "first block", { streaming: true }))
    setState(
      produce((s) => void ((s.items[5] as AssistantItem).blocks[0] = { type: "text", text: "first block\n\nsecond" })),
    )
    expect(up.at(-1)).toBe("a5 part")
    setState(produce((s) => void ((s.items[5] as AssistantItem).streaming = false)))
    expect(up.at(-1)).toBe("a5")
    dispose()
  })
})
