// How the window asks to close; runTui (or a test) decides what closing means.
import { createSimpleContext } from "./helper"

export const { use: useExit, provider: ExitProvider } = createSimpleContext({
  name: "Exit",
  init: (props: { onExit: (code: number, message?: string) => void }) => ({
    /** `message` is said on the normal screen once the window has closed. */
    exit: (code = 0, message?: string) => props.onExit(code, message),
  }),
})
