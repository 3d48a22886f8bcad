// Whether the daemon can tell a window from a process the agent started. That takes the kernel:
// SO_PEERCRED for who connected, /proc for its ancestry, both Linux (through glibc, util/libc.ts).
// Where they are missing the daemon trusts no peer (daemon/peer.ts), so a window there keeps its
// session in its own process instead (cli/connect-client.ts). `platform` is a parameter so that
// tests can take the other path.
import { hasLibc } from "./libc"

export function peerChecksAvailable(platform: string = process.platform): boolean {
  return platform === "linux" && hasLibc()
}

/** Why a peer cannot be trusted where peerChecksAvailable is false. */
export function noPeerChecksReason(platform: string = process.platform): string {
  return platform === "linux"
    ? "peer checks need glibc's libc.so.6, which is missing here"
    : `peer checks need Linux, and this is ${platform}`
}
