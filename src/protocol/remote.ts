// Remote control (`/rc`, `xagent --rc`): what the daemon tells a window of the web app it serves
// for a session, and the daemon's requests that run it. Only a trusted peer (the window's holder,
// never the agent's processes) may call them: the link is a secret, and allowing a device is the
// person's act (protocol/access.ts).

/** A browser paired with a session: it holds a token of its own, which the daemon keeps hashed. */
export interface RemoteDevice {
  id: string
  /** What the browser called itself (its platform), sanitized by the daemon. */
  name: string
  pairedAt: number
  lastSeen?: number
  /** It has the session's event stream open now. */
  connected: boolean
}

/** A browser that opened the pairing link and waits for the person's yes or no. */
export interface PairRequest {
  id: string
  name: string
  /** The address it asked from. */
  address: string
  at: number
}

export interface RemoteStatus {
  on: boolean
  /** Changes with anything below: `remote.status` with `since` waits for a change. */
  version: number
  /** The address the web app is served on (`https://127.0.0.1:8443`, or the tunnel's in front of it). */
  url?: string
  /** Where the server itself listens (what a tunnel forwards to). */
  listening?: string
  /** The pairing link: `url` with a one-time code (and the certificate's fingerprint) after `#`. */
  link?: string
  /** SHA-256 of the certificate, as browsers show it; absent on plain HTTP. */
  fingerprint?: string
  devices: RemoteDevice[]
  requests: PairRequest[]
  /** Why it could not start (the address is taken, not allowed). */
  error?: string
}
