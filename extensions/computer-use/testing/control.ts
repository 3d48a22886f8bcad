// How a test talks to the simulated desktop while it runs: each control line is a file of its own,
// written aside and renamed into the control folder, so the sim (which reads the folder before each
// call and every 10 ms) sees a line whole or not at all. One file written in place and removed by
// the reader lost a line now and then: read between the writer's truncate and its write, then removed.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

let sent = 0

/** Hands the sim one line (`stop`, `advance <ms>`, `remark <hwnd>`); lines arrive in the order sent. */
export function writeControl(controlDir: string, line: string) {
  mkdirSync(controlDir, { recursive: true })
  const name = `${String(++sent).padStart(9, "0")}-${process.pid}`
  writeFileSync(join(controlDir, `.${name}`), line + "\n")
  renameSync(join(controlDir, `.${name}`), join(controlDir, name))
}

/** The lines sent since the last call, in order, each taken once. */
export function takeControl(controlDir: string): string[] {
  let names: string[]
  try {
    names = readdirSync(controlDir).filter((n) => !n.startsWith("."))
  } catch {
    return []
  }
  const lines: string[] = []
  for (const name of names.sort()) {
    const file = join(controlDir, name)
    lines.push(...readFileSync(file, "utf8").split("\n").filter(Boolean))
    rmSync(file, { force: true })
  }
  return lines
}
