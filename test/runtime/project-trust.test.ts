// Project trust as Pi 1.6 resolves it, on a hostile project: a .pi/extensions/x.ts that writes a
// marker file as it loads. With Pi's default ("ask") the session opens at once with the question
// pending and nothing of the project loaded; the answer decides. Flags, trust.json, the
// defaultProjectTrust setting and a user extension's project_trust handler decide without asking.
import { afterEach, expect, test } from "bun:test"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { UiRequest } from "../../src/protocol"
import type { SessionHost } from "../../src/runtime/hosting/host-api"
import { createFauxFixture, type FauxFixture, type FauxFixtureOptions } from "../fixture/faux"
import { hostileProject } from "../fixture/hostile-project"
import { SessionFile } from "../fixture/session-file"
import { PI_EXAMPLES } from "../fixture/mockllm"

let fx: FauxFixture | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})

async function hostile(opts: FauxFixtureOptions = {}) {
  const project = hostileProject()
  fx = await createFauxFixture({ ...opts, cwd: project.cwd })
  return { ...project, fx }
}

const trustFile = (agentDir: string) => join(agentDir, "trust.json")

async function question(f: FauxFixture, sessionId: string) {
  const s = await f.record(sessionId).waitFor((s) => s.ui.pending.length > 0, "the trust question")
  return s.ui.pending[0] as UiRequest & { kind: "select" }
}

async function answer(f: FauxFixture, sessionId: string, value: string) {
  const q = await question(f, sessionId)
  await f.client.request("session.uiRespond", { sessionId, requestId: q.id, response: { value } })
  // requests wait for the opening: this one returns once the runtime is there
  return f.client.request("session.commands", { sessionId })
}

const notices = (f: FauxFixture, sessionId: string) =>
  f
    .record(sessionId)
    .waitFor((s) => s.items.some((i) => i.kind === "notice"), "a notice")
    .then((s) => JSON.stringify(s.items.filter((i) => i.kind === "notice")))

test("with Pi's default the session opens with Pi's question and nothing of the project loaded; declining keeps it out", async () => {
  const { fx, marker, cwd } = await hostile()
  const { sessionId } = await fx.open()
  const q = await question(fx, sessionId)
  expect(existsSync(marker)).toBe(false)
  expect(q.kind).toBe("select")
  expect(q.title).toBe(
    `Trust project folder?\n${cwd}\n\nThis allows xagent to load .pi settings and resources, install missing project packages, and execute project extensions.`,
  )
  const parent = join(realpathSync(cwd), "..")
  expect(q.options).toEqual([
    "Trust",
    `Trust parent folder (${parent})`,
    "Trust (this session only)",
    "Do not trust",
    "Do not trust (this session only)",
  ])
  // live while it waits: `xagent attach` finds it, with its question
  expect(fx.host.live()).toMatchObject([{ sessionId, cwd, pendingQuestions: 1 }])
  const { commands } = await answer(fx, sessionId, "Do not trust (this session only)")
  expect(existsSync(marker)).toBe(false)
  expect(commands.map((c) => c.name)).toContain("trust")
  expect(await notices(fx, sessionId)).toContain("This project is not trusted")
  expect(existsSync(trustFile(fx.agentDir))).toBe(false)
  // context files load whatever the decision, as in Pi
  expect((fx.host as SessionHost).runtimeOf(sessionId).session.systemPrompt).toContain("Project notes.")
})

test("Trust loads the project's extension and saves the decision", async () => {
  const { fx, marker, cwd } = await hostile()
  const { sessionId } = await fx.open()
  await answer(fx, sessionId, "Trust")
  expect(existsSync(marker)).toBe(true)
  expect(JSON.parse(readFileSync(trustFile(fx.agentDir), "utf8"))).toEqual({ [realpathSync(cwd)]: true })
})

test("a saved decision in trust.json (the folder's or a parent's) applies without asking", async () => {
  const { fx, marker, cwd } = await hostile()
  writeFileSync(trustFile(fx.agentDir), JSON.stringify({ [realpathSync(join(cwd, ".."))]: true }))
  const { sessionId } = await fx.open()
  expect(existsSync(marker)).toBe(true)
  expect(fx.record(sessionId).state?.ui.pending).toEqual([])
})

test("a saved refusal skips the project without asking", async () => {
  const { fx, marker, cwd } = await hostile()
  writeFileSync(trustFile(fx.agentDir), JSON.stringify({ [realpathSync(cwd)]: false }))
  const { sessionId } = await fx.open()
  expect(existsSync(marker)).toBe(false)
  expect(await notices(fx, sessionId)).toContain("This project is not trusted")
})

test("--approve loads the project without asking; --no-approve skips it", async () => {
  const { fx, marker } = await hostile()
  await fx.open({ kind: "new" }, { pi: { projectTrust: false } })
  expect(existsSync(marker)).toBe(false)
  const { sessionId } = await fx.open({ kind: "new" }, { pi: { projectTrust: true } })
  expect(existsSync(marker)).toBe(true)
  expect(fx.record(sessionId).state?.ui.pending).toEqual([])
})

