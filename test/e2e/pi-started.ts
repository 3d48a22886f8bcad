// Whether pi (the hosted Pi's CLI, in a tmux pane) takes what is typed as a prompt yet. Pi draws its
// editor and its footer (the model) before its start-up is over; an Enter in that gap only prints
// "Startup is still in progress" into its transcript and keeps the text in the editor. It names the
// terminal (`π - <folder>`) as the last step of binding the session, after its editor sends
// prompts (interactive-mode's init: the submit handler, then the session's extensions, then the
// title): the pane's title says its start-up is over.
import type { Pane } from "./tmux"

export function piStarted(pane: Pane): boolean {
  return pane.tmux("display-message", "-p", "-t", "e2e", "#{pane_title}").startsWith("π - ")
}
