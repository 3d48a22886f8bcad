// The session tree as rows: depth-first, children oldest first, indented one step at each branch
// point (a straight run of messages stays at one level, as Pi's /tree does).
import type { TreeNode } from "../../../protocol"

export interface TreeRow {
  node: TreeNode
  level: number
  /** Has more than one child: the person can go another way from here. */
  branches: boolean
}

export function flattenTree(nodes: readonly TreeNode[]): TreeRow[] {
  const children = new Map<string | null, TreeNode[]>()
  const ids = new Set(nodes.map((n) => n.id))
  for (const n of nodes) {
    const parent = n.parentId && ids.has(n.parentId) ? n.parentId : null
    const list = children.get(parent) ?? []
    list.push(n)
    children.set(parent, list)
  }
  for (const list of children.values()) list.sort((a, b) => a.timestamp - b.timestamp)
  const rows: TreeRow[] = []
  // Iterative, so a 10,000-message straight line cannot overflow the stack.
  const stack: { node: TreeNode; level: number }[] = []
  const roots = children.get(null) ?? []
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i]!, level: roots.length > 1 ? 1 : 0 })
  while (stack.length > 0) {
    const { node, level } = stack.pop()!
    const kids = children.get(node.id) ?? []
    rows.push({ node, level, branches: kids.length > 1 })
    const next = kids.length > 1 ? level + 1 : level
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, level: next })
  }
  return rows
}

export function filterRows(rows: readonly TreeRow[], query: string): TreeRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...rows]
  return rows.filter((r) => words.every((w) => `${r.node.role} ${r.node.text}`.toLowerCase().includes(w)))
}
