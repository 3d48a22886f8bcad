// What the program writes to the terminal while a reply streams: bytes per streamed token, full
// screen clears, and rewrites of rows already in the terminal's scrollback. xagent full screen
// (--fullscreen) and xagent inline (--inline, the default), each against pi (which always draws inline).
import { readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { replyText } from "../fixtures/reply-text"
import type { BenchCase } from "../lib/bench-case"
import { atMost, metric, vsPi, withProgram } from "../lib/bench-case"
import { tmuxQuote } from "../lib/tmux"
import type { Program } from "../programs"

const PROMPT = "write the paced answer"
const END = "PACED-END-31"

/** Clears of the whole screen: ED 2, or the cursor home then erase to the end. */
const FULL_CLEAR = /\x1b\[2J|\x1b\[(?:1;1)?H\x1b\[J/g
/** Clearing the saved lines (ED 3): every row in the scrollback is gone, to be written again. */
const SCROLLBACK_CLEAR = /\x1b\[3J/g

/** Counts in what the terminal was sent between Enter and the reply's end on screen. */
export function readOutput(bytes: Buffer, tokens: number) {
  const text = bytes.toString("latin1")
  return {
    bytes_per_token: bytes.length / tokens,
    full_clears: text.match(FULL_CLEAR)?.length ?? 0,
    scrollback_rewrites: text.match(SCROLLBACK_CLEAR)?.length ?? 0,
  }
}

function terminalOutput(mode: "fullscreen" | "inline"): BenchCase {
  const inline = mode === "inline"
  return {
    id: inline ? "terminal-output-inline" : "terminal-output",
    title: inline ? "terminal output, inline" : "terminal output",
    measures:
      `Everything the program writes to its tmux pane (tmux pipe-pane) from Enter until the reply's end ` +
      `marker is on screen, for a paced reply (mockllm --tps 2000, prose with lists and code blocks, ` +
      `the tokens of the "long streaming" case), xagent ${inline ? "with --inline (the default: the transcript in the terminal's scrollback)" : "with --fullscreen"}: ` +
      `bytes per streamed token; full-screen clears (ED 2, or cursor home + ED 0); rewrites of rows ` +
      `already in the scrollback, counted as clears of the saved lines (ED 3: the only way a program ` +
      `can touch rows that scrolled off; rows still on screen are not counted).`,
    metrics: [
      metric("median", "bytes_per_token", "bytes per streamed token", "B/tok", vsPi(1.0)),
      metric("median", "full_clears", "full-screen clears while streaming", "count"),
      metric("median", "scrollback_rewrites", "rewrites of scrollback rows", "count", atMost(0)),
    ],
    async setup(ctx) {
      await ctx.serve(`terminal-output-${mode}`, { fallback: replyText(ctx.options.pacedTokens, END) }, 2000)
    },
    once(ctx, program) {
      // Both modes named, so neither case follows a change of the default.
      const flag = inline ? "--inline" : "--fullscreen"
      const shown: Program = program.id === "xagent" ? { ...program, argv: (o) => [...program.argv(o), flag] } : program
      return withProgram(ctx, shown, {}, async (run) => {
        await run.typeWhenReady(PROMPT)
        const file = join(ctx.dir.scratch, `${run.pane.name}.out`)
        await ctx.tmux.command(`pipe-pane -o -t ${run.pane.name} ${tmuxQuote(`cat > ${file}`)}`)
        await run.pane.key("Enter")
        await run.pane.waitForText(END, { timeoutMs: 180_000, pollMs: 50 })
        await ctx.tmux.command(`pipe-pane -t ${run.pane.name}`)
        const values = readOutput(readFileSync(file), ctx.options.pacedTokens)
        rmSync(file, { force: true })
        return values
      })
    },
  }
}

export const terminalOutputFullscreen = terminalOutput("fullscreen")
export const terminalOutputInline = terminalOutput("inline")
