// How a command says how it went: a short line, or what went wrong in the error's own words.
import { useToast } from "../../context/toast"

export function useActionToasts() {
  const toast = useToast()
  return {
    info: (message: string) => toast.show({ level: "info", message }),
    fail: (e: unknown) => toast.show({ level: "error", message: e instanceof Error ? e.message : String(e) }),
  }
}
