// The worker process on Windows or WSL: `bun worker-main.ts --epoch N --host win32|wsl`. The only
// entry the default launcher starts; it has no way to select the simulated backend.
import { NativeBackend } from "./native-backend"
import type { HostKind } from "./protocol"
import { runWorker } from "./worker"

const arg = (name: string) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const epoch = Number(arg("--epoch") ?? 1)
const host: HostKind = arg("--host") === "wsl" ? "wsl" : "win32"

await runWorker({
  backend: new NativeBackend(host, epoch),
  epoch,
  input: process.stdin,
  write: (text) => void process.stdout.write(text),
  exit: (code) => void process.stdout.write("", () => process.exit(code)),
})
