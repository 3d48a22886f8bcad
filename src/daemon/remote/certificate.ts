// The remote-control server's own TLS certificate: a self-signed ECDSA P-256 certificate xagent
// makes once per XAGENT_HOME and keeps (0600), with the names and addresses it serves on. No
// certificate authority vouches for it: the browser is told to trust it by its fingerprint, which
// the pairing link carries (the person compares it, or a browser is started pinned to its key).
// Node's crypto makes the key and signs; the DER of the certificate is written here, since
// neither Node nor Bun makes certificates.
import { createHash, createPrivateKey, generateKeyPairSync, sign, X509Certificate } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { isIP } from "node:net"
import { join } from "node:path"

export interface Certificate {
  cert: string
  key: string
  /** SHA-256 of the certificate's DER, hex pairs joined by ":" (as browsers show it). */
  fingerprint: string
  /** base64 SHA-256 of its public key (SPKI): what Chromium's --ignore-certificate-errors-spki-list pins. */
  spki: string
}

// DER, just what a certificate needs.
function der(tag: number, body: Uint8Array): Uint8Array {
  const n = body.length
  const len =
    n < 0x80
      ? [n]
      : n < 0x100
        ? [0x81, n]
        : n < 0x10000
          ? [0x82, n >> 8, n & 255]
          : [0x83, n >> 16, (n >> 8) & 255, n & 255]
  return Buffer.concat([Buffer.from([tag, ...len]), body])
}
const seq = (...parts: Uint8Array[]) => der(0x30, Buffer.concat(parts))
const set = (...parts: Uint8Array[]) => der(0x31, Buffer.concat(parts))
const octets = (b: Uint8Array) => der(0x04, b)
const utf8 = (s: string) => der(0x0c, Buffer.from(s, "utf8"))

function oid(dotted: string): Uint8Array {
  const [a, b, ...rest] = dotted.split(".").map(Number)
  const bytes = [a! * 40 + b!]
  for (const n of rest) {
    const groups = [n & 127]
    for (let v = n >> 7; v > 0; v >>= 7) groups.unshift((v & 127) | 128)
    bytes.push(...groups)
  }
  return der(0x06, Buffer.from(bytes))
}

function integer(b: Uint8Array): Uint8Array {
  // positive: a leading zero when the top bit is set
  return der(0x02, b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b)
}

function time(d: Date): Uint8Array {
  const iso = d.toISOString().replace(/[-:T]/g, "").slice(0, 14) + "Z"
  // UTCTime until 2049, GeneralizedTime after (RFC 5280 4.1.2.5)
  return d.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(iso.slice(2))) : der(0x18, Buffer.from(iso))
}

function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split(".").map(Number))
  const [head, tail = ""] = ip.split("::")
  const h = head ? head.split(":") : []
  const t = tail ? tail.split(":") : []
  const groups = ip.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h
  return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]))
}

/** A new self-signed certificate for `names` (host names and IP addresses), valid for ten years. */
export function makeCertificate(names: readonly string[], now = new Date()): { cert: string; key: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
  const ecdsaSha256 = seq(oid("1.2.840.10045.4.3.2"))
  const name = seq(set(seq(oid("2.5.4.3"), utf8("xagent remote control"))))
  const serial = createHash("sha256")
    .update(publicKey.export({ type: "spki", format: "der" }))
    .digest()
    .subarray(0, 16)
  serial[0]! &= 0x7f
  const altNames = names.map((n) => (isIP(n) ? der(0x87, ipBytes(n)) : der(0x82, Buffer.from(n, "ascii"))))
  const extensions = der(
    0xa3,
    seq(
      // subjectAltName
      seq(oid("2.5.29.17"), octets(seq(...altNames))),
      // basicConstraints: not a CA (critical)
      seq(oid("2.5.29.19"), der(0x01, Buffer.from([0xff])), octets(seq())),
      // extKeyUsage: serverAuth
      seq(oid("2.5.29.37"), octets(seq(oid("1.3.6.1.5.5.7.3.1")))),
    ),
  )
  const tbs = seq(
    der(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaSha256,
    name,
    seq(time(new Date(now.getTime() - 60_000)), time(new Date(now.getTime() + 3650 * 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    extensions,
  )
  const signature = sign("sha256", tbs, { key: privateKey, dsaEncoding: "der" })
  const certDer = seq(tbs, ecdsaSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])))
  const pem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(certDer).toString("base64").replace(/.{64}/g, "$&\n").trimEnd()}\n-----END CERTIFICATE-----\n`
  return { cert: pem, key: privateKey.export({ type: "pkcs8", format: "pem" }) as string }
}

function describe(cert: string, key: string): Certificate {
  const x = new X509Certificate(cert)
  const spkiDer = x.publicKey.export({ type: "spki", format: "der" })
  return { cert, key, fingerprint: x.fingerprint256, spki: createHash("sha256").update(spkiDer).digest("base64") }
}

/** Whether the certificate names `host` (an IP address or a DNS name). */
function covers(cert: string, host: string): boolean {
  const x = new X509Certificate(cert)
  return isIP(host) ? x.checkIP(host) !== undefined : x.checkHost(host) !== undefined
}

/**
 * The certificate kept in `dir` if it names every host in `names` and is still valid; else a new
 * one (for those names and the loopback ones), written in place of it.
 */
export function ensureCertificate(dir: string, names: readonly string[]): Certificate {
  const certFile = join(dir, "cert.pem")
  const keyFile = join(dir, "key.pem")
  if (existsSync(certFile) && existsSync(keyFile)) {
    try {
      const cert = readFileSync(certFile, "utf8")
      const key = readFileSync(keyFile, "utf8")
      createPrivateKey(key)
      const x = new X509Certificate(cert)
      if (new Date(x.validTo).getTime() > Date.now() + 86_400_000 && names.every((n) => covers(cert, n)))
        return describe(cert, key)
    } catch {
      // unreadable or damaged: made again below
    }
  }
  const all = [...new Set(["localhost", "127.0.0.1", "::1", ...names])]
  const made = makeCertificate(all)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  for (const [file, text] of [
    [keyFile, made.key],
    [certFile, made.cert],
  ] as const) {
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, text, { mode: 0o600 })
    chmodSync(tmp, 0o600)
    renameSync(tmp, file)
  }
  return describe(made.cert, made.key)
}
