// One way to make a context: a provider that builds the value from its props, and a `use` that
// fails loudly outside the provider (a missing provider is a wiring bug, not a runtime state).
import { createContext, useContext, type ParentProps } from "solid-js"

export function createSimpleContext<T, Props extends Record<string, any>>(input: {
  name: string
  init: ((props: Props) => T) | (() => T)
}) {
  const ctx = createContext<T>()
  return {
    provider: (props: ParentProps<Props>) => {
      const value = input.init(props)
      return <ctx.Provider value={value}>{props.children}</ctx.Provider>
    },
    use(): T {
      const value = useContext(ctx)
      if (value === undefined) throw new Error(`${input.name} context must be used within its provider`)
      return value
    },
  }
}
