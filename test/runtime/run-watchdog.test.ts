// The stall clock: a reply that keeps streaming is never ended, one whose model goes quiet is, at
// the limit after its last token (the model's stream only moves the clock on; a timer per token
// was a measurable share of a host's time while streaming). Fake timers: nothing waits here.
import { afterEach, expect, jest, test } from "bun:test"
import type { AgentSessionEvent } from "@earendil-works/pi-coding-agent"
import { RunWatchdog } from "../../src/runtime/session/run-watchdog"

afterEach(() => jest.useRealTimers())

const token = { type: "message_update" } as AgentSessionEvent
const start = { type: "agent_start" } as AgentSessionEvent

test("a streaming reply is never stalled; the limit counts from its last token", () => {
  jest.useFakeTimers()
  const ended: string[] = []
  const dog = new RunWatchdog({ modelStallMs: 1000, toolMs: 0 }, (why) => ended.push(why))
  dog.event(start)
  for (let i = 0; i < 20; i++) {
    jest.advanceTimersByTime(400)
    dog.event(token)
  }
  expect(ended).toEqual([])
  jest.advanceTimersByTime(999)
  expect(ended).toEqual([])
  jest.advanceTimersByTime(1)
  expect(ended).toEqual(["stalled: the model sent nothing for 1 s"])
  dog.dispose()
})

test("tokens after the run ended start no clock", () => {
  jest.useFakeTimers()
  const ended: string[] = []
  const dog = new RunWatchdog({ modelStallMs: 1000, toolMs: 0 }, (why) => ended.push(why))
  dog.event(start)
  dog.event({ type: "agent_end", messages: [] } as unknown as AgentSessionEvent)
  dog.event(token)
  jest.advanceTimersByTime(5000)
  expect(ended).toEqual([])
})

test("a request whose response never starts ends at the answer limit; once it streams, the stall limit counts", () => {
  jest.useFakeTimers()
  const ended: string[] = []
  const dog = new RunWatchdog({ modelAnswerMs: 1000, modelStallMs: 5000, toolMs: 0 }, (why) => ended.push(why))
  dog.event(start)
  jest.advanceTimersByTime(999)
  expect(ended).toEqual([])
  jest.advanceTimersByTime(1)
  expect(ended).toEqual(["stalled: the model did not answer the request within 1 s"])
  const answered: string[] = []
  const other = new RunWatchdog({ modelAnswerMs: 1000, modelStallMs: 5000, toolMs: 0 }, (why) => answered.push(why))
  other.event(start)
  other.event(token)
  jest.advanceTimersByTime(4999)
  expect(answered).toEqual([])
  jest.advanceTimersByTime(1)
  expect(answered).toEqual(["stalled: the model sent nothing for 5 s"])
})

test("Pi's wait before a retry is not counted as the model's silence", () => {
  jest.useFakeTimers()
  const ended: string[] = []
  const dog = new RunWatchdog({ modelAnswerMs: 1000, modelStallMs: 5000, toolMs: 0 }, (why) => ended.push(why))
  dog.event(start)
  dog.event({ type: "auto_retry_start", attempt: 1, maxAttempts: 3, delayMs: 4000, errorMessage: "429" })
  jest.advanceTimersByTime(4999)
  expect(ended).toEqual([])
  jest.advanceTimersByTime(1)
  expect(ended).toEqual(["stalled: the model did not answer the request within 1 s"])
})
