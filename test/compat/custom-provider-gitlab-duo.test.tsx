// Pi's custom-provider-gitlab-duo example registers the gitlab-duo provider and its models; a reply
// needs a GitLab Duo token (network, paid), so what is checked is what pi shows offline too: the
// models in /model, not signed in.
import { expect, test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("custom-provider-gitlab-duo: /model gitlab lists its nine models, without a key", async () => {
  const { app } = await open(["custom-provider-gitlab-duo"], { width: 110 })
  await app.submit("/model gitlab")
  const frame = await app.until('Models matching "gitlab"')
  expect(frame).toMatch(/gitlab-duo\/claude-opus-4-8 +Claude Opus 4\.8 +no key/)
  expect(frame).toMatch(/gitlab-duo\/gpt-5-codex +GPT-5 Codex +no key/)
  expect(frame.match(/gitlab-duo\//g)?.length).toBe(9)
})
