// The export's Markdown is the shared one (the window's /copy all writes the same text).
export { transcriptMarkdown } from "../../common/transcript-markdown"
