// A `sandbox.network` entry may name a port: `host:port` lets the agent's commands reach that
// port of the host through the proxy, and no other.
import { afterAll, expect, test } from "bun:test"
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SessionSandbox } from "../../src/runtime/sandbox/session-sandbox"

const root = mkdtempSync(join(tmpdir(), "xagent-port-test-"))
const cwd = join(root, "work")
mkdirSync(cwd)
const listen = async () => {
  const server = createServer((req, res) => res.end(`reached ${req.url}\n`))
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
  return { server, port: (server.address() as { port: number }).port }
}
const allowed = await listen()
const other = await listen()
let sb: SessionSandbox | undefined
afterAll(() => {
  sb?.dispose()
  allowed.server.close()
  other.server.close()
  rmSync(root, { recursive: true, force: true })
})

async function run(command: string): Promise<string> {
  const argv = (await sb!.argv(cwd, "bash", command, async () => false))!
  const child = spawn(argv[0]!, argv.slice(1), { cwd, stdio: ["ignore", "pipe", "pipe"] })
  let out = ""
  child.stdout.on("data", (d) => (out += d))
  child.stderr.on("data", (d) => (out += d))
  await new Promise((r) => child.on("close", r))
  return out
}

test("a host:port entry reaches that port of the host and is refused every other", async () => {
  const home = mkdtempSync(join(root, "home-"))
  writeFileSync(join(home, "settings.json"), JSON.stringify({ sandbox: { network: [`127.0.0.1:${allowed.port}`] } }))
  sb = new SessionSandbox({ xagentHome: home, agentDir: join(root, "agent") })
  const notices: string[] = []
  sb.onNetworkRefused = (t) => notices.push(t)
  expect(sb.settings.problem).toBeUndefined()
  const url = (port: number, path: string) => `http://127.0.0.1:${port}${path}`
  expect(await run(`curl -sS -m 10 ${url(allowed.port, "/plain")}`)).toBe("reached /plain\n")
  expect(await run(`curl -sS -m 10 --proxytunnel ${url(allowed.port, "/tunnel")}`)).toBe("reached /tunnel\n")
  const refused = await run(`curl -sS -m 10 ${url(other.port, "/no")}`)
  expect(refused).toContain(`refused the connection to 127.0.0.1:${other.port}: it is not in sandbox.network`)
  expect(await run(`curl -sS -m 10 --proxytunnel ${url(other.port, "/no")}`)).toContain(
    "CONNECT tunnel failed, response 403",
  )
  expect(notices).toEqual([
    `Sandbox network: refused 127.0.0.1:${other.port}, not in sandbox.network (later refusals of it are not shown)`,
  ])
})
