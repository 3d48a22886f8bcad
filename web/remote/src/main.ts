// xagent's remote-control web app: pairs this browser (the pairing link's one-time code, then the
// person's yes in the terminal), then follows the session's events as a window does (the same
// reducer, protocol/reducer.ts) and sends what the person does here: prompts (sent, queued or
// steering a running reply), stop, and answers to questions and approvals.
import { applyEvent, type SnapshotView } from "../../../src/protocol/reducer"
import type { EventEnvelope } from "../../../src/protocol/events"
import type { TranscriptItem } from "../../../src/protocol/transcript"
import type { UiResponse } from "../../../src/protocol/ui"
import { dockView } from "./dock"
import { itemView, latestTodos, todoCard } from "./items"
import { el } from "./markdown"

const TOKEN_KEY = "xagent-remote-token"
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

let token = localStorage.getItem(TOKEN_KEY) ?? ""
let sessionId = ""

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = (await res.json().catch(() => ({}))) as { error?: string }
  if (!res.ok) throw new HttpError(res.status, data.error ?? `${res.status} ${res.statusText}`)
  return data as T
}

const call = <T = unknown>(method: string, params: Record<string, unknown>) =>
  api<{ result: T }>("/api/call", { method, params }).then((r) => r.result)

function notice(text: string, level: "info" | "error" = "info") {
  const n = $("notice")
  n.hidden = !text
  n.className = level
  n.textContent = text
}

function deviceName(): string {
  const ua = navigator.userAgent
  const kind = /iPhone|iPad/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Mac/.test(ua)
        ? "Mac"
        : /Linux/.test(ua)
          ? "Linux"
          : /Windows/.test(ua)
            ? "Windows"
            : "a browser"
  const browser = /Firefox\//.test(ua)
    ? "Firefox"
    : /Edg\//.test(ua)
      ? "Edge"
      : /Chrom/.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : ""
  return [browser, kind].filter(Boolean).join(" on ")
}

// ── pairing ──

async function pair(code: string) {
  // the code is spent by this request: no reload may send it again
  history.replaceState(null, "", location.pathname)
  notice("Asking to pair…")
  const { requestId, secret } = await api<{ requestId: string; secret: string }>("/api/pair", {
    code,
    name: deviceName(),
  })
  notice("Waiting for the person at the terminal to allow this device (a key in the xagent window)…")
  for (;;) {
    const answer = await api<{ state: string; token?: string }>("/api/pair/wait", { requestId, secret })
    if (answer.state === "allowed" && answer.token) {
      token = answer.token
      localStorage.setItem(TOKEN_KEY, token)
      return
    }
    if (answer.state === "refused") throw new Error("The terminal refused this device.")
  }
}

// ── the session ──

const view: SnapshotView = {
  items: [],
  running: false,
  queue: { steering: [], followUp: [] },
  stats: { tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, cost: 0 },
  ui: { status: {}, widgets: {}, workingVisible: true, pending: [] },
}
let seq = 0
let ended = false
const drawn = new Map<string, HTMLElement>()
const dirty = new Set<string>()
let redrawAll = true
let frame = 0

function schedule() {
  if (!frame) frame = requestAnimationFrame(draw)
}

function apply(env: EventEnvelope) {
  seq = Math.max(seq, env.seq)
  const e = env.event
  if (e.type === "snapshot") redrawAll = true
  else if (e.type === "item_add" || e.type === "item_update") dirty.add(e.item.id)
  else if (e.type === "text_delta") dirty.add(e.itemId)
  else if (e.type === "ui_notify") notice(e.message, e.level === "error" ? "error" : "info")
  else if (e.type === "closed") {
    ended = true
    notice(`The session ended: ${e.reason}`, "error")
  }
  applyEvent(view, e)
  schedule()
}

function atBottom() {
  return window.innerHeight + window.scrollY >= document.body.scrollHeight - 40
}

function draw() {
  frame = 0
  const follow = atBottom()
  const list = $("transcript")
  if (redrawAll) {
    list.replaceChildren()
    drawn.clear()
    if (view.earlier) list.append(el("div", "dim earlier", `${view.earlier} earlier messages are in the terminal`))
  }
  for (const item of view.items as TranscriptItem[]) {
    if (!redrawAll && !dirty.has(item.id) && drawn.has(item.id)) continue
    const next = itemView(item)
    const old = drawn.get(item.id)
    if (next) {
      next.dataset.item = item.id
      if (old) {
        // a row the person opened stays open as it grows
        if (old instanceof HTMLDetailsElement && next instanceof HTMLDetailsElement) next.open = old.open
        old.replaceWith(next)
      } else list.append(next)
      drawn.set(item.id, next)
    } else if (old) {
      old.remove()
      drawn.delete(item.id)
    }
  }
  redrawAll = false
  dirty.clear()
  drawChrome()
  if (follow) window.scrollTo(0, document.body.scrollHeight)
}

