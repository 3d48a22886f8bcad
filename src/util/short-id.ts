// Session ids as people see them: the shortest prefix of Pi's session id that no other listed
// session shares. A fixed 8 would not do: a UUIDv7 starts with its timestamp, so sessions made
// minutes apart share their first 8 digits. `--session` and `attach` take these prefixes back.

const SHORT_ID_MIN = 8

/** Each distinct id to its shortest unique prefix among `ids` (at least `min` characters). */
export function shortIds(ids: readonly string[], min = SHORT_ID_MIN): Map<string, string> {
  const sorted = [...new Set(ids)].sort()
  const out = new Map<string, string>()
  sorted.forEach((id, i) => {
    // Sorted, the ids sharing the longest prefix with this one are its neighbours.
    const shared = Math.max(common(id, sorted[i - 1]), common(id, sorted[i + 1]))
    let len = Math.max(min, shared + 1)
    if (id[len - 1] === "-") len++
    out.set(id, id.slice(0, len))
  })
  return out
}

function common(a: string, b: string | undefined): number {
  if (b === undefined) return 0
  let n = 0
  while (n < a.length && a[n] === b[n]) n++
  return n
}
