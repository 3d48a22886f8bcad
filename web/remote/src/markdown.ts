// Markdown as DOM nodes, never as HTML: every text a model, a tool or a file wrote becomes a text
// node, so nothing in it is markup. What a reply uses: headings, paragraphs, lists, quotes, code
// fences and inline code, bold, italic, links (shown, not followed: the text and its address).

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls?: string,
  ...children: (Node | string | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (cls) node.className = cls
  for (const c of children) if (c !== undefined && c !== false) node.append(c)
  return node
}

const INLINE =
  /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|\[([^\]]+)\]\(([^)\s]+)\)/g

function inline(text: string): Node[] {
  const out: Node[] = []
  let last = 0
  for (const m of text.matchAll(INLINE)) {
    if (m.index! > last) out.push(document.createTextNode(text.slice(last, m.index)))
    if (m[1]) out.push(el("code", undefined, m[2]!))
    else if (m[3] ?? m[4]) out.push(el("strong", undefined, ...inline((m[3] ?? m[4])!)))
    else if (m[5] ?? m[6]) out.push(el("em", undefined, ...inline((m[5] ?? m[6])!)))
    else if (m[7]) out.push(el("span", "link", m[7], el("span", "dim", ` (${m[8]})`)))
    last = m.index! + m[0].length
  }
  if (last < text.length) out.push(document.createTextNode(text.slice(last)))
  return out
}

/** Renders `text` into a new block element. An unclosed code fence (a reply still streaming) is code to the end. */
export function markdown(text: string): HTMLElement {
  const root = el("div", "md")
  const lines = text.split("\n")
  let para: string[] = []
  let list: HTMLElement | undefined
  const flushPara = () => {
    if (para.length) root.append(el("p", undefined, ...inline(para.join("\n"))))
    para = []
  }
  const flushList = () => {
    list = undefined
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const fence = /^\s*(```+|~~~+)\s*([\w+-]*)/.exec(line)
    if (fence) {
      flushPara()
      flushList()
      const body: string[] = []
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!); i++) body.push(lines[i]!)
      const pre = el("pre", "code", el("code", undefined, body.join("\n")))
      if (fence[2]) pre.dataset.lang = fence[2]
      root.append(pre)
      continue
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line)
    if (heading) {
      flushPara()
      flushList()
      root.append(el(`h${Math.min(6, heading[1]!.length + 2)}` as "h3", undefined, ...inline(heading[2]!)))
      continue
    }
    const item = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/.exec(line)
    if (item) {
      flushPara()
      const ordered = /\d/.test(item[2]!)
      if (!list || (list.tagName === "OL") !== ordered) {
        list = el(ordered ? "ol" : "ul")
        root.append(list)
      }
      const task = /^\[([ xX])\]\s+(.*)$/.exec(item[3]!)
      list.append(
        task
          ? el("li", task[1] === " " ? "task" : "task done", ...inline(task[2]!))
          : el("li", undefined, ...inline(item[3]!)),
      )
      continue
    }
    const quote = /^>\s?(.*)$/.exec(line)
    if (quote) {
      flushPara()
      flushList()
      root.append(el("blockquote", undefined, ...inline(quote[1]!)))
      continue
    }
    if (!line.trim()) {
      flushPara()
      flushList()
      continue
    }
    if (list && /^\s+\S/.test(line)) {
      list.lastElementChild?.append(document.createTextNode(" " + line.trim()))
      continue
    }
    flushList()
    para.push(line)
  }
  flushPara()
  return root
}
