// Boundary checks for incoming frames: shape, method, params (TypeBox, compiled once).
import { Compile, type Validator } from "typebox/compile"
import { ProtocolError } from "../protocol"
import { DaemonSchemas, Schemas } from "../protocol/schemas"

const all: Record<string, import("typebox").TSchema> = { ...Schemas, ...DaemonSchemas }
const validators = new Map<string, Validator>()

export interface ParsedRequest {
  id: number | string
  method: string
  params: unknown
}

/** Parses one line into a request; throws ProtocolError with the id when one could be read. */
export function parseRequest(line: string): ParsedRequest {
  let frame: unknown
  try {
    frame = JSON.parse(line)
  } catch (e) {
    throw new FrameError(null, "bad_frame", `not JSON (${(e as Error).message})`)
  }
  if (typeof frame !== "object" || frame === null || Array.isArray(frame))
    throw new FrameError(null, "bad_frame", "expected an object {id, method, params}")
  const f = frame as Record<string, unknown>
  const id = f.id
  if ((typeof id !== "number" || !Number.isFinite(id)) && (typeof id !== "string" || id.length > 200))
    throw new FrameError(null, "bad_frame", "missing or invalid id (a number or a short string)")
  if (typeof f.method !== "string") throw new FrameError(id, "bad_request", "missing method")
  if (!Object.hasOwn(all, f.method))
    throw new FrameError(id, "unknown_method", `unknown method ${JSON.stringify(f.method.slice(0, 80))}`)
  return { id, method: f.method, params: f.params === undefined ? {} : f.params }
}

export function checkParams(method: string, params: unknown): string | undefined {
  let v = validators.get(method)
  if (!v) validators.set(method, (v = Compile(all[method]!)))
  if (v.Check(params)) return undefined
  const errors = v.Errors(params).slice(0, 3)
  return errors.map((e) => `${e.instancePath || "params"} ${e.message}`).join("; ") || "invalid params"
}

export class FrameError extends ProtocolError {
  constructor(
    readonly id: number | string | null,
    code: ProtocolError["code"],
    message: string,
  ) {
    super(code, message)
  }
}
