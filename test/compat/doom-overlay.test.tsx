// Pi's doom-overlay example needs the shareware WAD: on first run it downloads it (~4 MB, network)
// into its own folder of the installed package. A test must neither reach the network nor write
// into node_modules, so /doom-overlay is not run here (offline, pi and xagent both say "Failed to
// download DOOM WAD file"). What is checked: it loads and offers its command. The overlay machinery
// it needs (a component overlay redrawn ~30 times a second, taking keys) is overlay-qa-tests'
// /overlay-animation.
import { expect, test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("doom-overlay: loads and offers /doom-overlay", async () => {
  const { app } = await open(["doom-overlay"])
  await app.mockInput.typeText("/doom")
  expect(await app.until("Play DOOM as an overlay. Q to pause and exit.")).toContain("/doom-overlay")
})
