// A hard link already in the workspace whose other name is outside it (pnpm's node_modules link
// into a store every project loads): sandboxed bash must not change the outside file through it.
// Links whose names are all inside stay writable.
import { afterEach, expect, test } from "bun:test"
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import type { ToolItem } from "../../src/protocol"
import { createFauxFixture, toolArgs, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
// Outside /tmp (the sandbox's own there) and outside the workspace.
const outside = mkdtempSync("/var/tmp/xagent-store-")
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})
process.on("exit", () => rmSync(outside, { recursive: true, force: true }))

const tools = (items: { kind: string }[]) => items.filter((i): i is ToolItem => i.kind === "tool")

async function bash(...commands: string[]): Promise<ToolItem[]> {
  const { sessionId } = await fx!.open()
  const rec = fx!.record(sessionId)
  fx!.faux.setResponses([
    fauxAssistantMessage(
      commands.map((command) => fauxToolCall("bash", toolArgs({ command }))),
      { stopReason: "toolUse" },
    ),
    fauxAssistantMessage("ok"),
  ])
  await fx!.client.request("session.prompt", { sessionId, text: "go" })
  const s = await rec.waitFor((s) => !s.running && tools(s.items).length >= commands.length, "the calls")
  return tools(s.items)
}

test("appending through a hard link to a file outside leaves that file unchanged; links all inside stay writable", async () => {
  const store = join(outside, "store.txt")
  writeFileSync(store, "store\n")
  fx = await createFauxFixture({ files: { "mine.txt": "mine\n" } })
  linkSync(store, join(fx.cwd, "hl-pre"))
  linkSync(join(fx.cwd, "mine.txt"), join(fx.cwd, "mine-too.txt"))
  const [append, write, inside] = await bash(
    "echo P2 >> hl-pre",
    "printf pwned > hl-pre",
    "echo more >> mine-too.txt && cat mine.txt",
  )
  expect(append!.status).toBe("error")
  expect(append!.output).toContain("Read-only file system")
  expect(write!.status).toBe("error")
  expect(readFileSync(store, "utf8")).toBe("store\n")
  expect(inside!.status).toBe("done")
  expect(readFileSync(join(fx.cwd, "mine.txt"), "utf8")).toBe("mine\nmore\n")
})

test("a package manager's store links by the hundred: their folder is read-only, the rest of the workspace is not", async () => {
  const storeDir = join(outside, "pnpm-store")
  mkdirSync(storeDir)
  fx = await createFauxFixture({ files: { "src/app.js": "app\n" } })
  for (let i = 0; i < 300; i++) {
    const file = join(storeDir, `f${i}`)
    writeFileSync(file, `pkg ${i}\n`)
    const pkg = join(fx.cwd, "node_modules", ".pnpm", `pkg${i}@1.0.0`, "node_modules", `pkg${i}`)
    mkdirSync(pkg, { recursive: true })
    linkSync(file, join(pkg, "index.js"))
  }
  const [append, own] = await bash(
    "echo P2 >> node_modules/.pnpm/pkg7@1.0.0/node_modules/pkg7/index.js",
    "echo more >> src/app.js",
  )
  expect(append!.status).toBe("error")
  expect(readFileSync(join(storeDir, "f7"), "utf8")).toBe("pkg 7\n")
  expect(own!.status).toBe("done")
  expect(readFileSync(join(fx.cwd, "src", "app.js"), "utf8")).toBe("app\nmore\n")
})
