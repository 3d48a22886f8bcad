// The worker process on the simulated backend: `bun sim-worker.ts --epoch N --scenario <json>`.
// The real worker (worker.ts) with SimBackend, and a shaper that injects the scenario's framing
// faults into what goes out: split and coalesced writes, a garbled line, stderr noise, a missing
// release or dispose acknowledgement, no hello at all.
import { readFileSync } from "node:fs"
import { encode, type FromWorker } from "../protocol"
import { runWorker } from "../worker"
import type { Scenario } from "./scenario"
import { SimBackend } from "./sim-backend"

const arg = (name: string) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const epoch = Number(arg("--epoch") ?? 1)
const scenario = JSON.parse(readFileSync(arg("--scenario")!, "utf8")) as Scenario
const backend = new SimBackend(scenario, epoch)
const out = (text: string) => void process.stdout.write(text)
const never = new Promise<void>(() => {})

async function shape(msg: FromWorker, write: (text: string) => void): Promise<void> {
  if (msg.type === "hello") {
    const f = backend.fault("hello")
    if (f?.kind === "no_hello") return never
    if (f?.kind === "slow_hello") await new Promise((r) => setTimeout(r, f.ms ?? 0))
    backend.trace(`hello pid=${msg.pid} helpers=${msg.helperPids.join(",")}`)
  }
  if (msg.type === "disposed") {
    const f = backend.fault("dispose")
    if (f?.kind === "no_dispose_ack") return never
    if (f?.kind === "slow_dispose_ack") await new Promise((r) => setTimeout(r, f.ms ?? 0))
  }
  const f = msg.type === "response" || msg.type === "released" ? backend.faultIds.get(msg.id ?? "") : undefined
  if (msg.type === "released" && f?.kind === "no_release_ack") return
  const line = encode(msg)
  if (msg.type !== "response" || !f) return write(line)
  if (f.kind === "garble") return write(`{"type":"response","id":${line.slice(0, 12)}\n`)
  if (f.kind === "stderr") process.stderr.write('sim: noise on stderr\n{"type":"response"}\n')
  if (f.kind === "coalesce") {
    const event = encode({ type: "event", name: "indicator_error", reason: "sim: coalesced" })
    return write(event.replace("\n", "\r\n") + line.replace("\n", "\r\n"))
  }
  if (f.kind === "split") {
    const third = Math.ceil(line.length / 3)
    for (let i = 0; i < line.length; i += third) {
      write(line.slice(i, i + third))
      await new Promise((r) => setTimeout(r, 5))
    }
    return
  }
  write(line)
}

await runWorker({
  backend,
  epoch,
  input: process.stdin,
  write: out,
  shape,
  exit: (code) => void process.stdout.write("", () => process.exit(code)),
})
