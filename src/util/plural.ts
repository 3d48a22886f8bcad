/** "1 line", "2 lines": for words whose plural only adds an s. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`
}
