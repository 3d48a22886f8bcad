// Issue #12's features 2 and 6 as a user tries them, through the real bin/xagent in tmux: /login signs in
// through an OAuth flow against the tests' own loopback server (once with its local callback, the test
// playing the browser; once pasting the code the page shows), then a prompt goes to the signed-in
// provider's model with its token; /settings changes one setting in Pi's settings.json; /hotkeys lists
// the keys; Ctrl+P moves to the next scoped model; /reload picks up a prompt template written meanwhile.
import { afterAll, describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeSandbox, REPO_ROOT, startMockLlm, writeAgentDir, XAGENT_BIN } from "../fixture/mockllm"
import { startLoopbackOAuth } from "../fixture/oauth-loopback"
import { hasTmux, openPane, type Pane } from "./tmux"

if (!hasTmux) console.warn("test/e2e/login-settings.test.ts: skipped, tmux is not installed (apt-get install tmux)")

/** The sign-in link as the dialog shows it: wrapped over the rows under "Open this link", inside the box. */
function linkOnScreen(screen: string): string {
  const rows = screen.split("\n")
  const from = rows.findIndex((l) => l.includes("Open this link in your browser"))
  let link = ""
  for (const row of rows.slice(from + 1)) {
    const inner = row.slice(row.indexOf("│") + 1, row.lastIndexOf("│")).trim()
    if (!inner) break
    link += inner
  }
  return link
}

/** Types a slash command and waits for its palette row, so Enter runs it rather than racing the palette. */
async function command(pane: Pane, text: string) {
  pane.type(text)
  await pane.waitFor(`› ${text}`)
  pane.send("Enter")
}

/** /login, then the provider's row by its name; resolves with the sign-in dialog once it shows `asks`. */
async function signIn(pane: Pane, provider: string, asks: string): Promise<string> {
  await command(pane, "/login")
  await pane.waitFor("Sign in: choose a subscription")
  pane.type(provider)
  await pane.waitFor(`› ${provider}  subscription`)
  pane.send("Enter")
  // The question and the whole link (it ends with the 43-character state): a capture can land while
  // the dialog's rows are still being written, the question up and the link cut short (a run read
  // an invalid URL there).
  return pane.waitFor((s) => s.includes(asks) && WHOLE_LINK.test(linkOnScreen(s)))
}

/** The test server's authorize link, ending with its PKCE verifier as `state` (test/fixture/oauth-loopback.ts). */
const WHOLE_LINK = /^http:\/\/127\.0\.0\.1:\d+\/authorize\?.*[?&]state=[\w-]{43}$/

