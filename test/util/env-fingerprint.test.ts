import { expect, test } from "bun:test"
import { envFingerprint } from "../../src/util/env-fingerprint"

test("the folder of bundled extensions counts: a daemon started with another one is not this window's", () => {
  const base = { PATH: "/usr/bin", HOME: "/home/a" }
  expect(envFingerprint({ ...base, XAGENT_BUNDLED_DIR: "/tmp/slot" })).not.toBe(envFingerprint(base))
  expect(envFingerprint({ ...base, XAGENT_NO_BUNDLED: "ask-user" })).toBe(envFingerprint(base))
})

test("the sandbox's binary counts: a daemon started with another bwrap (or none) is not this window's", () => {
  const base = { PATH: "/usr/bin", HOME: "/home/a" }
  expect(envFingerprint({ ...base, XAGENT_BWRAP: "/nonexistent/bwrap" })).not.toBe(envFingerprint(base))
  expect(envFingerprint({ ...base, XAGENT_BWRAP: "/opt/bwrap" })).not.toBe(
    envFingerprint({ ...base, XAGENT_BWRAP: "/usr/bin/bwrap" }),
  )
})
