// Subagents in the window: the children the host part lists in the session's info
// (`info.extensions.subagents`), drawn as rows under the status line while they run, and the
// /subagents roster of every agent of the conversation (roster.tsx), and the /agents page of the
// profiles they run on (profiles-page.tsx).
import { Show } from "solid-js"
import type { WindowFeature } from "../../../src/tui/slots/types"
import { subagentsOf } from "../rules"
import { ProfilesPage } from "./profiles-page"
import { Roster } from "./roster"
import { SubagentRows } from "./subagent-rows"

export const subagentsWindow: WindowFeature = {
  name: "subagents",
  pages: [
    {
      page: "subagents",
      title: "Subagents",
      view: () => <Roster />,
      command: {
        name: "subagents",
        description: "The conversation's agents: the main one, its subagents running and ended",
      },
    },
    {
      page: "agents",
      title: "Agents",
      view: () => <ProfilesPage />,
      command: { name: "agents", description: "Agent profiles: list, new, edit, copy, delete" },
    },
  ],
  session(ctx) {
    const children = () => subagentsOf(ctx.state())?.children ?? []
    return {
      rows: [
        {
          placement: "belowStatus",
          view: () => (
            <Show when={children().length > 0}>
              <SubagentRows children={children()} />
            </Show>
          ),
        },
      ],
    }
  },
}
