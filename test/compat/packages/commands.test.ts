// Registry packages that bring commands, prompt helpers and subagents, in pi and in xagent
// (scenarios.ts says what each turn types and waits for; packages.ts holds the verdicts).
import { beforeAll, describe, expect, test } from "bun:test"
import { hasTmux } from "../../e2e/tmux"
import { corpus } from "./corpus"
import { judge, PACKAGE_TEST_MS } from "./judge"

/** The first file to run installs the corpus into the cache (minutes, once per machine). */
beforeAll(() => corpus(), 1_800_000)

describe.skipIf(!hasTmux)("registry packages: commands, prompts, subagents", () => {
  test(
    "pi-aliases: /clear is a new session",
    async () => {
      const runs = await judge("pi-aliases@1.0.7")
      // The request after /clear carries the system prompt and the new message alone, in both.
      for (const r of runs ? [runs.pi, runs.xagent] : []) {
        expect(r.requests.map((q) => q.count)).toEqual([2, 2])
        expect(r.requests[1]!.last).not.toContain("ALPHA")
      }
    },
    PACKAGE_TEST_MS,
  )

  test(
    "pi-prompt-template-model: a template with a model sends its text",
    async () => {
      const runs = await judge("pi-prompt-template-model@0.12.2")
      for (const r of runs ? [runs.pi, runs.xagent] : []) expect(r.requests[0]!.last).toContain("banana TEMPLATEMARK")
    },
    PACKAGE_TEST_MS,
  )

  test(
    "pi-collaborating-agents: /agents opens its overlay",
    () => judge("@baochunli/pi-collaborating-agents@0.4.6"),
    PACKAGE_TEST_MS,
  )

  test("pi-subagents: /run sends an agent off with a task", () => judge("pi-subagents@0.67.0"), PACKAGE_TEST_MS)
})
