// The access table classifies exactly the methods the schemas define. The typecheck holds the
// same (`satisfies AccessTable` in protocol/access.ts); the @ts-expect-error lines below fail
// `tsc` if a table missing an entry, or naming a method that does not exist, ever compiled.
import { expect, test } from "bun:test"
import { ACCESS, accessOf, type AccessTable } from "../../src/protocol"
import { DaemonSchemas, Schemas } from "../../src/protocol/schemas"

test("the access table names every request and daemon method, and nothing else", () => {
  const methods = [...Object.keys(Schemas), ...Object.keys(DaemonSchemas)].sort()
  expect(Object.keys(ACCESS).sort()).toEqual(methods)
  for (const m of methods) expect(["read", "mutate"]).toContain(accessOf(m)!)
})

test("a table missing an entry, or with one for no method, does not typecheck", () => {
  const { "session.tree": _tree, ...missing } = ACCESS
  // @ts-expect-error Property '"session.tree"' is missing
  const incomplete: AccessTable = missing
  // @ts-expect-error Object literal may only specify known properties
  const extra: AccessTable = { ...ACCESS, "session.unknown": "read" }
  // @ts-expect-error Type '"write"' is not assignable to type 'Access'
  const wrong: AccessTable = { ...ACCESS, "session.tree": "write" }
  expect(accessOf("session.tree", incomplete)).toBeUndefined()
  expect(accessOf("session.unknown", extra)).toBe("read")
  expect(accessOf("session.tree", wrong)).toBe("write" as never)
})

test("accessOf sees only the table's own entries", () => {
  expect(accessOf("constructor")).toBeUndefined()
  expect(accessOf("__proto__")).toBeUndefined()
  expect(accessOf("toString")).toBeUndefined()
})
