// The tool gate as plain data: which tool calls wait for the person's consent while a session's
// approval is "ask" (an ACP editor turns it on, docs/adr-acp.md), and the answers a consent
// takes. Anything but an offered choice is a denial: the gate never picks for the person.

/** `ask`: gated tools wait for consent; `off`: the sandbox alone bounds them (xagent's default). */
export type Approval = "ask" | "off"

export const PERMISSION_CHOICES = ["allow_once", "allow_always", "reject_once"] as const
export type PermissionChoice = (typeof PERMISSION_CHOICES)[number]

/** Tools that only read, ask or keep lists: they never wait for consent. */
const UNGATED = new Set(["read", "ls", "grep", "find", "ask_user", "todo_write", "submit_plan"])

export const gatedTool = (name: string) => !UNGATED.has(name)

export const isPermissionChoice = (v: unknown): v is PermissionChoice =>
  typeof v === "string" && (PERMISSION_CHOICES as readonly string[]).includes(v)

/** What a denied call tells the model. */
export const DENIED = "Not run: the person did not allow this tool call."
