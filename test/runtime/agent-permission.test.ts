// An ACP agent's permission request as the window's dialog, and the answer back as the agent's
// own option (runtime/agent/agent-permission.ts): the approval dialog when the options are
// xagent's three, a choice of the agent's names otherwise; nothing chosen for the person.
import { describe, expect, test } from "bun:test"
import type * as acp from "@agentclientprotocol/sdk"
import { permissionAsk } from "../../src/runtime/agent/agent-permission"

const request = (options: acp.PermissionOption[]): acp.RequestPermissionRequest => ({
  sessionId: "agent-session",
  toolCall: { toolCallId: "call-1", title: "rm -rf build\u001b[2J", rawInput: { command: "rm -rf build" } },
  options,
})

const three: acp.PermissionOption[] = [
  { optionId: "a1", name: "Allow", kind: "allow_once" },
  { optionId: "a2", name: "Always", kind: "allow_always" },
  { optionId: "r1", name: "Reject", kind: "reject_once" },
]

describe("an agent's permission request", () => {
  test("xagent's three kinds: the approval dialog, answered by kind with the agent's option id", () => {
    const ask = permissionAsk("q1", request(three), undefined)
    expect(ask.request).toEqual({
      id: "q1",
      kind: "permission",
      toolCallId: "call-1",
      toolName: "rm -rf build",
      title: "rm -rf build",
      input: { command: "rm -rf build" },
    })
    expect(ask.answer({ value: "allow_always" })).toEqual({ outcome: { outcome: "selected", optionId: "a2" } })
    // dismissed: rejected once, never allowed
    expect(ask.answer({ cancelled: true })).toEqual({ outcome: { outcome: "selected", optionId: "r1" } })
    expect(() => ask.answer({ value: "yes" })).toThrow(/allow_once/)
  })

  test("other options: a choice of the agent's own names, a repeated name told apart", () => {
    const ask = permissionAsk(
      "q2",
      request([
        { optionId: "once", name: "Allow", kind: "allow_once" },
        { optionId: "plan", name: "Allow", kind: "allow_always" },
        { optionId: "no", name: "Deny forever", kind: "reject_always" },
      ]),
      undefined,
    )
    expect(ask.request).toEqual({
      id: "q2",
      kind: "select",
      title: "rm -rf build: allow?",
      options: ["Allow", "Allow (2)", "Deny forever"],
    })
    expect(ask.answer({ value: "Allow (2)" })).toEqual({ outcome: { outcome: "selected", optionId: "plan" } })
    expect(ask.answer({ cancelled: true })).toEqual({ outcome: { outcome: "selected", optionId: "no" } })
    expect(() => ask.answer({ value: "Allow always" })).toThrow(/Answer with one of/)
  })

  test("no reject option: a dismissed dialog is the cancelled outcome", () => {
    const ask = permissionAsk("q3", request([{ optionId: "go", name: "Go", kind: "allow_once" }]), undefined)
    expect(ask.answer({ cancelled: true })).toEqual({ outcome: { outcome: "cancelled" } })
  })
})
