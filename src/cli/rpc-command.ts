// `xagent --mode rpc`: Pi's RPC protocol on this process's stdin and stdout. Pi's own RPC mode
// runs in a session-host process of its own (src/runtime/hosting/rpc-entry.ts) that inherits the streams,
// so every byte on them is Pi's; this process never loads Pi, it waits and hands on the exit code.
import { fileURLToPath } from "node:url"
import type { RunPlan } from "./run-plan"
import { UsageError } from "./usage-error"

const RPC_ENTRY = fileURLToPath(new URL("../runtime/hosting/rpc-entry.ts", import.meta.url))

export async function runRpc(plan: RunPlan): Promise<number> {
  if (plan.session.kind === "pick") throw new UsageError("--resume needs a window: use --continue or --session")
  if (plan.messages.length) throw new UsageError("--mode rpc takes its prompts on stdin, not as messages")
  const proc = Bun.spawn([process.execPath, RPC_ENTRY], {
    cwd: plan.cwd,
    env: { ...process.env, XAGENT_RPC_OPEN: JSON.stringify({ ...plan.open, mode: plan.session }) },
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  })
  // The client ends the run by closing stdin (or a signal): Pi's RPC mode then disposes and exits.
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, () => proc.kill(sig))
  return proc.exited
}
