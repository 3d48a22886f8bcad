// Pi's ssh example in a detached session (compat suite): opened with its flag (`--ssh
// me@box:/remote`), the agent's read and bash and the person's `!` commands run through `ssh` on
// the remote folder, and the status says SSH: me@box:/remote. (Its system prompt edit looks for
// "Current working directory: …", which Pi 1.6's prompt no longer has: a no-op in Pi too.)
// The remote machine is the one edge faked: an `ssh` on PATH that runs the command here.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PI_EXAMPLES } from "../fixture/mockllm"
import { Recorder, replyDone, startBox, type DaemonBox } from "../daemon/harness"

const fake = mkdtempSync(join(tmpdir(), "xagent-ssh-"))
const remote = join(fake, "remote")
const sshLog = join(fake, "ssh.log")
let d: DaemonBox
beforeAll(async () => {
  mkdirSync(join(fake, "bin"))
  mkdirSync(remote)
  writeFileSync(join(remote, "remote.txt"), "REMOTE-CONTENT\n")
  writeFileSync(join(fake, "bin/ssh"), `#!/bin/sh\nprintf '%s\\n' "$1" >> "${sshLog}"\nshift\nexec sh -c "$1"\n`)
  chmodSync(join(fake, "bin/ssh"), 0o755)
  d = await startBox(
    {
      turns: [
        { tool: "read", args: { path: "remote.txt" } },
        { tool: "bash", args: { command: "pwd" } },
        { text: "Looked around." },
      ],
    },
    { env: { PATH: `${join(fake, "bin")}:${process.env.PATH}` } },
  )
})
afterAll(async () => {
  await d.cleanup()
  rmSync(fake, { recursive: true, force: true })
})

test("ssh: --ssh sends the agent's tools and ! commands to the remote folder", async () => {
  const win = await d.connect()
  const { sessionId, warnings } = await win.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    extensions: [join(PI_EXAMPLES, "ssh.ts")],
    flags: { ssh: `me@box:${remote}` },
  })
  // The window that opens it says what leaves the sandbox.
  for (const tool of ["read", "write", "edit", "bash"])
    expect(warnings).toContain(
      `An extension's ${tool} tool takes the place of xagent's: its calls run outside the sandbox`,
    )
  const rec = new Recorder(win, sessionId, 0)
  // Styled with Pi's theme, as pi hands it to the extension; the window draws the text alone.
  const plain = (t: string | undefined) => t?.replace(/\x1b\[[0-9;]*m/g, "")
  await rec.waitFor((s) => plain(s.ui.status.ssh) === `SSH: me@box:${remote}`, "the ssh status", 20_000)
  await win.request("session.prompt", { sessionId, text: "look around" })
  const s = await rec.waitFor(replyDone(1), "the reply", 30_000)
  const tools = s.items.filter((i) => i.kind === "tool")
  expect(tools.map((t) => (t as { output?: string }).output?.trim())).toEqual(["REMOTE-CONTENT", remote])
  await win.request("session.bash", { sessionId, command: "cat remote.txt" })
  const bang = await rec.waitFor(
    (st) => st.items.some((i) => i.kind === "bash" && i.output.includes("REMOTE-CONTENT")),
    "the ! command's output",
    20_000,
  )
  expect(bang.items.find((i) => i.kind === "bash")).toMatchObject({ command: "cat remote.txt" })
  expect(
    readFileSync(sshLog, "utf8")
      .split("\n")
      .filter(Boolean)
      .every((l) => l === "me@box"),
  ).toBe(true)
}, 90_000)
