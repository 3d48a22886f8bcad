// One palette for every view. Hex strings, as OpenTUI's `fg`/`bg`/`borderColor` take them.
export const theme = {
  text: "#e6e6e6",
  muted: "#8a8f98",
  dim: "#5c6370",
  accent: "#7aa2f7",
  accentAlt: "#bb9af7",
  success: "#9ece6a",
  warning: "#e0af68",
  error: "#f7768e",
  info: "#7dcfff",
  border: "#3b4261",
  borderActive: "#7aa2f7",
  panel: "#1f2335",
  selection: "#2e3c64",
  diffAdd: "#9ece6a",
  diffRemove: "#f7768e",
  diffAddBg: "#20303b",
  diffRemoveBg: "#37222c",
  user: "#c0caf5",
} as const

export type Theme = typeof theme