describe.skipIf(!hasTmux)("sign-in and settings in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 30_000)

  test("/login by callback and by pasted code, a prompt on the new model, /settings, /hotkeys, Ctrl+P, /reload", async () => {
    const box = makeSandbox()
    const llm = await startMockLlm({
      turns: [{ text: "Loop model reply." }, { text: "Template seen." }],
      fallback: "nothing more to say",
    })
    // The signed-in provider's endpoint: it records the token each request carries, then asks the mock.
    const tokens: string[] = []
    const model = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(req) {
        tokens.push(req.headers.get("authorization") ?? "")
        const url = new URL(req.url)
        return fetch(`${llm.baseUrl}${url.pathname.replace(/^\/v1/, "")}${url.search}`, {
          method: req.method,
          headers: { "content-type": "application/json" },
          body: req.method === "POST" ? await req.text() : undefined,
        })
      },
    })
    const oauth = await startLoopbackOAuth()
    // Pi's scoped models: Ctrl+P moves between these two.
    writeAgentDir(box.agentDir, {
      baseUrl: llm.baseUrl,
      settings: { enabledModels: ["loopback/loop-1", "mockllm/mock-1"] },
    })
    const env = { ...box.env, XAGENT_TEST_OAUTH_URL: oauth.url, XAGENT_TEST_OAUTH_MODEL_URL: `${model.url}v1` }
    const pane = openPane({ cwd: box.cwd, env, cols: 100, rows: 34 })
    cleanups.push(
      () => box.cleanup(),
      () => llm.stop(),
      () => spawnSync(XAGENT_BIN, ["daemon", "stop", "--force"], { cwd: box.cwd, env }),
      () => model.stop(true),
      () => oauth.close(),
      () => pane.kill(),
    )
    const extension = join(REPO_ROOT, "test/fixture/oauth-loopback.ts")
    // As a user runs it: the session (and the sign-in flow's callback server) lives in the daemon.
    pane.type(`${XAGENT_BIN} -e ${extension}; echo "EXIT=$?"`)
    pane.send("Enter")
    await pane.waitFor("Ask anything")

    // The local-callback flow: the browser (this test) opens the link on screen and follows the redirect.
    let screen = await signIn(
      pane,
      "Loopback (callback)",
      "Paste the redirect URL or the code here, or finish in the browser",
    )
    const consent = await oauth.consent(linkOnScreen(screen))
    expect(consent.callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/)
    expect(await (await fetch(consent.callback)).text()).toContain("Signed in")
    await pane.waitFor("Signed in to Loopback (callback)")

    // The paste-the-code flow: the page shows a code, the person types it into the dialog.
    screen = await signIn(pane, "Loopback (paste code)", "Paste the authorization code")
    const shown = await oauth.consent(linkOnScreen(screen))
    pane.type(shown.code)
    pane.send("Enter")
    await pane.waitFor("Signed in to Loopback (paste code)")
    expect(oauth.exchanges).toEqual([
      { code: consent.code, ok: true },
      { code: shown.code, ok: true },
    ])
    const auth = JSON.parse(readFileSync(join(box.agentDir, "auth.json"), "utf8"))
    expect(auth.loopback.access).toBe(`at-${consent.code}`)
    expect(auth["loopback-paste"].access).toBe(`at-${shown.code}`)

    // A prompt on the signed-in provider's model goes out with its token.
    await command(pane, "/model loopback/loop-1")
    await pane.waitFor(/· Loop One ·/)
    pane.type("hello loop")
    pane.send("Enter")
    await pane.waitFor("Loop model reply.")
    expect(tokens.filter((t) => t.length)).toContain(`Bearer at-${consent.code}`)

    // /settings: Enter on a setting, then on its other value; the file says so.
    await command(pane, "/settings")
    await pane.waitFor("Settings (Pi's settings.json)")
    screen = await pane.waitFor(/› Auto-compact .* on │/)
    pane.send("Enter")
    await pane.waitFor("› on")
    pane.send("Down")
    pane.send("Enter")
    await pane.waitFor(/› Auto-compact .* off │/)
    expect(JSON.parse(readFileSync(join(box.agentDir, "settings.json"), "utf8")).compaction).toEqual({
      enabled: false,
    })
    pane.send("Escape")
    await pane.waitFor((s) => !s.includes("Settings (Pi's settings.json)"))

    await command(pane, "/hotkeys")
    // Inline, the dialog grows the footer, which sits at the screen's bottom: a frame taken while
    // it grows shows the dialog's lower rows only, so the wait is for both rows at once.
    screen = await pane.waitFor(
      (s) => s.includes("Ctrl+P, Shift+Ctrl+P  Next / previous model") && s.includes("Esc twice on an empty prompt"),
    )
    expect(screen).toContain("Esc twice on an empty prompt")
    pane.send("Escape")
    await pane.waitFor((s) => !s.includes("Next / previous model"))

    // Ctrl+P: the next of the scoped models, in the status bar.
    pane.send("C-p")
    await pane.waitFor(/· Mock ·/)
    await pane.waitFor("Model: mockllm/mock-1")

    // A prompt template written while the window runs is offered and expanded after /reload.
    mkdirSync(join(box.agentDir, "prompts"))
    writeFileSync(
      join(box.agentDir, "prompts", "review.md"),
      "---\ndescription: Review the change\n---\nReview template body for $ARGUMENTS\n",
    )
    await command(pane, "/reload")
    // Pi loads every extension and resource again: over a minute on a machine this loaded (a whole
    // suite beside four busy processes), so its own ceiling
    await pane.waitFor("Reloaded extensions, skills, prompt templates", 180_000)
    pane.type("/review")
    await pane.waitFor("/review  Review the change")
    pane.type(" the parser")
    pane.send("Enter")
    await pane.waitFor("Template seen.")
    expect(JSON.stringify(llm.requests().at(-1)!.last)).toContain("Review template body for the parser")

    pane.send("C-d")
    await pane.waitFor("EXIT=0")
  }, 400_000)
})
