// What the page's keys do: switch the window to a checkout, make, branch, hand off, remove and
// prune worktrees, each asked or confirmed first where it moves or removes work.
import type { SetupOutcome, WorktreeService } from "../../../common/worktree"
import { branchText } from "../../../common/worktree"
import { plural } from "../../../util/plural"
import { useDialog } from "../../context/dialog"
import { useSync } from "../../context/sync"
import { useWorktrees } from "../../context/worktrees"
import { DialogConfirm } from "../../ui/dialog-confirm"
import { DialogInput } from "../../ui/dialog-input"
import { shortPath } from "../../util/format"
import type { Say } from "./listing"
import type { Item } from "./rows"

/** The letter keys the page takes, each an action below. */
export const WORKTREE_LETTERS = "npxbhcd"

export function useWorktreeActions(opts: {
  say: Say
  run(what: string, action: () => Promise<string | void>): Promise<void>
}) {
  const wt = useWorktrees()
  const dialog = useDialog()
  const sync = useSync()
  const { say, run } = opts

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

  function create(s: WorktreeService, permanent: boolean) {
    ask(
      permanent ? "New permanent worktree" : "New worktree",
      "name (empty: a generated one)",
      (name) =>
        void run("new", async () => {
          const r = await s.create({ name: name.trim() || undefined, permanent })
          afterSetup(r.row.name, r.setup)
          return `Made ${r.row.name} on ${branchText(r.row)} at ${shortPath(r.row.path)}`
        }),
    )
  }

  /** Enter: moves the window there, or restores a snapshot. */
  function open(it: Item) {
    if (it.kind !== "snapshot" && it.current) say("This window is already there")
    else if (it.kind === "main") switchTo(it.path, "the main checkout")
    else if (it.kind === "worktree") switchTo(it.row.path, it.row.name)
    else void run("restore", async () => `Restored ${(await wt.service()!.restore(it.snap.name)).name}`)
  }

  /** One of WORKTREE_LETTERS on the selected item. */
  function letter(name: string, it: Item | undefined) {
    const s = wt.service()!
    const row = it?.kind === "worktree" ? it.row : undefined
    const needRow = () => (say("Select a worktree first", "warning"), false)
    switch (name) {
      case "n":
        return create(s, false)
      case "p":
        return create(s, true)
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

  return { open, letter }
}
