// How the window asks to close; runTui (or a test) decides what closing means.
import { createSimpleContext } from "./helper"

export const { use: useExit, provider: ExitProvider } = createSimpleContext({
  name: "Exit",
  init: (props: { onExit: (code: number) => void }) => ({
    exit: (code = 0) => props.onExit(code),
  }),
})
