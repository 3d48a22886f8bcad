// A scrollbox that mounts only the rows near its viewport: spacers stand in for the rest, sized
// from measured heights (or estimates for rows never drawn). A frame costs the same with 10 rows
// or 10,000. Sticks to the bottom while the person has not scrolled away.
import type { BoxRenderable, ScrollBoxRenderable } from "@opentui/core"
import { useTerminalDimensions } from "@opentui/solid"
import { createMemo, createSignal, For, onCleanup, onMount, untrack, type JSX } from "solid-js"
import { $RAW } from "solid-js/store"
import { HeightIndex } from "./height-index"

export interface VirtualListApi {
  scrollBy(rows: number): void
  /** Scrolls by most of a viewport, keeping a little context. */
  page(direction: 1 | -1): void
  toTop(): void
  toBottom(): void
  atBottom(): boolean
  /** How many rows are mounted now. */
  mounted(): number
}

export function VirtualList<T>(props: {
  items: readonly T[]
  key: (item: T) => string
  estimate: (item: T, width: number) => number
  /** Changes when the list was replaced wholesale (a new snapshot). */
  epoch?: unknown
  /** Extra rows mounted above and below the viewport. */
  overscan?: number
  id?: string
  apiRef?: (api: VirtualListApi) => void
  /** True while rows were added or the last row grew below a view scrolled away from the bottom. */
  onNewBelow?: (unseen: boolean) => void
  /** Drawn above the first row (not counted in the rows' heights: a line or two). */
  header?: () => JSX.Element
  /** The view is within a screenful of the top (to load older rows, which then go in above). */
  onNearTop?: () => void
  children: (item: T) => JSX.Element
}) {
  const dims = useTerminalDimensions()
  let sb: ScrollBoxRenderable | undefined
  // Starts "at the bottom" so the first frame mounts the newest rows, not the oldest.
  const [scrollTop, setScrollTop] = createSignal(Number.MAX_SAFE_INTEGER)
  const [viewport, setViewport] = createSignal(0)
  const [width, setWidth] = createSignal(0)
  const [version, setVersion] = createSignal(0)
  const index = new HeightIndex()
  const measured = new Map<string, number>()
  let keys: string[] = []
  let keyedWidth = -1
  let keyedEpoch: unknown
  /** Where the view goes once the content has grown (older rows went in above). */
  let pendingTop: number | undefined
  const settleTop = () => {
    if (pendingTop === undefined || !sb) return
    sb.scrollTop = pendingTop
    if (Math.abs(sb.scrollTop - pendingTop) >= 1) return
    pendingTop = undefined
    setScrollTop(sb.scrollTop)
  }

  // Keys and estimates are read from the items outside the store (untracked anyway): a snapshot's
  // 2,000 items read through its proxies, every field an estimate looks at, took 16–27 ms (2–10 plain).
  // The store's own array behind its proxy only: `unwrap` would walk a plain array's every item.
  const plain = (): readonly T[] => (props.items as { [$RAW]?: readonly T[] })[$RAW] ?? props.items
  const rebuild = (w: number) => {
    const items = plain()
    keys = items.map(props.key)
    index.reset(items.map((item, i) => measured.get(keys[i]!) ?? props.estimate(item, w)))
  }

  // Brings `index` in step with the items: O(new rows) when rows were only appended.
  const syncIndex = () => {
    const items = plain()
    const w = width() || dims().width
    if (w !== keyedWidth || props.epoch !== keyedEpoch) {
      if (w !== keyedWidth) measured.clear()
      keyedWidth = w
      keyedEpoch = props.epoch
      return rebuild(w)
    }
    const n = items.length
    const k = keys.length
    // Older rows put in above (a long history's earlier part): the rows on screen stay where they are.
    const prepended = k > 0 && n > k && props.key(items[n - k]!) === keys[0] && props.key(items[n - 1]!) === keys[k - 1]
    if (prepended) {
      rebuild(w)
      // The scrollbox cannot scroll there before its content has grown: the spot is kept and set
      // once a layout has happened (a spacer or a row reports its new size).
      pendingTop = (sb?.scrollTop ?? 0) + index.offset(n - k)
      return
    }
    const appended =
      k <= n && (k === 0 || (props.key(items[0]!) === keys[0] && props.key(items[k - 1]!) === keys[k - 1]))
    if (!appended) return rebuild(w)
    if (n > k && k > 0) noteGrowth()
    for (let i = k; i < n; i++) {
      const key = props.key(items[i]!)
      keys.push(key)
      index.push(measured.get(key) ?? props.estimate(items[i]!, w))
    }
  }

  const range = createMemo(() => {
    version()
    const n = props.items.length
    // Track the ends of the list only; the rows in between are read untracked.
    if (n > 0) {
      props.items[0]
      props.items[n - 1]
    }
    untrack(syncIndex)
    const h = viewport() || dims().height
    const over = props.overscan ?? h
    if (n === 0) return { start: 0, end: 0, before: 0, after: 0 }
    const top = Math.min(pendingTop ?? scrollTop(), Math.max(0, index.total() - h))
    const start = index.indexAt(Math.max(0, top - over))
    const end = Math.min(n, index.indexAt(top + h + over) + 1)
    return { start, end, before: index.offset(start), after: index.total() - index.offset(end) }
  })
  const visible = createMemo(() => {
    const r = range()
    return props.items.slice(r.start, r.end)
  })

  let shift = 0
  let scheduled = false
  const atBottom = () => !sb || sb.scrollTop >= sb.scrollHeight - sb.viewport.height - 1
  let unseen = false
  const setUnseen = (v: boolean) => {
    if (v === unseen) return
    unseen = v
    props.onNewBelow?.(v)
  }
  // Only the end of the list counts: rows above re-measured while scrolling are not new output.
  const noteGrowth = () => {
    if (!atBottom()) setUnseen(true)
  }
  const flushMeasures = () => {
    scheduled = false
    settleTop()
    if (shift && sb) sb.scrollTop += shift
    shift = 0
    setVersion((v) => v + 1)
  }
  const measure = (key: string, at: number, height: number) => {
    // Rows being taken down report NaN; only real layouts count.
    if (!Number.isFinite(height)) return
    if (measured.get(key) === height) return
    measured.set(key, height)
    if (keys[at] !== key) return
    const old = index.height(at)
    if (!index.set(at, height)) return
    if (at === keys.length - 1 && height > old) noteGrowth()
    // A row above what the person is reading changed size: move with it so the text stays put.
    if (pendingTop !== undefined) {
      if (index.offset(at) + old <= pendingTop) pendingTop += height - old
    } else if (sb && !atBottom() && index.offset(at) + old <= sb.scrollTop) shift += height - old
    if (scheduled) return
    scheduled = true
    queueMicrotask(flushMeasures)
  }

  onMount(() => {
    const box = sb
    if (!box) return
    const bar = box.verticalScrollBar
    const onChange = () => {
      setScrollTop(box.scrollTop)
      if (atBottom()) setUnseen(false)
      if (box.scrollTop < box.viewport.height) props.onNearTop?.()
    }
    bar.on("change", onChange)
    onCleanup(() => bar.off("change", onChange))
    const api: VirtualListApi = {
      scrollBy: (rows) => box.scrollBy(rows),
      page: (dir) => box.scrollBy(dir * Math.max(1, box.viewport.height - 2)),
      toTop: () => box.scrollTo(0),
      toBottom: () => box.scrollTo(box.scrollHeight),
      atBottom,
      mounted: () => visible().length,
    }
    props.apiRef?.(api)
  })

  return (
    <scrollbox
      ref={(r: ScrollBoxRenderable) => (sb = r)}
      id={props.id}
      flexGrow={1}
      flexShrink={1}
      minHeight={0}
      stickyScroll
      stickyStart="bottom"
      // Yoga sizes the content from the wrapper's flex basis (its width before the scrollbar took a
      // column) and does not lay the rows out again once it shrinks: text then wrapped one column
      // too wide and lost its last character under the scrollbar. A zero basis sizes it by growth.
      wrapperOptions={{ flexBasis: 0 }}
      onSizeChange={() => {
        if (!sb) return
        setViewport(sb.viewport.height || sb.height)
        setWidth(sb.viewport.width || sb.width)
      }}
    >
      <box flexShrink={0}>{props.header?.()}</box>
      <box height={range().before} flexShrink={0} onSizeChange={settleTop} />
      <For each={visible()}>
        {(item, i) => {
          const key = props.key(item)
          let el: BoxRenderable | undefined
          return (
            <box
              ref={el}
              flexShrink={0}
              flexDirection="column"
              onSizeChange={() => {
                if (el) measure(key, range().start + i(), el.height)
              }}
            >
              {props.children(item)}
            </box>
          )
        }}
      </For>
      <box height={range().after} flexShrink={0} onSizeChange={settleTop} />
    </scrollbox>
  )
}
