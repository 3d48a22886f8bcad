// The window's theme control (theme-control.ts) for the views and commands; the session host
// hears every change (session.theme), so the Pi components it renders use the same colours, and
// an extension's setTheme reaches this window as a ui_theme event.
import { createEffect, on, onCleanup } from "solid-js"
import { createThemeControl, type ThemeChange, type ThemeControl } from "../theme-control"
import { useClient } from "./client"
import { createSimpleContext } from "./helper"
import { useSession } from "./session"
import { useSync } from "./sync"
import { useToast } from "./toast"

export const { use: useThemes, provider: ThemesProvider } = createSimpleContext({
  name: "Themes",
  init: (props: { control?: ThemeControl }) => props.control ?? createThemeControl({}),
})

/** Tells the host about the window's theme, and the window about the extensions' choices. */
export function useThemeSync(): void {
  const themes = useThemes()
  const sync = useSync()
  const session = useSession()
  const client = useClient()
  const toast = useToast()

  const tell = (change: ThemeChange) => {
    const sessionId = session.id()
    const c = client.client()
    if (!sessionId || !c) return
    const list = themes.all().map((t) => ({
      name: t.theme.name,
      path: t.path,
      appearance: t.theme.appearance,
      colors: t.theme.colors,
    }))
    if (!list.some((t) => t.name === change.theme.name))
      list.push({
        name: change.theme.name,
        path: undefined,
        appearance: change.theme.appearance,
        colors: change.theme.colors,
      })
    const save = change.save
    c.request("session.theme", {
      sessionId,
      current: change.theme.name,
      themes: list,
      ...(save ? { save } : {}),
    }).catch(
      (e: unknown) =>
        // The window draws with it either way; only a choice that was to be saved is worth a word.
        save && toast.show({ level: "warning", message: `The theme was not saved: ${(e as Error).message}` }),
    )
  }
  // Notices wait for the session: while it loads (the logo) a notice would run out its time
  // before anyone reads the window, as the session's own warnings are shown once it is there.
  const shown = () => {
    if (!session.id()) return
    for (const message of themes.takeProblems()) toast.show({ level: "warning", message })
  }
  let last: ThemeChange | undefined
  onCleanup(
    themes.onChange((change) => {
      last = change
      tell(change)
      shown()
    }),
  )
  createEffect(
    on(session.id, (id) => {
      if (id && last) tell({ theme: last.theme })
      shown()
    }),
  )
  createEffect(
    on(
      () => sync.data.info?.themePaths,
      (paths) => {
        if (!paths?.length) return
        themes.addFiles(paths)
        shown()
      },
    ),
  )
  onCleanup(
    sync.onTheme((e) => {
      if (e.colors) {
        try {
          themes.useColors(e.name, e.colors)
        } catch (err) {
          toast.show({
            level: "warning",
            message: `An extension's theme ${e.name} was left out: ${(err as Error).message}`,
          })
        }
      } else if (!themes.select(e.name, { save: false }))
        toast.show({ level: "warning", message: `An extension chose the theme ${e.name}, which this window has not` })
    }),
  )
}