test('with no window to ask (-p, json, rpc) or an editor, "ask" skips the project; "always" loads it', async () => {
  const a = await hostile()
  await a.fx.open({ kind: "new" }, { interactive: false })
  await a.fx.open({ kind: "new" }, { trustPrompt: false })
  expect(existsSync(a.marker)).toBe(false)
  await a.fx.dispose()
  const b = await hostile({ settings: { defaultProjectTrust: "always" } })
  await b.fx.open({ kind: "new" }, { interactive: false })
  expect(existsSync(b.marker)).toBe(true)
})

test("-p: a -e extension's project_trust handler runs without UI (hasUI false, mode print); what it says comes with the open", async () => {
  const { fx, marker, cwd } = await hostile()
  const r = await fx.client.request("session.open", {
    cwd,
    mode: { kind: "new" },
    interactive: false,
    extensions: [`${PI_EXAMPLES}/project-trust.ts`],
  })
  expect(r.warnings.join("\n")).toContain(`project_trust fired for ${cwd} (mode: print`)
  expect(existsSync(marker)).toBe(false)
})

test('defaultProjectTrust "never" skips without asking', async () => {
  const { fx, marker } = await hostile({ settings: { defaultProjectTrust: "never" } })
  const { sessionId } = await fx.open()
  expect(existsSync(marker)).toBe(false)
  expect(await notices(fx, sessionId)).toContain("This project is not trusted")
})

test("a user extension's project_trust handler owns the decision (yes, no, remember), before trust.json", async () => {
  const { fx, marker, cwd } = await hostile()
  writeFileSync(trustFile(fx.agentDir), JSON.stringify({ [realpathSync(cwd)]: true }))
  const dir = join(fx.agentDir, "extensions")
  mkdirSync(dir, { recursive: true })
  // a file of its own each time: Pi caches a loaded extension by its path
  const decider = (verdict: string, remember: boolean) => {
    for (const f of readdirSync(dir)) rmSync(join(dir, f))
    writeFileSync(
      join(dir, `decider-${verdict}.ts`),
      `export default (pi) => pi.on("project_trust", () => ({ trusted: ${JSON.stringify(verdict)}, remember: ${remember} }))\n`,
    )
  }
  decider("no", false)
  await fx.open()
  expect(existsSync(marker)).toBe(false)
  decider("yes", true)
  const { sessionId } = await fx.open()
  expect(existsSync(marker)).toBe(true)
  expect(fx.record(sessionId).state?.ui.pending).toEqual([])
  expect(JSON.parse(readFileSync(trustFile(fx.agentDir), "utf8"))).toEqual({ [realpathSync(cwd)]: true })
})

test("a bare .pi folder (or only AGENTS.md) needs no decision", async () => {
  const root = mkdtempSync(join(tmpdir(), "xagent-bare-"))
  mkdirSync(join(root, ".pi"))
  writeFileSync(join(root, "AGENTS.md"), "Be brief.\n")
  fx = await createFauxFixture({ cwd: root })
  const { sessionId } = await fx.open()
  expect(fx.record(sessionId).state?.ui.pending).toEqual([])
})

test("/trust saves a decision for the sessions opened from now on", async () => {
  const { fx, cwd } = await hostile()
  const { sessionId } = await fx.open({ kind: "new" }, { pi: { projectTrust: false } })
  const rec = fx.record(sessionId)
  const ran = fx.client.request("session.prompt", { sessionId, text: "/trust" })
  const s = await rec.waitFor((s) => s.ui.pending.length > 0, "the /trust dialog")
  const q = s.ui.pending[0] as UiRequest & { kind: "select" }
  expect(q.title).toBe(`Project trust\n${cwd}\n\nSaved decision: none\nCurrent session: untrusted`)
  expect(q.options).toEqual(["Trust", `Trust parent folder (${realpathSync(join(cwd, ".."))})`, "Do not trust"])
  await fx.client.request("session.uiRespond", { sessionId, requestId: q.id, response: { value: "Do not trust" } })
  await ran
  expect(JSON.parse(readFileSync(trustFile(fx.agentDir), "utf8"))).toEqual({ [realpathSync(cwd)]: false })
})

test("/resume into a session of an untrusted folder asks there, in the windows already watching", async () => {
  const project = hostileProject()
  const plain = mkdtempSync(join(tmpdir(), "xagent-plain-"))
  fx = await createFauxFixture({ cwd: plain })
  const { sessionId } = await fx.open()
  const file = new SessionFile(undefined, project.cwd)
  file.turn(1)
  // in the person's session store, where a file's folder is believed (one elsewhere goes on here)
  const store = join(fx.agentDir, "sessions", "--elsewhere--")
  mkdirSync(store, { recursive: true })
  const path = file.write(join(store, "elsewhere.jsonl"))
  const switched = fx.client.request("session.switch", { sessionId, path })
  const q = await question(fx, sessionId)
  expect(q.title).toStartWith(`Trust project folder?\n${project.cwd}`)
  expect(existsSync(project.marker)).toBe(false)
  await fx.client.request("session.uiRespond", {
    sessionId,
    requestId: q.id,
    response: { value: "Trust (this session only)" },
  })
  await switched
  expect(existsSync(project.marker)).toBe(true)
})
