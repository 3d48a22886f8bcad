// Entry point run by bin/xagent. Kept tiny: everything heavy is imported by the command that needs it.
import { dropBunTuning } from "../util/patches/bun-tuning"
import { runCli } from "./index"
import { startMark } from "../util/start-trace"

startMark("window", "main")

// Set by bin/xagent for this process only (Bun read them at start): what we spawn gets Bun's defaults.
dropBunTuning()

const code = await runCli(process.argv.slice(2))
process.exitCode = code
// Stray handles (a closed socket's timer, a worker winding down) must not keep a finished CLI alive.
setTimeout(() => process.exit(code), 1500).unref()
