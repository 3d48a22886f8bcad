// One SyntaxStyle for markdown and code, built from the shared palette on first use (it lives in
// native memory, so it is made once, not per message).
import { SyntaxStyle } from "@opentui/core"
import { theme } from "../theme"

let style: SyntaxStyle | undefined

export function syntaxStyle(): SyntaxStyle {
  style ??= SyntaxStyle.fromStyles({
    default: { fg: theme.text },
    conceal: { fg: theme.dim },
    "markup.heading": { fg: theme.accent, bold: true },
    // headings come as markup.heading.<level>; a missing name falls back only to its first part
    ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`markup.heading.${n}`, { fg: theme.accent, bold: true }])),
    "markup.strong": { fg: theme.text, bold: true },
    "markup.italic": { fg: theme.text, italic: true },
    "markup.strikethrough": { fg: theme.muted },
    "markup.raw": { fg: theme.info },
    "markup.raw.block": { fg: theme.text },
    "markup.link": { fg: theme.accent, underline: true },
    "markup.link.label": { fg: theme.accent },
    "markup.link.url": { fg: theme.muted, underline: true },
    "markup.list": { fg: theme.accentAlt },
    "markup.quote": { fg: theme.muted, italic: true },
    keyword: { fg: theme.accentAlt },
    "keyword.import": { fg: theme.accentAlt },
    string: { fg: theme.success },
    comment: { fg: theme.dim, italic: true },
    number: { fg: theme.warning },
    boolean: { fg: theme.warning },
    constant: { fg: theme.warning },
    function: { fg: theme.accent },
    "function.method": { fg: theme.accent },
    type: { fg: theme.info },
    "type.builtin": { fg: theme.info },
    variable: { fg: theme.text },
    property: { fg: theme.user },
    operator: { fg: theme.info },
    punctuation: { fg: theme.muted },
  })
  return style
}
