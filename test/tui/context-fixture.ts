// A /context report as a host would send it, for the page's frame tests and snapshots: three runs
// (the last without a reply yet), a compaction, a request whose provider reported no usage, and
// names from files and extensions that carry escape sequences.
import type { ContextReport } from "../../src/protocol"

export const ESC_NAME = "evil\x1b[31mred"

export function contextReport(over: Partial<ContextReport> = {}): ContextReport {
  return {
    runs: [
      { n: 1, prompt: "fix the login redirect\nand explain why", models: ["faux/faux-1"], thinking: "medium" },
      { n: 2, prompt: `now add tests for ${ESC_NAME}`, models: ["faux/faux-1", "faux/faux-2"] },
      { n: 3, prompt: "and the docs", models: [] },
    ],
    current: {
      model: "faux/faux-2",
      thinking: "high",
      sources: [
        { kind: "system", path: "/home/u/.pi/agent/SYSTEM.md" },
        { kind: "context", path: "/proj/demo/AGENTS.md" },
      ],
      tools: ["read", "bash", "edit", "write", `${ESC_NAME}_tool`],
      mcpServers: [`${ESC_NAME}-server`],
      skills: ["pdf"],
      extensions: ["/proj/demo/.pi/extensions/hello.ts"],
    },
    usage: {
      contextWindow: 200_000,
      reserve: 16_384,
      sent: { input: 30_000, cacheRead: 12_000, cacheWrite: 500, total: 42_500, model: "faux/faux-2" },
      parts: [
        { name: "system prompt", estimate: 2_100 },
        { name: "tools' schemas", estimate: 3_400 },
        { name: "context files", estimate: 900 },
        { name: "skills", estimate: 120 },
        { name: "messages", estimate: 20_000 },
        { name: "tool results", estimate: 14_000 },
        { name: "images", estimate: 1_200 },
        { name: "summaries", estimate: 800 },
      ],
    },
    growth: [
      { kind: "request", n: 1, run: 1, model: "faux/faux-1", tokens: 12_000 },
      { kind: "request", n: 2, run: 1, model: "faux/faux-1", tokens: 90_000 },
      { kind: "compaction", tokensBefore: 90_000 },
      { kind: "request", n: 3, run: 2, model: "faux/faux-1" },
      { kind: "request", n: 4, run: 2, model: "faux/faux-2", tokens: 42_500 },
    ],
    ...over,
  }
}
