const { runTui } = (await import(process.env.BUNDLE ?? "./src/tui/run")) as typeof import("./src/tui/run")
import { FakeClient, item, snapshot } from "./test/fixture/fake-client"

const client = new FakeClient()
const result = await runTui({
  cwd: process.cwd(),
  version: "0.1.0",
  target: { kind: "attach", sessionId: "s1" },
  connect: async () => {
    setTimeout(() => {
      client.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "hello"), item.assistant("a1", "Hi! Here is `code`:\n\n```ts\nconst x = 1\n```")] }) })
      client.emit({ type: "run", running: true, startedAt: Date.now() - 65000 })
    }, 50)
    return client
  },
})
console.log("RESULT", JSON.stringify(result))
