// The three built-in subagent profiles (general, explore, plan): what the subagents extension runs
// them with, and what the /agents page shows of them. Here rather than in the extension so the
// host's listing (which may not import an extension) reads the same table.

export interface SubagentBuiltin {
  name: string
  description: string
  tools: string[]
  instructions: string
}

/** The subagents extension's tool (its rules.ts says the same name). */
const AGENT_TOOL = "agent"
const READ_ONLY = ["read", "grep", "find", "ls"]
// ask_user: a child's questions go to the parent's windows, named by the child (left out where
// the parent has none to lend: -p). explore only searches and answers, so it does not ask.
export const GENERAL_TOOLS = [
  "read",
  "bash",
  "edit",
  "write",
  "grep",
  "find",
  "ls",
  "ask_user",
  "todo_write",
  AGENT_TOOL,
]
const PLANNING = [...READ_ONLY, "ask_user"]

export const SUBAGENT_BUILTINS: readonly SubagentBuiltin[] = [
  {
    name: "general",
    description: "A subagent with the parent's tools: reads, runs commands, edits",
    tools: GENERAL_TOOLS,
    instructions:
      "You are a subagent: another agent gave you one task. Do it, then end with a short report of what you did and found; that report is all the other agent sees.",
  },
  {
    name: "explore",
    description: "A read-only explorer: searches and reads the code, answers with files and lines",
    tools: READ_ONLY,
    instructions:
      "You are a read-only explorer subagent: search and read the code to answer the task; you cannot change files or run commands. End with a concise answer naming the files and lines that matter.",
  },
  {
    name: "plan",
    description: "A read-only planner: answers with a step-by-step plan, changes nothing",
    tools: PLANNING,
    instructions:
      "You are a planning subagent: read the code, then answer with a step-by-step plan for the task (files to change and how, risks, how to test). Change nothing.",
  },
]
