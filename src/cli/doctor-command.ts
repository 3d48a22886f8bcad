// `xagent doctor [--json]`: the local readiness checks, run in a process of their own that loads
// Pi (src/runtime/doctor/doctor-entry.ts), printed one per line with a fix each, or as JSON for
// scripts. Exits 1 when a check fails. The terminal's features are the window's to check (/doctor).
import { fileURLToPath } from "node:url"
import type { Command } from "commander"
import { worstVerdict, type DoctorCheck, type DoctorReport, type DoctorVerdict } from "../protocol/doctor"
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
    .action(async (flags: { json?: boolean }) => {
      process.exitCode = await runDoctor(!!flags.json)
    })
}

async function runDoctor(json: boolean): Promise<number> {
  const proc = Bun.spawn([process.execPath, DOCTOR_ENTRY], {
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
    return 1
  }
  // The report is the last line: anything a package's code wrote to stdout came before it.
  const report = JSON.parse(stdout.trimEnd().split("\n").pop() ?? "") as DoctorReport
  report.checks.push(TERMINAL_CHECK)
  await out(json ? `${terminalJson(report)}\n` : formatReport(report.checks))
  return worstVerdict(report.checks) === "fail" ? 1 : 0
}

export function formatReport(checks: DoctorCheck[]): string {
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
  return `${lines.join("\n")}\n\n${summary} (no model request was made)\n`
}
