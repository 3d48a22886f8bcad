// A window says nothing to a socket another user serves: a daemon path in a shared temp folder
// could be anyone's. (Needs root, to serve a socket as another user.)
import { afterEach, expect, test } from "bun:test"
import { spawn, type ChildProcess } from "node:child_process"
import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { connectSocket } from "../../src/client/socket-client"

const NOBODY = 65534
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn()
})

test.skipIf(process.getuid?.() !== 0)(
  "a socket served by another user is refused before hello, with what to do",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "xagent-owner-"))
    chmodSync(dir, 0o777)
    const path = join(dir, "daemon.sock")
    // a listener that would accept anything: it must never receive a byte
    const server: ChildProcess = spawn(
      "node",
      [
        "-e",
        `const net = require("net"); let got = 0
       net.createServer((c) => c.on("data", (d) => { got += d.length; console.log("got", got) }))
         .listen(${JSON.stringify(path)}, () => { require("fs").chmodSync(${JSON.stringify(path)}, 0o777); console.log("up") })`,
      ],
      { uid: NOBODY, gid: NOBODY, stdio: ["ignore", "pipe", "inherit"] },
    )
    cleanups.push(
      () => server.kill(),
      () => rmSync(dir, { recursive: true, force: true }),
    )
    const lines: string[] = []
    server.stdout!.on("data", (d) => lines.push(...String(d).trim().split("\n")))
    while (!lines.includes("up")) await Bun.sleep(10)

    const attempt = connectSocket({ socketPath: path, helloTimeoutMs: 2000, reconnect: false })
    await expect(attempt).rejects.toThrow(`refusing ${path}: it is served by user ${NOBODY}, not by you (0)`)
    await Bun.sleep(100)
    expect(lines.filter((l) => l.startsWith("got"))).toEqual([])
  },
)
