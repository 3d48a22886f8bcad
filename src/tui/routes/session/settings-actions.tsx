// /settings, /hotkeys, /theme, /permissions: how this window and session behave, each a picker
// when it is given no value.
import type { CommandActions } from "../../commands"
import { HelpView } from "../../component/help-view"
import { useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { useThemes } from "../../context/themes"
import { DialogSelect } from "../../ui/dialog-select"
import { permissionLines } from "../../util/permission-lines"
import { useActionToasts } from "./action-toasts"

export function useSettingsActions(): Pick<CommandActions, "settings" | "hotkeys" | "theme" | "permissions"> {
  const session = useSession()
  const dialog = useDialog()
  const sync = useSync()
  const themes = useThemes()
  const { info, fail } = useActionToasts()

  async function settings(at?: string): Promise<void> {
    const r = await session.act("settings.list", {})
    if (!r) return
    dialog.show(() => (
      <DialogSelect
        title="Settings (Pi's settings.json)"
        // Back from a value, the list opens on the row just changed, not its first.
        start={at}
        options={r.settings.map((x) => ({
          label: x.label,
          value: x.key,
          description: x.description,
          footer: x.value,
        }))}
        onSelect={(key) => {
          const row = r.settings.find((x) => x.key === key)!
          dialog.show(() => (
            <DialogSelect
              title={row.label}
              current={row.value}
              options={row.options.map((o) => ({ label: o, value: o }))}
              onSelect={(value) =>
                void session.act("settings.set", { key, value }).then((done) => {
                  if (!done) return
                  info(`${row.label}: ${value}`)
                  void settings(key)
                })
              }
              onCancel={() => void settings(key)}
            />
          ))
        }}
        onCancel={() => {}}
      />
    ))
  }

  return {
    settings: () => void settings(),
    hotkeys: () => dialog.show(() => <HelpView keysOnly shortcuts={sync.data.info?.shortcuts} />),
    theme(name) {
      const choose = (n: string) => {
        if (!themes.select(n, { save: true })) return fail(`No theme named "${n}": /theme lists them`)
        info(`Theme: ${n}`)
      }
      if (name) return choose(name)
      dialog.show(() => (
        <DialogSelect
          title="Choose a theme"
          filterable={themes.list().length > 8}
          current={themes.current().name}
          options={themes
            .list()
            .map((t) => ({ label: t.name, value: t.name, description: t.path ?? `built in, ${t.appearance}` }))}
          onSelect={choose}
          onCancel={() => {}}
        />
      ))
    },
    permissions(mode) {
      const want = mode.trim().toLowerCase()
      const sb = sync.data.info?.sandbox
      const apply = (to: string) => {
        if (to === (sb?.mode ?? "sandboxed")) return info(`Permissions: ${to} (unchanged)`)
        void session
          .act("session.setPermissions", { mode: to as "sandboxed" | "full" })
          .then(
            (r) => r && info(to === "full" ? "Full access: the sandbox is off for this session" : "Sandboxed again"),
          )
      }
      if (want) {
        if (want !== "sandboxed" && want !== "full")
          return fail(`Unknown permission mode "${want}": use sandboxed or full`)
        return apply(want)
      }
      dialog.show(() => (
        <DialogSelect
          title="Permissions for this session"
          intro={permissionLines(sb)}
          current={sb?.mode ?? "sandboxed"}
          options={[
            {
              label: "sandboxed",
              value: "sandboxed",
              description: "commands in the sandbox, writes in the workspace",
            },
            { label: "full", value: "full", description: "no boundary: commands and file tools reach everything" },
          ]}
          onSelect={apply}
          onCancel={() => {}}
        />
      ))
    },
  }
}
