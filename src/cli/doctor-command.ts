// `xagent doctor [--json] [--live [--yes]]`: the local readiness checks, run in a process of their
// own that loads Pi (src/runtime/doctor/doctor-entry.ts), printed one per line with a fix each, or
// as JSON for scripts. Exits 1 when a check fails. The terminal's features are the window's to
// check (/doctor). `--live` adds one real model request, made only once the person has confirmed
// it with the model and the most it can cost in front of them (asked on a terminal; --yes for scripts).
import { createInterface } from "node:readline/promises"
import { fileURLToPath } from "node:url"
import type { Command } from "commander"
import { livePlanText, worstVerdict, type DoctorCheck, type DoctorReport, type DoctorVerdict } from "../protocol/doctor"
import { terminalJson, terminalLine } from "../common/terminal-text"
import { err, out } from "./io"

const DOCTOR_ENTRY = fileURLToPath(new URL("../runtime/doctor/doctor-entry.ts", import.meta.url))

/** What only a window can see: said as not checked, never guessed from here. */
export const TERMINAL_CHECK: DoctorCheck = {
  name: "terminal",
  verdict: "unchecked",
  text: "Kitty keys, OSC 52, true colour, synchronized output and the background query need the window",
  fix: "run /doctor in xagent's window on the terminal in question",
}

const LABEL: Record<DoctorVerdict, string> = { ok: "ok", warn: "warn", fail: "FAIL", unchecked: "not checked" }

export function registerDoctorCommand(program: Command): void {
  program
    .command("doctor")
    .description("check that xagent can work here: model and key, sandbox, git, daemon, Pi's files, packages")
    .option("--json", "print the checks as JSON")
    .option("--live", "also make one real request to the default model (asks first, naming the model and cost)")
    .option("--yes", "with --live: make the request without asking")
    .action(async (flags: { json?: boolean; live?: boolean; yes?: boolean }) => {
      process.exitCode = await runDoctor(!!flags.json, flags.live ? (flags.yes ? "confirmed" : "ask") : undefined)
    })
}

async function runDoctor(json: boolean, live?: "ask" | "confirmed"): Promise<number> {
  let report = await doctorReport(live ? "--live-plan" : undefined)
  if (!report) return 1
  const plan = report.live
  if (plan && "problem" in plan) {
    report.checks.push({ name: "live request", verdict: "fail", text: `not made: ${plan.problem}` })
  } else if (plan) {
    const asked = `xagent doctor --live makes ${livePlanText(plan)}`
    let go = live === "confirmed"
    if (!go && !process.stdin.isTTY) {
      await err(`${terminalLine(asked)}: add --yes to make it without asking\n`)
      return 2
    }
    if (!go) {
      const rl = createInterface({ input: process.stdin, output: process.stderr })
      go = /^y(es)?$/i.test((await rl.question(`${terminalLine(asked)}. Make it? [y/N] `)).trim())
      rl.close()
    }
    if (go) {
      report = await doctorReport("--live-run")
      if (!report) return 1
    } else report.checks.push({ name: "live request", verdict: "unchecked", text: "not made: declined" })
  }
  report.checks.push(TERMINAL_CHECK)
  const { live: _plan, ...printed } = report
  await out(json ? `${terminalJson(printed)}\n` : formatReport(report.checks, !!report.liveMade))
  return worstVerdict(report.checks) === "fail" ? 1 : 0
}

/** The doctor process's report, or undefined once its failure is said. */
async function doctorReport(flag?: "--live-plan" | "--live-run"): Promise<DoctorReport | undefined> {
  const proc = Bun.spawn([process.execPath, DOCTOR_ENTRY, ...(flag ? [flag] : [])], {
    cwd: process.cwd(),
    env: process.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  if (code !== 0) {
    await err(terminalLine(stderr.trim() || `xagent: the doctor's process ended with exit ${code}`) + "\n")
    return undefined
  }
  // The report is the last line: anything a package's code wrote to stdout came before it.
  return JSON.parse(stdout.trimEnd().split("\n").pop() ?? "") as DoctorReport
}

export function formatReport(checks: DoctorCheck[], liveMade = false): string {
  const nameWidth = Math.max(...checks.map((c) => c.name.length))
  const labelWidth = Math.max(...checks.map((c) => LABEL[c.verdict].length))
  const pad = " ".repeat(labelWidth + nameWidth + 4)
  const lines = checks.flatMap((c) => [
    `${LABEL[c.verdict].padEnd(labelWidth)}  ${terminalLine(c.name).padEnd(nameWidth)}  ${terminalLine(c.text)}`,
    ...(c.fix ? [`${pad}fix: ${terminalLine(c.fix)}`] : []),
  ])
  const count = (v: DoctorVerdict) => checks.filter((c) => c.verdict === v).length
  const failed = count("fail")
  const warned = count("warn")
  const summary =
    failed || warned
      ? [failed && `${failed} failed`, warned && `${warned} ${warned === 1 ? "warning" : "warnings"}`]
          .filter(Boolean)
          .join(", ")
      : "all good"
  return `${lines.join("\n")}\n\n${summary} (${liveMade ? "one model request was made" : "no model request was made"})\n`
}