let dockFor = ""
function drawChrome() {
  const info = view.info
  $("title").textContent = info?.name || info?.cwd.split("/").pop() || "xagent"
  $("state").textContent = view.running ? "working…" : ""
  document.body.classList.toggle("running", view.running)
  $("steer").hidden = !view.running
  $("stop").hidden = !view.running
  $("send").textContent = view.running ? "Queue" : "Send"
  const todos = latestTodos(view.items as TranscriptItem[])
  $("cards").replaceChildren(...(todos && todos.some((t) => t.status !== "completed") ? [todoCard(todos)] : []))
  const queued = [...view.queue.steering.map((t) => `steer: ${t}`), ...view.queue.followUp.map((t) => `queued: ${t}`)]
  $("queue").hidden = queued.length === 0
  $("queue").replaceChildren(...queued.map((t) => el("div", "queued", t)))
  const request = view.ui.pending[0]
  const dock = $("dock")
  if (!request) {
    dock.hidden = true
    dockFor = ""
    $("composer").hidden = false
    return
  }
  if (dockFor === request.id) return
  dockFor = request.id
  dock.hidden = false
  $("composer").hidden = true
  dock.replaceChildren(
    dockView(request, (response: UiResponse) => {
      call("session.uiRespond", { sessionId, requestId: request.id, response }).catch((e) =>
        notice(`Not answered: ${(e as Error).message}`, "error"),
      )
    }),
  )
}

async function follow() {
  const dot = $("dot")
  for (let delay = 500; ; delay = Math.min(delay * 2, 8000)) {
    try {
      const res = await fetch(`/api/events?after=${seq}`, { headers: { authorization: `Bearer ${token}` } })
      if (res.status === 401) throw new HttpError(401, "This device is no longer paired: open a new pairing link")
      if (!res.ok || !res.body) throw new Error(`${res.status}`)
      dot.className = "on"
      delay = 500
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      let rest = ""
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        const lines = (rest + value).split("\n")
        rest = lines.pop()!
        for (const line of lines) {
          if (!line) continue
          const msg = JSON.parse(line) as EventEnvelope | { type: "hello" }
          if (msg.type === "event") apply(msg)
        }
      }
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) {
        localStorage.removeItem(TOKEN_KEY)
        dot.className = "off"
        notice(e.message, "error")
        $("bottom").hidden = true
        return
      }
    }
    dot.className = "off"
    if (ended) return
    await new Promise((r) => setTimeout(r, delay))
  }
}

function composer() {
  const prompt = $<HTMLTextAreaElement>("prompt")
  const send = (behavior?: "steer" | "followUp") => {
    const text = prompt.value.trim()
    if (!text) return
    prompt.value = ""
    call("session.prompt", { sessionId, text, ...(behavior ? { behavior } : {}) }).catch((e) => {
      prompt.value = text
      notice(`Not sent: ${(e as Error).message}`, "error")
    })
  }
  $("composer").addEventListener("submit", (e) => {
    e.preventDefault()
    send(view.running ? "followUp" : undefined)
  })
  prompt.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      send(view.running ? "followUp" : undefined)
    }
  })
  $("steer").addEventListener("click", () => send("steer"))
  $("stop").addEventListener("click", () => {
    call<{ editorText?: string }>("session.abort", { sessionId })
      .then((r) => {
        if (r?.editorText && !prompt.value) prompt.value = r.editorText
      })
      .catch((e) => notice(`Not stopped: ${(e as Error).message}`, "error"))
  })
}

function sessionsPanel() {
  const panel = $("sessions")
  $("sessions-button").hidden = false
  $("sessions-button").addEventListener("click", async () => {
    if (!panel.hidden) return void (panel.hidden = true)
    panel.hidden = false
    panel.replaceChildren(el("div", "dim", "Loading…"))
    try {
      const { sessions } = await call<{
        sessions: { id: string; name?: string; firstMessage: string; modified: number; live?: { sessionId: string } }[]
      }>("sessions.list", {})
      panel.replaceChildren(
        el("div", "card-title", "Sessions in this folder"),
        ...sessions.map((s) =>
          el(
            "div",
            s.live?.sessionId === sessionId ? "session this" : "session",
            el("div", undefined, s.name || s.firstMessage || "(empty)"),
            el(
              "div",
              "dim",
              new Date(s.modified).toLocaleString(),
              s.live ? (s.live.sessionId === sessionId ? " · this session" : " · live") : "",
            ),
          ),
        ),
      )
    } catch (e) {
      panel.replaceChildren(el("div", "error", (e as Error).message))
    }
  })
}

async function main() {
  const code = new URLSearchParams(location.hash.slice(1)).get("pair")
  try {
    if (code) await pair(code)
    if (!token) {
      notice("Open the pairing link the xagent window shows (/rc) to pair this browser.")
      return
    }
    const me = await api<{ sessionId: string }>("/api/whoami")
    sessionId = me.sessionId
    notice("")
  } catch (e) {
    if (e instanceof HttpError && e.status === 401) localStorage.removeItem(TOKEN_KEY)
    notice((e as Error).message, "error")
    return
  }
  $("bottom").hidden = false
  composer()
  sessionsPanel()
  void follow()
}

void main()
