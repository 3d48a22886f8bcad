// Runs inside the sandbox, with the same Bun, when the network is a host list: listens on
// 127.0.0.1:<port> of the sandbox's own network and relays every connection to the runtime's proxy
// on a unix socket, then runs the command and exits with its status. Listening comes first, so
// the command never finds the port closed.
//
//   bun net-forwarder.ts <proxy socket> <port> <command...>
import { spawn } from "node:child_process"
import { connect, createServer } from "node:net"
import { constants } from "node:os"

const [socket, port, ...command] = process.argv.slice(2)
if (!socket || !port || command.length === 0) {
  process.stderr.write("usage: net-forwarder <proxy socket> <port> <command...>\n")
  process.exit(2)
}

const server = createServer((c) => {
  const up = connect(socket)
  c.on("error", () => up.destroy())
  up.on("error", () => c.destroy())
  c.pipe(up)
  up.pipe(c)
})
server.on("error", (err) => {
  process.stderr.write(`[sandbox] the network proxy could not listen on 127.0.0.1:${port}: ${err.message}\n`)
  process.exit(126)
})
server.listen(Number(port), "127.0.0.1", () => {
  const child = spawn(command[0]!, command.slice(1), { stdio: "inherit" })
  child.on("error", (err) => {
    process.stderr.write(`[sandbox] ${err.message}\n`)
    process.exit(127)
  })
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)))
})
