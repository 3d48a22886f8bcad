// `xagent --mode rpc`: Pi's own RPC mode (runRpcMode: its commands, events and extension UI
// requests as JSON lines on stdin/stdout, exactly as `pi --mode rpc`) over a session this process
// hosts with xagent's host: the sandboxed tools, the bundled extensions, Pi's flags. Spawned by
// src/cli/rpc-command.ts with stdio inherited; the session.open parameters come in XAGENT_RPC_OPEN.
import { runRpcMode } from "@earendil-works/pi-coding-agent"
import type { Params } from "../../protocol/index"
import { createHost } from "./host"
import { errorText } from "../../util/error-text"

const OPEN_ENV = "XAGENT_RPC_OPEN"

async function main() {
  const params = JSON.parse(process.env[OPEN_ENV] ?? "null") as Params<"session.open"> | null
  delete process.env[OPEN_ENV]
  if (!params) throw new Error(`${OPEN_ENV} is not set: this entry is started by xagent --mode rpc`)
  const host = createHost({ log: () => {} })
  // interactive false: no window answers xagent's own docks (ask_user); Pi's ctx.ui dialogs go to the RPC client.
  const opened = await host.request("session.open", { ...params, interactive: false })
  // stderr, as Pi writes its startup diagnostics there: stdout carries the protocol.
  for (const w of opened.warnings) process.stderr.write(`Warning: ${w}\n`)
  await runRpcMode(host.runtimeOf(opened.sessionId))
}

main().catch((err) => {
  process.stderr.write(`xagent: ${errorText(err)}\n`)
  process.exit(
    (err as { code?: string })?.code === "bad_request" || (err as { code?: string })?.code === "not_found" ? 2 : 1,
  )
})
