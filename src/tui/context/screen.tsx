// Where the window draws. Full screen: the alternate screen, the transcript in a scrollable view.
// Inline: the main screen, finished transcript items in the terminal's own scrollback and the
// rest (the live reply, composer, dock, dialogs, status bar) in a footer pinned below it that
// grows and shrinks with its content up to the terminal's height. Pages that need the whole
// screen (sessions, tree) go to the alternate screen and come back to the inline view as it was.
import { useRenderer } from "@opentui/solid"
import { createEffect, createSignal, on, onCleanup } from "solid-js"
import { createCommitter } from "../inline/committer"
import { footerRows } from "../inline/footer-rows"
import { terminalLentNow } from "../util/terminal-lend"
import { useDialog } from "./dialog"
import { createSimpleContext } from "./helper"
import { useRoute } from "./route"
import { useSync } from "./sync"
import { useView } from "./view"

export type ScreenMode = "inline" | "fullscreen"

type Sized = { readonly height: number }

export const { use: useScreen, provider: ScreenProvider } = createSimpleContext({
  name: "Screen",
  init: (props: { mode?: ScreenMode }) => {
    const inline = props.mode === "inline"
    const renderer = useRenderer()
    const route = useRoute()
    const dialog = useDialog()
    const sync = useSync()
    const view = useView()
    const [rows, setRows] = createSignal(renderer.terminalHeight)
    const [liveHeight, setLiveHeight] = createSignal(0)
    const parts: { page?: Sized; live?: Sized; content?: Sized } = {}
    let measuring = false
    // Inline only: the scrollback is written while the main screen is up.
    const [onMain, setOnMain] = createSignal(inline)

    const onResize = () => setRows(renderer.terminalHeight)
    renderer.on("resize", onResize)
    onCleanup(() => renderer.off("resize", onResize))

    const committer = createCommitter({
      renderer,
      data: sync.data,
      writable: () => onMain() && !terminalLentNow(),
      isOpen: view.isOpen,
      makeRoom,
    })

    if (inline) {
      // A page leaves for the alternate screen once what was handed to the scrollback is written,
      // and comes back to the footer where it was.
      createEffect(
        on(
          () => route.route().name === "session",
          (session) => {
            if (!session) {
              setOnMain(false)
              void committer.idle().then(() => {
                if (route.route().name === "session" || renderer.isDestroyed) return
                renderer.externalOutputMode = "passthrough"
                renderer.screenMode = "alternate-screen"
              })
              return
            }
            if (renderer.screenMode !== "split-footer") {
              renderer.screenMode = "split-footer"
              renderer.externalOutputMode = "capture-stdout"
            }
            setOnMain(true)
          },
          { defer: true },
        ),
      )
      // Ctrl+O, Ctrl+T: rows in the scrollback are the terminal's and cannot change, so the transcript
      // is written again with the new folds, as after a resize (pi does the same).
      createEffect(on([view.toolsOpen, view.thinkingOpen], () => committer.rewriteAll(), { defer: true }))
      createEffect(() => {
        rows()
        dialog.active()
        dialog.inPlace()
        if (onMain()) measured()
      })
    }

    /** Sizes the footer from one finished layout: heights read together, never half updated. */
    function measured() {
      if (measuring || !inline) return
      measuring = true
      queueMicrotask(() => {
        measuring = false
        if (!onMain() || renderer.isDestroyed || !parts.page) return
        const size = footerRows({
          rows: rows(),
          page: parts.page.height,
          live: parts.live?.height ?? 0,
          liveNatural: parts.content?.height ?? 0,
          // A dialog in the footer's flow is part of the page's height; one over it takes all rows.
          dialog: dialog.active() && !dialog.inPlace(),
        })
        setLiveHeight(size.live)
        renderer.footerHeight = size.footer
      })
    }

    /**
     * The live area gives up `released` rows from its top at once, before the next layout: the
     * committer is about to write them above the footer (see `makeRoom` in inline/committer.tsx).
     * The next layout measures what is really left.
     */
    function makeRoom(released: number) {
      if (!inline || !onMain() || renderer.isDestroyed || !parts.page) return
      const size = footerRows({
        rows: rows(),
        page: parts.page.height,
        live: parts.live?.height ?? 0,
        liveNatural: Math.max(0, (parts.content?.height ?? 0) - released),
        dialog: dialog.active(),
      })
      if (size.footer >= renderer.footerHeight) return
      setLiveHeight(size.live)
      renderer.footerHeight = size.footer
    }

    return {
      inline,
      /** The terminal's height (in inline mode the window's own height is the footer's). */
      rows,
      liveFrom: committer.liveFrom,
      liveCut: committer.liveCut,
      /** How tall the footer's live area may be. */
      liveHeight,
      /** The page, the live area and its content report here each time their size changes. */
      sized(part: keyof typeof parts, node: Sized) {
        parts[part] = node
        measured()
      },
    }
  },
})
