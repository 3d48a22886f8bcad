// One SyntaxStyle for markdown and code, from the palette's markdown and syntax colours (Pi's md*
// and syntax* tokens, mapped as Pi's own markdown and highlight themes map them). It lives in
// native memory, so it is made once per palette, not per message; views read it in JSX, so a
// theme switch hands them the new one.
import { SyntaxStyle } from "@opentui/core"
import { theme } from "../theme"

let style: SyntaxStyle | undefined
let madeFor = ""

export function syntaxStyle(): SyntaxStyle {
  const { md, syntax: sx } = theme
  // Reading every colour here makes a caller in a tracking scope follow the palette.
  const key = [theme.text, theme.dim, ...Object.values(md), ...Object.values(sx)].join()
  if (style && key === madeFor) return style
  madeFor = key
  // The previous style may still be drawn this frame by a view not yet updated: it is left to the GC.
  style = SyntaxStyle.fromStyles({
    default: { fg: theme.text },
    conceal: { fg: theme.dim },
    "markup.heading": { fg: md.heading, bold: true },
    // headings come as markup.heading.<level>; a missing name falls back only to its first part.
    // As in Pi: H1 underlined, H2 bold, deeper ones keep their #s (highlight-markdown.ts).
    ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`markup.heading.${n}`, { fg: md.heading, bold: true }])),
    "markup.heading.1": { fg: md.heading, bold: true, underline: true },
    "markup.strong": { fg: theme.text, bold: true },
    "markup.italic": { fg: theme.text, italic: true },
    "markup.strikethrough": { fg: theme.muted },
    "markup.raw": { fg: md.code },
    "markup.raw.block": { fg: md.codeBlock },
    "markup.link": { fg: md.link, underline: true },
    "markup.link.label": { fg: md.link },
    "markup.link.url": { fg: md.linkUrl, underline: true },
    "markup.list": { fg: md.listBullet },
    "markup.quote": { fg: md.quote, italic: true },
    keyword: { fg: sx.keyword },
    "keyword.import": { fg: sx.keyword },
    string: { fg: sx.string },
    comment: { fg: sx.comment, italic: true },
    number: { fg: sx.number },
    boolean: { fg: sx.number },
    constant: { fg: sx.number },
    function: { fg: sx.function },
    "function.method": { fg: sx.function },
    type: { fg: sx.type },
    "type.builtin": { fg: sx.type },
    variable: { fg: sx.variable },
    property: { fg: sx.variable },
    operator: { fg: sx.operator },
    punctuation: { fg: sx.punctuation },
  })
  return style
}
