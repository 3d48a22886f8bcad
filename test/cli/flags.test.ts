// The command line's contract: version, help, and one clear line plus exit 2 for every bad call.
import { afterAll, describe, expect, test } from "bun:test"
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import pkg from "../../package.json"
import { makeSandbox, XAGENT_BIN } from "../fixture/mockllm"
import { lines, runXagent } from "./run-xagent"

const box = makeSandbox()
afterAll(() => box.cleanup())

test("--version prints the package version and exits 0", async () => {
  const r = await runXagent(["--version"], box)
  expect(r).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" })
  expect((await runXagent(["-v"], box)).stdout).toBe(`${pkg.version}\n`)
})

test("the launcher works through a symlink from any folder, and as `bun bin/xagent`", async () => {
  const link = join(box.root, "bin-on-path", "xagent")
  mkdirSync(dirname(link), { recursive: true })
  symlinkSync(XAGENT_BIN, link)
  const viaLink = Bun.spawnSync([link, "--version"], { cwd: box.home, env: box.env })
  expect(viaLink.stdout.toString()).toBe(`${pkg.version}\n`)
  expect(viaLink.exitCode).toBe(0)
  const viaBun = Bun.spawnSync([process.execPath, XAGENT_BIN, "--version"], { cwd: box.home, env: box.env })
  expect(viaBun.stdout.toString()).toBe(`${pkg.version}\n`)
})

test("--help lists every flag", async () => {
  const r = await runXagent(["--help"], box)
  expect(r.code).toBe(0)
  for (const flag of [
    "-c, --continue",
    "-r, --resume",
    "--session <path|id>",
    "-m, --model <provider/id>",
    "--thinking <level>",
    "-e, --extension <path>",
    "-p, --print [prompt]",
    "--no-daemon",
    "--rc",
    "--rc-listen <address>",
    "--inline",
    "--fullscreen",
    "--no-bundled <name>",
    "-v, --version",
    "-h, --help",
  ])
    expect(r.stdout).toContain(flag)
  expect(r.stdout).toContain("off|minimal|low|medium|high|xhigh|max")
  for (const command of ["daemon", "attach [options] [session]", "sessions", "help [command]"])
    expect(r.stdout).toContain(`  ${command}`)
})

describe("a bad call says what was wrong in one line and exits 2", () => {
  const sessionFile = join(box.cwd, "old.jsonl")
  writeFileSync(sessionFile, "")
  const cases: [string, string[], RegExp][] = [
    // Extensions register flags of their own: the host, which loads them, judges a flag xagent does not know.
    [
      "unknown flag",
      ["--bogus", "-p", "hi"],
      /unknown option '--bogus': neither xagent nor a loaded extension takes it/,
    ],
    ["misspelt flag gets a suggestion", ["--thinkng", "high"], /unknown option '--thinkng'.*Did you mean --thinking\?/],
    [
      "bad thinking level",
      ["--thinking", "huge"],
      /--thinking 'huge' is not a level: use one of off, minimal, low, medium, high, xhigh, max/,
    ],
    ["model without a provider", ["-m", "gpt-5"], /--model 'gpt-5' is not provider\/id/],
    ["model with an empty id", ["--model", "openai/"], /--model 'openai\/' is not provider\/id/],
    ["missing flag value", ["--model"], /argument missing/],
    ["missing session file", ["--session", "./nope.jsonl"], /no session file at .*nope\.jsonl.*xagent -r/],
    ["--continue with --session", ["-c", "--session", sessionFile], /--continue and --session both pick a session/],
    ["--continue with --resume", ["-c", "-r"], /--continue and --resume/],
    ["--resume with --print", ["-r", "-p", "hi"], /--resume opens the session page.*--print/],
    ["remote control without a window", ["--rc", "-p", "hi"], /--rc is for a window/],
    ["remote control without the daemon", ["--rc", "--no-daemon"], /--rc needs the daemon/],
    [
      "remote control on plain HTTP off loopback",
      ["--rc-listen", "http://0.0.0.0:8080"],
      /--rc-listen: plain HTTP only on a loopback address/,
    ],
    [
      "remote control on no address",
      ["--rc-listen", "no such host!"],
      /--rc-listen: "no such host!" is not an address/,
    ],
    ["missing extension file", ["-e", "./no-ext.ts", "-p", "hi"], /--extension: no file at .*no-ext\.ts/],
    [
      "switching off a bundled extension that does not exist",
      ["--no-bundled", "ask-usr", "-p", "hi"],
      /--no-bundled 'ask-usr' is not a bundled extension: use one of ask-user/,
    ],
    ["print without a prompt", ["-p"], /--print needs a prompt/],
    // with no terminal a run prints its reply, as in Pi; the session page cannot
    ["session page without a terminal", ["-r"], /the session page needs a terminal: use --continue or --session/],
    ["help for an unknown command", ["help", "nosuch"], /^xagent: unknown command 'nosuch'; run 'xagent --help'/],
  ]
  for (const [name, args, message] of cases)
    test(name, async () => {
      const r = await runXagent(args, box)
      expect(lines(r.stderr)).toHaveLength(1)
      expect(r.stderr).toMatch(message)
      expect(r.stderr).toStartWith("xagent: ")
      expect(r.stdout).toBe("")
      expect(r.code).toBe(2)
    })
})

test("help piped into a reader that stops early ends at once (EPIPE), with the first lines", async () => {
  const proc = Bun.spawn(["sh", "-c", `'${XAGENT_BIN}' help | head -1; '${XAGENT_BIN}' help daemon | head -1`], {
    cwd: box.cwd,
    env: box.env,
    stdout: "pipe",
    stderr: "pipe",
  })
  const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  expect(stdout).toBe("Usage: xagent [options] [@files...] [messages...]\nUsage: xagent daemon [options] [command]\n")
  expect(code).toBe(0)
})
