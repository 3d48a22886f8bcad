// Desktop notifications an extension writes to stdout (Pi's notify example): OSC 777 (notify),
// OSC 9 (iTerm2, ConEmu) and OSC 99 (kitty), ended by BEL or ST. A session host's stdout is
// the daemon's log; these sequences, and only these, are handed to the windows' terminals.
// Pure: the host picks them out of what is written, the window checks each again before it
// writes it.

// The payload may hold no control character: nothing that could end the OSC early and start
// another sequence.
const NOTIFY = /\u001b\](?:777;notify;|9;|99;)[^\u0000-\u001f\u007f-\u009f]*(?:\u0007|\u001b\\)/g
const ONE = /^\u001b\](?:777;notify;|9;|99;)[^\u0000-\u001f\u007f-\u009f]*(?:\u0007|\u001b\\)$/

/** Longest sequence handed on (a notification's title and body). */
export const MAX_NOTIFY_LENGTH = 4096

export function takeNotifications(text: string): { found: string[]; rest: string } {
  if (!text.includes("\u001b]")) return { found: [], rest: text }
  const found: string[] = []
  const rest = text.replace(NOTIFY, (seq) => {
    if (seq.length > MAX_NOTIFY_LENGTH) return seq
    found.push(seq)
    return ""
  })
  return { found, rest }
}

export function isNotification(seq: string): boolean {
  return seq.length <= MAX_NOTIFY_LENGTH && ONE.test(seq)
}
