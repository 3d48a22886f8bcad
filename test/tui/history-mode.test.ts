// The prompt history holds what people typed (secrets too, sometimes): only its owner may read it.
import { expect, test } from "bun:test"
import { chmodSync, mkdtempSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PromptHistory } from "../../src/tui/component/prompt/history"

const mode = (file: string) => statSync(file).mode & 0o777

test("history.jsonl is written 0600, and an older 0644 file is narrowed on the next append", async () => {
  const dir = mkdtempSync(join(tmpdir(), "xagent-history-"))
  const fresh = join(dir, "fresh.jsonl")
  const h = new PromptHistory("/p", fresh)
  await h.loaded
  h.append("my token is hunter2")
  expect(mode(fresh)).toBe(0o600)

  const old = join(dir, "old.jsonl")
  writeFileSync(old, JSON.stringify({ cwd: "/p", text: "before", at: 1 }) + "\n")
  chmodSync(old, 0o644)
  const h2 = new PromptHistory("/p", old)
  await h2.loaded
  h2.append("after")
  expect(mode(old)).toBe(0o600)
})
