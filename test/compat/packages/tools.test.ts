// Registry packages that bring tools and MCP, in pi and in xagent: the scripted model calls the
// package's tool, and its result comes back (scenarios.ts, packages.ts).
import { beforeAll, describe, expect, test } from "bun:test"
import { hasTmux } from "../../e2e/tmux"
import { corpus } from "./corpus"
import { judge, PACKAGE_TEST_MS } from "./judge"

beforeAll(() => corpus(), 1_800_000)

describe.skipIf(!hasTmux)("registry packages: tools and MCP", () => {
  test(
    "pi-web-access: fetch_content on a local page, refused by its SSRF guard",
    async () => {
      const runs = await judge("pi-web-access@0.28.0")
      // The model got the same refusal as the tool's result.
      for (const r of runs ? [runs.pi, runs.xagent] : [])
        expect(r.requests[1]!.last).toContain("Blocked internal address for 127.0.0.1")
    },
    PACKAGE_TEST_MS,
  )

  test(
    "pi-processes: the process tool starts a background process, /ps lists it",
    () => judge("@aliou/pi-processes@0.12.0"),
    PACKAGE_TEST_MS,
  )

  test(
    "pi-mcp-adapter: an MCP server's tool through the mcp proxy",
    async () => {
      const runs = await judge("pi-mcp-adapter@2.36.0")
      for (const r of runs ? [runs.pi, runs.xagent] : []) expect(r.requests[1]!.last).toContain("QUIET-SHOUTED")
    },
    PACKAGE_TEST_MS,
  )
})
