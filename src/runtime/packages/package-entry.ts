// The process `xagent install|remove|update|list` runs in (spawned by src/cli/pi-package-commands.ts,
// which keeps Pi out of the CLI): the request comes in XAGENT_PACKAGE_REQUEST, Pi's messages go to
// stdout and stderr, which the CLI strips of escapes before they reach the terminal.
import { createInterface } from "node:readline/promises"
import { PACKAGE_REQUEST_ENV, type PackageRequest } from "../../protocol/package-command"
import { errorText } from "../../util/error-text"
import { runPackageCommand } from "./pi-packages"

const raw = process.env[PACKAGE_REQUEST_ENV]
delete process.env[PACKAGE_REQUEST_ENV]

async function main(): Promise<number> {
  if (!raw) throw new Error(`${PACKAGE_REQUEST_ENV} is not set: this entry is started by xagent's package commands`)
  const req = JSON.parse(raw) as PackageRequest
  return runPackageCommand(req, process.cwd(), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // stdin is the person's terminal only when the CLI has one to lend (its stdout is a pipe).
    choose: process.stdin.isTTY ? choose : undefined,
  })
}

/** Pi's trust question as numbered lines: Enter alone, or anything else, answers no. */
async function choose(question: string, labels: string[]): Promise<number | undefined> {
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    process.stdout.write(`${question}\n\n${labels.map((l, i) => `  ${i + 1}. ${l}`).join("\n")}\n`)
    const answer = (await rl.question(`Choose 1-${labels.length} (Enter: do not trust): `)).trim()
    const n = Number(answer)
    return Number.isInteger(n) && n >= 1 && n <= labels.length ? n - 1 : undefined
  } finally {
    rl.close()
  }
}

main().then(
  // Pi's package commands exit when done: an installed package's handles must not keep this alive.
  (code) => process.stdout.write("", () => process.exit(code)),
  (e) => {
    process.stderr.write(`xagent: ${errorText(e)}\n`)
    process.exit(1)
  },
)
