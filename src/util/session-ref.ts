// `--session` takes a file path or a Pi session id; this tells which, the same way Pi does.

export function looksLikeSessionPath(ref: string): boolean {
  return ref.includes("/") || ref.includes("\\") || ref.endsWith(".jsonl")
}
