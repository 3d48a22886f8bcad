// Pi's commands through bin/xagent: `install`, `list`, `remove` and the others do what pi's do, on
// the same files (pi itself reads the result), and never reach the model.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeSandbox, REPO_ROOT, startMockLlm, writeAgentDir, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { lines, runProgram, runXagent, type Ran } from "./run-xagent"

/** Pi's CLI wants Node 22: the `node` dev dependency's binary. */
const PI = [join(REPO_ROOT, "node_modules/node/bin/node"), join(REPO_ROOT, "node_modules/.bin/pi")]

/** Each test runs several xagent and pi processes, each loading Pi: generous on a loaded machine. */
const SLOW = 180_000

let box: Sandbox
let llm: MockLlm

beforeAll(async () => {
  box = makeSandbox()
  llm = await startMockLlm({ turns: [], fallback: "MODEL-WAS-CALLED" })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
})
afterAll(async () => {
  await llm.stop()
  box.cleanup()
})

/** A Pi package of one extension, in a folder of its own (a local source needs no network). */
function piPackage(dirName: string): string {
  const dir = join(box.root, dirName)
  mkdirSync(join(dir, "extensions"), { recursive: true })
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "tiny-pi-pkg",
      version: "1.0.0",
      keywords: ["pi-package"],
      pi: { extensions: ["./extensions"] },
    }),
  )
  writeFileSync(
    join(dir, "extensions", "tiny.ts"),
    'export default function (pi) { pi.registerCommand("tiny", { description: "tiny", handler: async () => {} }) }\n',
  )
  return dir
}

const pi = (args: string[]): Promise<Ran> => runProgram([...PI, ...args], box)

const userPackages = () =>
  (JSON.parse(readFileSync(join(box.agentDir, "settings.json"), "utf8")).packages ?? []) as unknown[]

describe("package commands", () => {
  test(
    "install, then xagent list and pi list show it; remove undoes it; the model is never called",
    async () => {
      const dir = piPackage("tiny-pkg")
      const installed = await runXagent(["install", dir], box)
      expect(installed.stderr).toBe("")
      expect(installed.code).toBe(0)
      expect(installed.stdout).toContain(`Installed ${dir}`)
      expect(userPackages()).toHaveLength(1)

      const listed = await runXagent(["list"], box)
      expect(listed.code).toBe(0)
      expect(lines(listed.stdout)[0]).toBe("User packages:")
      expect(listed.stdout).toContain(dir)
      const piListed = await pi(["list"])
      expect(piListed.code).toBe(0)
      expect(piListed.stdout).toContain(dir)

      const removed = await runXagent(["remove", dir], box)
      expect(removed.code).toBe(0)
      expect(removed.stdout).toContain(`Removed ${dir}`)
      expect(userPackages()).toEqual([])
      expect((await runXagent(["list"], box)).stdout).toBe("No packages installed.\n")
      expect((await pi(["list"])).stdout).toContain("No packages installed.")
      expect(llm.requests()).toEqual([])
    },
    SLOW,
  )

  test(
    "uninstall is remove; a source that is not installed fails as in pi",
    async () => {
      const missing = await runXagent(["uninstall", join(box.root, "never-installed")], box)
      expect(missing.code).toBe(1)
      expect(missing.stderr).toContain("No matching package found for")
      expect(llm.requests()).toEqual([])
    },
    SLOW,
  )

  test(
    "-l installs into the project's .pi/settings.json, which pi lists",
    async () => {
      const dir = piPackage("local-pkg")
      const installed = await runXagent(["install", "-l", dir], box)
      expect(installed.code).toBe(0)
      const project = JSON.parse(readFileSync(join(box.cwd, ".pi", "settings.json"), "utf8"))
      expect(project.packages).toHaveLength(1)
      expect(userPackages()).toEqual([])
      // Now the folder has .pi settings: listing them takes trust, given for the command with -a.
      const listed = await runXagent(["list", "-a"], box)
      expect(listed.stdout).toContain("Project packages:")
      expect(listed.stdout).toContain(dir)
      expect((await pi(["list", "-a"])).stdout).toContain(dir)
      const notTrusted = await runXagent(["remove", dir, "--local", "-na"], box)
      expect(notTrusted.code).toBe(1)
      expect(notTrusted.stderr).toContain("Project is not trusted. Use --approve")
      expect((await runXagent(["remove", dir, "-l", "--approve"], box)).code).toBe(0)
      expect(JSON.parse(readFileSync(join(box.cwd, ".pi", "settings.json"), "utf8")).packages).toEqual([])
      expect(llm.requests()).toEqual([])
    },
    SLOW,
  )

  test(
    "a source carrying escape sequences reaches the terminal without them",
    async () => {
      const dir = piPackage("evil\u001b]0;TITLE\u0007\u001b[2J-pkg")
      const installed = await runXagent(["install", dir], box)
      const listed = await runXagent(["list"], box)
      for (const out of [installed.stdout + installed.stderr, listed.stdout + listed.stderr]) {
        expect(out).toContain("evil")
        expect(out).toContain("-pkg")
        expect(out).not.toContain("\u001b")
        expect(out).not.toContain("\u0007")
      }
      expect((await runXagent(["remove", dir], box)).code).toBe(0)
    },
    SLOW,
  )

  test(
    "update: packages with --extensions (offline: skipped), pi itself is left to the installer",
    async () => {
      const ext = await runXagent(["update", "--extensions"], box)
      expect(ext.code).toBe(0)
      expect(ext.stdout).toContain("Skipped package updates (offline mode)")
      const self = await runXagent(["update"], box)
      expect(self.code).toBe(1)
      expect(self.stdout).toContain("Run xagent update --extensions")
      expect(self.stderr).toContain("xagent does not update itself")
      const conflict = await runXagent(["update", "--all", "--models"], box)
      expect(conflict.code).toBe(2)
      expect(conflict.stderr).toContain("--all cannot be combined")
      expect(llm.requests()).toEqual([])
    },
    SLOW,
  )
})

