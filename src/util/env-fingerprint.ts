// What in the environment changes what a session does: provider keys and endpoints, the shell's
// PATH, Pi's own settings, proxies and CA files, the folder of bundled extensions. The daemon runs
// with the environment of the window that started it; a later window whose environment differs in
// these would otherwise get, silently, the old keys and the old PATH. The patch switches (XAGENT_NO_*,
// patch-switch.ts) count too: they change what the daemon and its hosts load (XAGENT_NO_BUNDLED does
// not: each session gets its own list). XAGENT_BWRAP counts: it decides whether commands run in a
// sandbox at all. Only a hash crosses the socket, never a value.
import { createHash } from "node:crypto"

const RELEVANT =
  /^(PATH|HOME|SHELL|PI_\w+|XAGENT_BUNDLED_DIR|XAGENT_BWRAP|XAGENT_NO_(?!BUNDLED$)\w+|\w+_API_KEY|\w+_API_BASE|\w+_BASE_URL|\w+_TOKEN|AWS_\w+|AZURE_\w+|GOOGLE_\w+|GCLOUD_\w+|VERTEX_\w+|HTTPS?_PROXY|ALL_PROXY|NO_PROXY|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR)$/i

/** The environment variables that count, in a stable order. */
function relevantEnv(env: NodeJS.ProcessEnv): [string, string][] {
  return Object.entries(env)
    .filter((e): e is [string, string] => typeof e[1] === "string" && RELEVANT.test(e[0]))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

export function envFingerprint(env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash("sha256")
  for (const [k, v] of relevantEnv(env)) hash.update(`${k}\0${v}\0`)
  return hash.digest("hex").slice(0, 32)
}

/** The set variables of an environment (what a child process can be given). */
export function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(env)) if (typeof v === "string") out[k] = v
  return out
}
