// The export's Markdown is the protocol's (the window's /copy all writes the same text).
export { transcriptMarkdown } from "../protocol"
