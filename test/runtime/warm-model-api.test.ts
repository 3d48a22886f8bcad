// A session's model code loads before its first prompt needs it: the module Pi's lazy provider
// imports on first use, once per API; an extension's own API is left to its extension.
import { expect, test } from "bun:test"
import { warmModelApi } from "../../src/runtime/session/warm-model-api"

test("a built-in API's module is loaded once, and is the one Pi's provider imports", async () => {
  const first = warmModelApi("openai-completions")
  expect(warmModelApi("openai-completions")).toBe(first)
  const mod = (await first) as { streamSimple?: unknown }
  expect(typeof mod.streamSimple).toBe("function")
  expect(await import("@earendil-works/pi-ai/api/openai-completions")).toBe(mod as never)
})

test("an unknown or missing API loads nothing", async () => {
  expect(await warmModelApi("my-extension-api")).toBeUndefined()
  expect(await warmModelApi("../../../etc/passwd")).toBeUndefined()
  expect(await warmModelApi(undefined)).toBeUndefined()
})
