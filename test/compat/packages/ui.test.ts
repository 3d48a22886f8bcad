// Registry packages that draw (message renderers, previews), follow themes, or bring a provider,
// in pi and in xagent (scenarios.ts, packages.ts).
import { beforeAll, describe, expect, test } from "bun:test"
import { hasTmux } from "../../e2e/tmux"
import { corpus } from "./corpus"
import { judge, PACKAGE_TEST_MS } from "./judge"

beforeAll(() => corpus(), 1_800_000)

// pi-markdown-preview renders through pandoc and a Chromium; .ci/run installs both.
const previewTools = ["pandoc", "chromium"].filter((t) => !Bun.which(t))
if (previewTools.length)
  console.warn(
    `pi-markdown-preview's test skipped: ${previewTools.join(" and ")} not installed (apt-get install pandoc chromium)`,
  )

describe.skipIf(!hasTmux)("registry packages: UI, themes, providers", () => {
  test("pi-mermaid: a mermaid block drawn as ASCII", () => judge("pi-mermaid@0.3.0"), PACKAGE_TEST_MS)
  test.skipIf(previewTools.length > 0)(
    "pi-markdown-preview: /preview",
    () => judge("pi-markdown-preview@0.16.0"),
    PACKAGE_TEST_MS,
  )
  test("pi-sync-system-theme: /system-theme settings", () => judge("pi-sync-system-theme@0.2.5"), PACKAGE_TEST_MS)
  test("pi-system-theme: /system-theme", () => judge("pi-system-theme@0.5.0"), PACKAGE_TEST_MS)
  test(
    "@agentuity/pi: nothing loads without a manifest",
    async () => {
      const runs = await judge("@agentuity/pi@2.0.21")
      if (!runs) return
      // The same tools in both: Pi's, and xagent's bundled ones beside them; none of the package.
      const xagentOwn = new Set(["ask_user", "todo_write", "agent"])
      expect(runs.pi.requests[0]!.tools).toEqual(["read", "bash", "edit", "write"])
      expect(runs.xagent.requests[0]!.tools.filter((t) => !xagentOwn.has(t))).toEqual(runs.pi.requests[0]!.tools)
    },
    PACKAGE_TEST_MS,
  )
})
