// The /packages page's rows: one per group (a package, Pi's built-ins, the user's or project's own
// folders), then one per resource it brings, with its state in the scope shown and what a loaded
// extension registered. Every name is a package's or a file's: drawn through terminalLine.
import { Show } from "solid-js"
import type { PackageResource, PackagesView, ResourceGroup, ResourceKind } from "../../../protocol/packages"
import { terminalLine } from "../../../common/terminal-text"
import { theme } from "../../theme"
import { shortPath } from "../../util/format"

export type Row =
  { kind: "group"; group: ResourceGroup } | { kind: "resource"; group: ResourceGroup; res: PackageResource }

export function rowsOf(view: PackagesView | undefined): Row[] {
  return (view?.groups ?? []).flatMap((group): Row[] => [
    { kind: "group", group },
    ...group.resources.map((res): Row => ({ kind: "resource", group, res })),
  ])
}

const KIND: Record<ResourceKind, string> = {
  extensions: "extension",
  skills: "skill",
  prompts: "prompt",
  themes: "theme",
}

/** The box as `pi config` draws it: on/off, or in the project scope `+`/`-` for an override. */
export function checkbox(res: PackageResource): string {
  if (res.override === "load") return "[+]"
  if (res.override === "unload") return "[-]"
  return res.enabled ? "[x]" : "[ ]"
}

function suffix(res: PackageResource): string {
  if (res.override === "load") return "  project load"
  if (res.override === "unload") return "  project unload"
  return res.inherited ? "  inherited" : ""
}

/** What a loaded extension registered; nothing for one this session has not loaded. */
function brings(res: PackageResource): string {
  const parts: string[] = []
  if (res.tools?.length) parts.push(`tools: ${res.tools.join(", ")}`)
  if (res.mcpServers?.length) parts.push(`MCP: ${res.mcpServers.join(", ")}`)
  return parts.length ? `  ${terminalLine(parts.join(" · "))}` : ""
}

const mark = (selected: boolean) => (selected ? "› " : "  ")

export function RowView(props: { row: Row; selected: boolean; missing: boolean; project: boolean }) {
  const row = props.row
  if (row.kind === "group") {
    const g = row.group
    const where = g.installedPath ? shortPath(g.installedPath) : g.origin === "package" ? "not installed" : ""
    return (
      <text wrapMode="none" truncate fg={props.selected ? theme.accent : theme.text}>
        {mark(props.selected) + terminalLine(g.label)}
        <Show when={props.project && g.scope === "user"}>
          <span style={{ fg: theme.dim }}>{" · inherited from user"}</span>
        </Show>
        <span style={{ fg: props.missing ? theme.warning : theme.dim }}>{where ? `  ${terminalLine(where)}` : ""}</span>
        <Show when={g.origin === "package" && g.resources.length === 0 && !props.missing}>
          <span style={{ fg: theme.dim }}>{"  nothing to load"}</span>
        </Show>
      </text>
    )
  }
  const res = row.res
  const dim = () => props.project && res.inherited && (res.override ?? "inherit") === "inherit"
  const boxColor = () =>
    res.override === "load"
      ? theme.success
      : res.override === "unload"
        ? theme.warning
        : res.enabled && !dim()
          ? theme.success
          : theme.dim
  return (
    <text wrapMode="none" truncate fg={dim() ? theme.dim : props.selected ? theme.accent : theme.text}>
      {mark(props.selected) + "  "}
      <span style={{ fg: boxColor() }}>{checkbox(res)}</span>
      {` ${KIND[res.kind].padEnd(9)} ${terminalLine(res.name)}`}
      <span style={{ fg: theme.info }}>{brings(res)}</span>
      <span style={{ fg: theme.dim }}>{suffix(res)}</span>
    </text>
  )
}
