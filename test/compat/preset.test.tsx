// Pi's preset example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("preset: /preset offers the presets; the chosen one is applied", async () => {
  const { app } = await open(["preset.ts"], {
    fixture: {
      files: {
        ".pi/presets.json": JSON.stringify({
          fast: { thinkingLevel: "low", instructions: "Be quick." },
          slow: { thinkingLevel: "high", instructions: "Be thorough." },
        }),
      },
    },
  })
  await runCommand(app, "/preset", "Switch preset configuration")
  const picker = await app.until("Select Preset")
  expect(picker).toMatch(/→ fast +thinking:low \| "Be quick\."/)
  expect(picker).toMatch(/ slow +thinking:high/)
  app.mockInput.pressArrow("down")
  await app.until((f) => /→ slow/.test(f))
  app.mockInput.pressEnter()
  const after = await app.until('Preset "slow" activated')
  expect(after).not.toContain("Select Preset")
  expect(after).toContain("think high")
  expect(after).toContain("preset:slow")
})

test("preset: Ctrl+Shift+U cycles through the presets, then back to none; /preset fast applies by name", async () => {
  const { app } = await open(["preset.ts"], {
    width: 110,
    kittyKeyboard: true,
    fixture: {
      files: {
        ".pi/presets.json": JSON.stringify({
          fast: { thinkingLevel: "low", instructions: "Be quick." },
          slow: { thinkingLevel: "high", instructions: "Be thorough." },
        }),
      },
    },
  })
  app.mockInput.pressKey("u", { ctrl: true, shift: true })
  expect(await app.until('Preset "fast" activated')).toContain("preset:fast")
  app.mockInput.pressKey("u", { ctrl: true, shift: true })
  expect(await app.until('Preset "slow" activated')).toContain("think high")
  app.mockInput.pressKey("u", { ctrl: true, shift: true })
  expect(await app.until("Preset cleared, defaults restored")).not.toContain("preset:slow")
  await runCommand(app, "/preset fast", "Switch preset configuration")
  // "think low" is also what the defaults restored show: wait for the command's own notice (its second)
  const activated = (f: string) => f.split('Preset "fast" activated').length - 1 === 2
  expect(await app.until((f) => activated(f) && f.includes("think low"))).toContain("preset:fast")
})
