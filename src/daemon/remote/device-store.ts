// The browsers paired for remote control, in `<xagent home>/remote/devices.json` (0600 in a 0700
// folder): each with the session it may reach and the SHA-256 of its token. The token itself is
// handed to the browser once and kept nowhere here, so the file (or a log) leaks nothing usable.
import { createHash, randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"

export interface StoredDevice {
  id: string
  name: string
  /** The one live session it may reach (the host's handle). */
  sessionId: string
  tokenHash: string
  pairedAt: number
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex")

export class DeviceStore {
  private devices: StoredDevice[] = []

  constructor(private readonly file: string) {
    if (!existsSync(file)) return
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, "utf8"))
      if (Array.isArray(parsed))
        this.devices = parsed.filter(
          (d): d is StoredDevice =>
            !!d &&
            typeof d.id === "string" &&
            typeof d.name === "string" &&
            typeof d.sessionId === "string" &&
            typeof d.tokenHash === "string" &&
            /^[0-9a-f]{64}$/.test(d.tokenHash),
        )
    } catch {
      // A damaged file pairs nobody: every device pairs again, and the next change rewrites it.
    }
  }

  /** A new device and its token (shown to nobody but the browser that paired). */
  add(sessionId: string, name: string): { device: StoredDevice; token: string } {
    const token = randomBytes(32).toString("base64url")
    const device: StoredDevice = {
      id: randomBytes(6).toString("hex"),
      name,
      sessionId,
      tokenHash: hash(token),
      pairedAt: Date.now(),
    }
    this.devices.push(device)
    this.save()
    return { device, token }
  }

  /** The device a token belongs to. Looked up by its hash: no comparison of secrets that could leak by timing. */
  byToken(token: string): StoredDevice | undefined {
    if (!token || token.length > 200) return undefined
    const h = hash(token)
    return this.devices.find((d) => d.tokenHash === h)
  }

  forSession(sessionId: string): StoredDevice[] {
    return this.devices.filter((d) => d.sessionId === sessionId)
  }

  remove(id: string): StoredDevice | undefined {
    const gone = this.devices.find((d) => d.id === id)
    if (!gone) return undefined
    this.devices = this.devices.filter((d) => d !== gone)
    this.save()
    return gone
  }

  /** Every device of a session that ended: its token reaches nothing any more. */
  removeSession(sessionId: string) {
    const before = this.devices.length
    this.devices = this.devices.filter((d) => d.sessionId !== sessionId)
    if (this.devices.length !== before) this.save()
  }

  private save() {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 })
    const tmp = `${this.file}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(this.devices, null, 2) + "\n", { mode: 0o600 })
    chmodSync(tmp, 0o600)
    renameSync(tmp, this.file)
  }
}
