// Pi's dynamic-resources example adds a skill, a prompt template and a theme through the
// resources_discover event: the skill and the prompt are offered and work, and its theme
// ("dynamic-resources") is one /theme lists and switches to.
import { expect, test } from "bun:test"
import { theme } from "../../src/tui/theme"
import { usePiExamples } from "../fixture/pi-examples"
import { replyAndRecord } from "./model-sees"

const open = usePiExamples()

test("dynamic-resources: its skill and prompt template are offered and reach the model", async () => {
  const { app, fx } = await open(["dynamic-resources"])
  await app.mockInput.typeText("/skill:dyn")
  expect(await app.until("Example skill loaded from resources_discover")).toContain("/skill:dynamic-resources")
  for (let i = 0; i < "skill:dyn".length; i++) app.mockInput.pressBackspace()
  await app.mockInput.typeText("dynamic")
  await app.until("Example prompt template loaded from resources_discover")
  const sent = replyAndRecord(fx.faux, "Here is the structure.", "Skill used.")
  app.mockInput.pressEnter()
  await app.renderOnce()
  await app.until("Here is the structure.")
  expect(sent[0]).toContain("Summarize the current repository structure and mention any build or test commands.")
  await app.submit("/skill:dynamic-resources tell me")
  await app.until("Skill used.")
  expect(sent[1]).toContain("This skill is provided by the dynamic-resources extension.")
})

test("dynamic-resources: its theme is listed by /theme and drawn when chosen", async () => {
  const { app } = await open(["dynamic-resources"])
  await app.submit("/theme")
  const list = await app.until("Choose a theme")
  // listed with its file (the path is cut at the dialog's width)
  expect(list).toMatch(/dynamic-resources {2}\/\S*node_modules/)
  app.mockInput.pressArrow("down")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until("Theme: dynamic-resources")
  // its own colours: the example sets its accent variable to #8abeb7
  expect(theme.name).toBe("dynamic-resources")
  expect(theme.accent).toBe("#8abeb7")
})
