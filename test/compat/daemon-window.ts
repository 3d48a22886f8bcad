// A window on a session in a real daemon (its own host process, in the project folder) that loaded
// some of Pi's example extensions, with the scripted model (mockllm): for the examples whose
// behaviour depends on the host being a process of its own (process.cwd(), stdout, exit).
import { afterAll } from "bun:test"
import { PI_EXAMPLES } from "../fixture/mockllm"
import type { Scenario } from "../fixture/mockllm"
import { mountApp, type MountedApp } from "../fixture/tui"
import { startBox, type DaemonBox } from "../daemon/harness"

export function useDaemonExamples() {
  const boxes: DaemonBox[] = []
  const apps: MountedApp[] = []
  afterAll(async () => {
    for (const a of apps.splice(0)) a.renderer.destroy()
    for (const d of boxes.splice(0)) await d.cleanup()
  })
  return async (
    examples: string[],
    scenario: Scenario,
    opts: {
      width?: number
      height?: number
      /** Runs before the session opens (files, a repository, `d.env` for its host). */
      before?: (d: DaemonBox) => void
      writeTerminal?: (sequence: string) => void
    } = {},
  ): Promise<{ d: DaemonBox; sessionId: string; app: MountedApp; leave(): Promise<void> }> => {
    const d = await startBox(scenario)
    boxes.push(d)
    opts.before?.(d)
    const opener = await d.connect()
    const { sessionId } = await opener.request("session.open", {
      cwd: d.box.cwd,
      mode: { kind: "new" },
      extensions: examples.map((e) => `${PI_EXAMPLES}/${e}`),
    })
    const client = await d.attach()
    const app = await mountApp({
      width: opts.width ?? 100,
      height: opts.height ?? 34,
      client,
      target: { kind: "attach", sessionId },
      writeTerminal: opts.writeTerminal,
    })
    apps.push(app)
    await app.until("Ask anything")
    /** Closes the window and the opener: the daemon ends a session no window watches. */
    const leave = async () => {
      apps.splice(apps.indexOf(app), 1)
      app.renderer.destroy()
      await client.close()
      await opener.close()
    }
    return { d, sessionId, app, leave }
  }
}
