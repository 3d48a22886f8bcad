// /worktree: the repository's managed worktrees on one page. Enter switches the window to the
// selected checkout (it opens again there, as a new conversation) or restores a snapshot; the
// letter keys make, hand off, branch, remove and prune. Git runs in the CLI's service, never here.
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { createMemo, createResource, createSignal, For, Show } from "solid-js"
import { branchText, type SetupOutcome } from "../../../protocol/worktree"
import { plural } from "../../../util/plural"
import { useDialog } from "../../context/dialog"
import { useRoute } from "../../context/route"
import { useSync } from "../../context/sync"
import { useToast } from "../../context/toast"
import { useWorktrees } from "../../context/worktrees"
import { theme } from "../../theme"
import { DialogConfirm } from "../../ui/dialog-confirm"
import { DialogInput } from "../../ui/dialog-input"
import { shortPath } from "../../util/format"
import { ItemView, itemsOf, type Item } from "./rows"

export const WORKTREE_HINTS =
  "Enter switch/restore · n new · p permanent · b branch · h hand to main · c carry from main · d remove · x prune · Esc back"

export function WorktreePage(props: { cwd: string }) {
  const wt = useWorktrees()
  const route = useRoute()
  const dialog = useDialog()
  const toast = useToast()
  const sync = useSync()
  const dims = useTerminalDimensions()
  const [selected, setSelected] = createSignal(0)
  const [busy, setBusy] = createSignal<string>()
  const say = (message: string, level: "info" | "warning" | "error" = "info") => toast.show({ level, message })
  const fail = (e: unknown) => say(e instanceof Error ? e.message : String(e), "error")

  const [listing, { refetch }] = createResource(async () => {
    const service = wt.service()
    if (!service) return undefined
    try {
      return await service.list()
    } catch (e) {
      fail(e)
      return undefined
    }
  })
  const items = createMemo(() => {
    const l = listing()
    return l ? itemsOf(l) : []
  })
  const chosen = (): Item | undefined => items()[Math.min(selected(), items().length - 1)]

  /** Runs one action, says how it went, and reads the listing again. */
  async function run(what: string, action: () => Promise<string | void>) {
    if (busy()) return
    setBusy(what)
    try {
      const said = await action()
      if (said) say(said)
    } catch (e) {
      fail(e)
    } finally {
      setBusy(undefined)
      await refetch()
    }
  }

  const ask = (title: string, placeholder: string, go: (value: string) => void) =>
    dialog.show(() => <DialogInput title={title} placeholder={placeholder} onSubmit={go} onCancel={() => {}} />)
  const confirm = (title: string, message: string, go: () => void) =>
    dialog.show(() => <DialogConfirm title={title} message={message} onConfirm={(yes) => yes && go()} />)

  function switchTo(cwd: string, label: string) {
    if (!wt.restartIn) return say("This window cannot reopen itself in another folder", "warning")
    const go = () => wt.restartIn!(cwd)
    if (sync.data.running)
      confirm("A reply is running", `Switch to ${label}? The window opens there as a new conversation.`, go)
    else go()
  }

  function afterSetup(name: string, setup: SetupOutcome) {
    if (setup.kind === "ran")
      say(
        setup.ok ? `Setup script ran in ${name}` : `Setup script failed: ${setup.output.slice(-300)}`,
        setup.ok ? "info" : "error",
      )
    if (setup.kind !== "untrusted") return
    confirm(
      "Trust this setup script?",
      `${setup.script} of this repository runs in every new worktree once trusted:\n\n${setup.text.slice(0, 1500)}`,
      () => void run("setup", async () => afterSetup(name, await wt.service()!.trustSetup(name, setup.hash))),
    )
  }

  function create(permanent: boolean) {
    ask(
      permanent ? "New permanent worktree" : "New worktree",
      "name (empty: a generated one)",
      (name) =>
        void run("new", async () => {
          const r = await wt.service()!.create({ name: name.trim() || undefined, permanent })
          afterSetup(r.row.name, r.setup)
          return `Made ${r.row.name} on ${branchText(r.row)} at ${shortPath(r.row.path)}`
        }),
    )
  }

  function key(name: string, it: Item | undefined) {
    const s = wt.service()!
    const row = it?.kind === "worktree" ? it.row : undefined
    const needRow = () => (say("Select a worktree first", "warning"), false)
    switch (name) {
      case "n":
        return create(false)
      case "p":
        return create(true)
      case "x":
        return void run("prune", async () => {
          const r = await s.prune()
          return r.pruned.length
            ? `Pruned ${r.pruned.join(", ")}`
            : `Nothing to prune (${plural(r.kept.length, "worktree")} kept)`
        })
      case "b":
        if (!row) return needRow()
        return ask(
          `Branch for ${row.name}`,
          "branch name",
          (b) => void run("branch", async () => (await s.branch(row.name, b.trim()), `${row.name} is on ${b.trim()}`)),
        )
      case "h":
        if (!row) return needRow()
        return confirm(
          "Hand off to the main checkout",
          `Apply ${row.name}'s changes to the main checkout?`,
          () =>
            void run("handoff", async () => {
              const r = await s.handoff(row.name, "to-main")
              return `Handed ${plural(r.files.length, "file")} to the main checkout`
            }),
        )
      case "c":
        if (!row) return needRow()
        return confirm(
          "Carry changes into the worktree",
          `Move the main checkout's uncommitted changes into ${row.name}? (They stay in git stash too.)`,
          () =>
            void run("handoff", async () => {
              const r = await s.handoff(row.name, "from-main")
              return `Carried ${plural(r.files.length, "file")} into ${row.name}`
            }),
        )
      case "d": {
        if (!row) return needRow()
        if (it?.kind === "worktree" && it.current) return say("This window uses it: switch away first", "warning")
        const work = row.changedFiles || row.unpushed
        return confirm(
          `Remove ${row.name}`,
          work
            ? `${row.name} holds ${plural(row.changedFiles, "changed file")} and ${plural(row.unpushed, "unpushed commit")}: a snapshot keeps them (Enter on it restores). Remove?`
            : `Remove ${row.name} and its branch? It holds no work.`,
          () =>
            void run("remove", async () => {
              const r = await s.remove(row.name)
              return r.snapshot ? `Removed ${row.name}; its snapshot is listed below` : `Removed ${row.name}`
            }),
        )
      }
    }
  }

  useKeyboard((e) => {
    if (dialog.active() || e.defaultPrevented || route.route().name !== "worktree") return
    const n = items().length
    const it = chosen()
    if (e.name === "escape") route.navigate({ name: "session" })
    else if (e.name === "up") setSelected((s) => Math.max(0, s - 1))
    else if (e.name === "down") setSelected((s) => Math.min(Math.max(0, n - 1), s + 1))
    else if ((e.name === "return" || e.name === "kpenter") && it) {
      if (it.kind !== "snapshot" && it.current) say("This window is already there")
      else if (it.kind === "main") switchTo(it.path, "the main checkout")
      else if (it.kind === "worktree") switchTo(it.row.path, it.row.name)
      else void run("restore", async () => `Restored ${(await wt.service()!.restore(it.snap.name)).name}`)
    } else if (!e.ctrl && !e.meta && wt.service() && "npxbhcd".includes(e.name) && e.name.length === 1) key(e.name, it)
    else return
    e.preventDefault()
  })

  const hintRows = () => Math.ceil(WORKTREE_HINTS.length / Math.max(10, dims().width - 2))
  const capacity = () => Math.max(1, Math.floor((dims().height - 3 - hintRows()) / 2))
  const offset = () => Math.max(0, Math.min(selected() - capacity() + 1, items().length - capacity()))
  const visible = () => items().slice(Math.max(0, offset()), Math.max(0, offset()) + capacity())
  const now = Date.now()

  return (
    <box flexDirection="column" width="100%" height="100%" paddingX={1}>
      <text flexShrink={0} wrapMode="none" truncate>
        <span style={{ fg: theme.text }}>Worktrees</span>
        <span style={{ fg: theme.dim }}>{`  ${shortPath(listing()?.main ?? props.cwd)}`}</span>
        <span style={{ fg: theme.warning }}>{busy() ? `  ${busy()}…` : ""}</span>
      </text>
      <box flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} marginTop={1}>
        <Show
          when={wt.service()}
          fallback={
            <text fg={theme.dim}>Worktrees are managed from the xagent command (this window has no git service)</text>
          }
        >
          <Show
            when={items().length > 0}
            fallback={<text fg={theme.dim}>{listing.loading ? "Loading…" : "Not in a git repository"}</text>}
          >
            <For each={visible()}>
              {(item) => {
                const isSel = () => items().indexOf(item) === selected()
                return (
                  <box
                    flexDirection="column"
                    height={2}
                    flexShrink={0}
                    backgroundColor={isSel() ? theme.selection : undefined}
                  >
                    <ItemView item={item} selected={isSel()} now={now} />
                  </box>
                )
              }}
            </For>
          </Show>
        </Show>
      </box>
      <text flexShrink={0} fg={theme.dim} wrapMode="word">
        {WORKTREE_HINTS}
      </text>
    </box>
  )
}
