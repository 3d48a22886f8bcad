// /packages (/plugins): Pi's installed packages and what each brings, in the user's settings or
// the project's (Tab), as `pi config` lists them. Space turns the selected resource on or off as
// `pi config` does; i installs a source, d removes the selected package, u updates it (or every
// package), r reloads the session so a change takes effect. The host reads the listing without
// running any package; the window only asks for it.
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { createMemo, createResource, createSignal, For, Show } from "solid-js"
import type { PackageScope, PackagesListing } from "../../../protocol/packages"
import { RELOADED_NOTICE } from "../../../protocol"
import { terminalLine } from "../../../common/terminal-text"
import { useDialog } from "../../context/dialog"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { useToast } from "../../context/toast"
import { theme } from "../../theme"
import { DialogConfirm } from "../../ui/dialog-confirm"
import { DialogInput } from "../../ui/dialog-input"
import { RowView, rowsOf, type Row } from "./rows"

export const PACKAGES_HINTS = "Space on/off · Tab user/project · i install · d remove · u update · r reload · Esc back"

const SOURCE_HINT = "npm:@scope/pkg, git:github.com/user/repo, https://…, or a path"

export function PackagesPage() {
  const session = useSession()
  const route = useRoute()
  const dialog = useDialog()
  const toast = useToast()
  const dims = useTerminalDimensions()
  const [scope, setScope] = createSignal<PackageScope>("user")
  const [selected, setSelected] = createSignal(0)
  const [busy, setBusy] = createSignal<string>()
  const say = (message: string, level: "info" | "warning" | "error" = "info") =>
    toast.show({ level, message: terminalLine(message) })

  const [listing, { mutate, refetch }] = createResource(async () => {
    const l = await session.act("packages.list", {})
    // A settings file Pi cannot read: said, since what it would load is then not what is listed.
    for (const w of l?.warnings ?? []) say(w, "warning")
    return l
  })
  const view = () => (scope() === "project" ? listing()?.project : listing()?.user)
  const rows = createMemo(() => rowsOf(view()))
  const chosen = (): Row | undefined => rows()[Math.min(selected(), rows().length - 1)]
  const missing = (l: PackagesListing | undefined, source: string, s: PackageScope) =>
    !!l?.missing.some((m) => m.source === source && m.scope === s)

  /** One request at a time; the listing is read again after it. */
  async function run(what: string, action: () => Promise<string | undefined>) {
    if (busy()) return
    setBusy(what)
    try {
      const said = await action()
      if (said) say(said)
    } finally {
      setBusy(undefined)
      await refetch()
    }
  }

  async function toggle(row: Row | undefined) {
    if (row?.kind !== "resource") return say("Select a resource to turn on or off", "warning")
    if (scope() === "user" && row.group.scope === "project")
      return say("A project resource is changed in the project scope (Tab)", "warning")
    if (busy()) return
    setBusy("saving")
    try {
      const next = await session.act("packages.toggle", { scope: scope(), kind: row.res.kind, path: row.res.path })
      if (next) mutate(next)
    } finally {
      setBusy(undefined)
    }
  }

  function install() {
    const where = scope()
    if (where === "project" && listing() && !listing()!.project)
      return say("This session does not trust the project: its settings cannot be changed", "warning")
    dialog.show(() => (
      <DialogInput
        title={where === "project" ? "Install a package in this project (.pi/settings.json)" : "Install a package"}
        placeholder={SOURCE_HINT}
        onSubmit={(value) => {
          const source = value.trim()
          if (!source) return
          void run(
            "installing",
            async () => (await session.act("packages.run", { command: "install", source, scope: where }))?.message,
          )
        }}
        onCancel={() => {}}
      />
    ))
  }

  function packageOf(row: Row | undefined) {
    const g = row?.group
    return g?.origin === "package" ? g : undefined
  }

  function remove(row: Row | undefined) {
    const g = packageOf(row)
    if (!g) return say("Select a package to remove", "warning")
    if (scope() === "project" && g.scope === "user")
      return say("This package is the user's: remove it in the user scope (Tab)", "warning")
    dialog.show(() => (
      <DialogConfirm
        title="Remove a package"
        message={`Remove ${terminalLine(g.source)} from the ${g.scope} settings${g.installedPath ? " and uninstall it" : ""}?`}
        onConfirm={(yes) =>
          yes &&
          void run(
            "removing",
            async () =>
              (await session.act("packages.run", { command: "remove", source: g.source, scope: g.scope }))?.message,
          )
        }
      />
    ))
  }

  function update(row: Row | undefined) {
    const g = packageOf(row)
    void run(
      "updating",
      async () =>
        (await session.act("packages.run", g ? { command: "update", source: g.source } : { command: "update" }))
          ?.message,
    )
  }

  function reload() {
    void run("reloading", async () => {
      if (!(await session.act("session.reload", {}))) return undefined
      session.refreshCommands()
      return RELOADED_NOTICE
    })
  }

  useKeyboard((e) => {
    if (dialog.active() || e.defaultPrevented || route.route().name !== "packages") return
    const n = rows().length
    const row = chosen()
    if (e.name === "escape") route.navigate({ name: "session" })
    else if (e.name === "up") setSelected((s) => Math.max(0, s - 1))
    else if (e.name === "down") setSelected((s) => Math.min(Math.max(0, n - 1), s + 1))
    else if (e.name === "pageup") setSelected((s) => Math.max(0, s - capacity()))
    else if (e.name === "pagedown") setSelected((s) => Math.min(Math.max(0, n - 1), s + capacity()))
    else if (e.name === "tab") {
      if (listing() && !listing()!.project)
        say("This session does not trust the project: only the user scope", "warning")
      else (setScope((s) => (s === "user" ? "project" : "user")), setSelected(0))
    } else if (e.name === "space" || e.name === "return" || e.name === "kpenter") void toggle(row)
    else if (e.ctrl || e.meta) return
    else if (e.name === "i") install()
    else if (e.name === "d") remove(row)
    else if (e.name === "u") update(row)
    else if (e.name === "r") reload()
    else return
    e.preventDefault()
  })

  const hintRows = () => Math.ceil(PACKAGES_HINTS.length / Math.max(10, dims().width - 2))
  const capacity = () => Math.max(1, dims().height - 4 - hintRows())
  const offset = () => Math.max(0, Math.min(selected() - capacity() + 1, rows().length - capacity()))
  const visible = () => rows().slice(Math.max(0, offset()), Math.max(0, offset()) + capacity())
  const where = () =>
    scope() === "project" ? "project overrides · .pi/settings.json" : "user settings · the agent dir's settings.json"

  return (
    <box flexDirection="column" width="100%" height="100%" paddingX={1}>
      <text flexShrink={0} wrapMode="none" truncate>
        <span style={{ fg: theme.text }}>Packages</span>
        <span style={{ fg: theme.accent }}>{`  ${scope() === "project" ? "Project" : "User"}`}</span>
        <span style={{ fg: theme.dim }}>{`  ${where()}`}</span>
        <span style={{ fg: theme.warning }}>{busy() ? `  ${busy()}…` : ""}</span>
      </text>
      <box flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} marginTop={1}>
        <Show
          when={rows().length > 0}
          fallback={
            <text fg={theme.dim}>
              {listing.loading ? "Loading…" : "No packages or resources yet: i installs one (xagent install does too)"}
            </text>
          }
        >
          <For each={visible()}>
            {(row) => {
              const isSel = () => rows().indexOf(row) === selected()
              return (
                <box height={1} flexShrink={0} backgroundColor={isSel() ? theme.selection : undefined}>
                  <RowView
                    row={row}
                    selected={isSel()}
                    project={scope() === "project"}
                    missing={row.kind === "group" && missing(listing(), row.group.source, row.group.scope)}
                  />
                </box>
              )
            }}
          </For>
        </Show>
      </box>
      <text flexShrink={0} fg={theme.dim} wrapMode="word">
        {PACKAGES_HINTS}
      </text>
    </box>
  )
}