describe("Pi's CLI commands", () => {
  test(
    "mcp add, list and remove work on pi's mcp.json",
    async () => {
      const added = await runXagent(["mcp", "add", "probe", "--description", "a probe", "--", "true"], box)
      expect(added.code).toBe(0)
      const file = join(box.agentDir, "mcp.json")
      expect(JSON.parse(readFileSync(file, "utf8")).mcpServers.probe).toBeDefined()
      const removed = await runXagent(["mcp", "remove", "probe"], box)
      expect(removed.code).toBe(0)
      expect(JSON.parse(readFileSync(file, "utf8")).mcpServers.probe).toBeUndefined()
      expect(llm.requests()).toEqual([])
    },
    SLOW,
  )

  test(
    "auth check reads the same credentials as pi",
    async () => {
      const checked = await runXagent(["auth", "check", "--provider", "mockllm"], box)
      expect(checked.stdout.trim()).toBe((await pi(["auth", "check", "--provider", "mockllm"])).stdout.trim())
      expect(checked.stdout.trim()).toBe("ready")
      expect(checked.code).toBe(0)
    },
    SLOW,
  )
})

describe("the words are never messages", () => {
  test(
    "each command has its own --help",
    async () => {
      for (const name of ["install", "remove", "uninstall", "update", "list", "config", "auth", "mcp"]) {
        const help = await runXagent([name, "--help"], box)
        expect(help.code).toBe(0)
        expect(help.stdout).toMatch(new RegExp(`^Usage: xagent (${name}|remove\\|uninstall)`))
      }
      expect((await runXagent(["mcp", "add", "--help"], box)).stdout).toContain("--url <url>")
      // Named alone, a command of subcommands shows its help, and nothing of commander's inner wording.
      const alone = await runXagent(["auth"], box)
      expect(alone.code).toBe(2)
      expect(alone.stderr).toContain("Usage: xagent auth")
      expect(alone.stderr).not.toContain("outputHelp")
      expect(llm.requests()).toEqual([])
    },
    SLOW,
  )

  test(
    "a first message that is a command word is refused, in -p mode too",
    async () => {
      for (const args of [
        ["-p", "list"],
        ["-p", "install", "npm:x"],
        ["--model", "mockllm/mock-1", "-p", "update"],
      ]) {
        const ran = await runXagent(args, box)
        expect(ran.code).toBe(2)
        expect(ran.stderr).toContain("is a command, not a message")
      }
      // A sentence that starts with one of the words is a message as ever.
      const asked = await runXagent(["-p", "list the files"], box)
      expect(asked.code).toBe(0)
      expect(asked.stdout).toContain("MODEL-WAS-CALLED")
      expect(llm.requests()).toHaveLength(1)
    },
    SLOW,
  )
})

/** A small real Pi package from the registry (one extension, no dependencies), pinned. */
const REGISTRY_PACKAGE = "npm:pi-aliases@1.0.7"

async function registryReachable(): Promise<boolean> {
  try {
    const res = await fetch("https://registry.npmjs.org/pi-aliases/1.0.7", { signal: AbortSignal.timeout(10_000) })
    return res.ok
  } catch {
    return false
  }
}

describe("a package from the npm registry", () => {
  test(
    `install ${REGISTRY_PACKAGE}, list it in xagent and pi, remove it`,
    async () => {
      if (!(await registryReachable())) {
        console.warn(`skipped: the npm registry is unreachable, so ${REGISTRY_PACKAGE} cannot be installed`)
        return
      }
      const online = makeSandbox()
      try {
        const { PI_OFFLINE: _, ...env } = online.env
        const box = { ...online, env }
        // (npm may add notices of its own on stderr: a newer npm, a deprecation)
        const installed = await runXagent(["install", REGISTRY_PACKAGE], box)
        expect(installed.code).toBe(0)
        expect(installed.stdout).toContain(`Installed ${REGISTRY_PACKAGE}`)
        const listed = await runXagent(["list"], box)
        expect(listed.stdout).toContain(REGISTRY_PACKAGE)
        expect(listed.stdout).toContain(join("npm", "node_modules", "pi-aliases"))
        const proc = Bun.spawn([...PI, "list"], { cwd: box.cwd, env, stdout: "pipe", stderr: "pipe" })
        expect(await new Response(proc.stdout).text()).toContain(REGISTRY_PACKAGE)
        expect((await runXagent(["remove", REGISTRY_PACKAGE], box)).code).toBe(0)
        expect((await runXagent(["list"], box)).stdout).toBe("No packages installed.\n")
      } finally {
        online.cleanup()
      }
    },
    SLOW,
  )
})
