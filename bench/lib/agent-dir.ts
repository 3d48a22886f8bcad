// One throwaway world shared by both programs: HOME, Pi's agent dir (models.json → mockllm,
// settings choosing that model), xagent's state dir, a working directory and scratch space.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const PROVIDER = "mockllm"
export const MODEL_ID = "bench-model"

export interface AgentDir {
  root: string
  home: string
  agent: string
  xagentHome: string
  work: string
  scratch: string
  /** points models.json at a (new) mockllm */
  useModelServer(baseUrl: string): void
  /** environment for a program run; `tag` marks every process of that run */
  env(tag: string): Record<string, string>
  remove(): void
}

export function createAgentDir(): AgentDir {
  const root = mkdtempSync(join(tmpdir(), "xagent-bench-"))
  const dirs = {
    home: join(root, "home"),
    agent: join(root, "home", ".pi", "agent"),
    xagentHome: join(root, "xagent"),
    work: join(root, "work"),
    scratch: join(root, "scratch"),
  }
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true })
  writeFileSync(
    join(dirs.agent, "settings.json"),
    JSON.stringify(
      {
        defaultProvider: PROVIDER,
        defaultModel: MODEL_ID,
        defaultThinkingLevel: "off",
        // a 2,000-message session must never trigger a summarising call to the mock
        compaction: { enabled: false },
        retry: { enabled: false },
      },
      null,
      2,
    ),
  )
  return {
    root,
    ...dirs,
    useModelServer(baseUrl: string) {
      const models = {
        providers: {
          [PROVIDER]: {
            baseUrl,
            api: "openai-completions",
            apiKey: "bench",
            compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
            models: [{ id: MODEL_ID, name: MODEL_ID, contextWindow: 1_000_000, maxTokens: 64_000 }],
          },
        },
      }
      writeFileSync(join(dirs.agent, "models.json"), JSON.stringify(models, null, 2))
    },
    env(tag: string) {
      return {
        HOME: dirs.home,
        PI_CODING_AGENT_DIR: dirs.agent,
        XAGENT_HOME: dirs.xagentHome,
        XDG_CONFIG_HOME: join(dirs.home, ".config"),
        XDG_STATE_HOME: join(dirs.home, ".local", "state"),
        XDG_CACHE_HOME: join(dirs.home, ".cache"),
        PI_OFFLINE: "1",
        PI_SKIP_VERSION_CHECK: "1",
        // pi names no session: the model request that would name xagent's is left out, so both do the same work.
        XAGENT_SESSION_NAMES: "off",
        XAGENT_BENCH_TAG: tag,
      }
    },
    remove() {
      rmSync(root, { recursive: true, force: true })
    },
  }
}
