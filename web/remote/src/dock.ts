// The oldest open question of the session, in the composer's place: ask_user's questions (single
// and multi-select, a note on a chosen answer, a typed answer of one's own, sketches in a
// monospace panel), an approval, or an extension's dialog. The answer is checked with the rules
// the terminal's dock uses (protocol/ask-user.ts) before it is sent; the host checks it again.
import {
  allowsCustom,
  answerOf,
  CUSTOM_LABEL,
  selectionRule,
  stagedProblem,
  type AskQuestion,
  type StagedAnswer,
} from "../../../src/protocol/ask-user"
import type { UiRequest, UiResponse } from "../../../src/protocol/ui"
import { el } from "./markdown"

type Respond = (response: UiResponse) => void

function button(label: string, cls: string, onClick: () => void): HTMLButtonElement {
  const b = el("button", cls, label)
  b.type = "button"
  b.addEventListener("click", onClick)
  return b
}

function questionView(q: AskQuestion, staged: StagedAnswer): HTMLElement {
  const box = el("fieldset", "question")
  box.dataset.question = q.id
  box.append(el("legend", undefined, q.label), el("div", "prompt", q.prompt))
  if (q.multiple) box.append(el("div", "dim", selectionRule(q)))
  const name = `q-${q.id}`
  q.choices.forEach((c, i) => {
    const input = el("input")
    input.type = q.multiple ? "checkbox" : "radio"
    input.name = name
    input.value = String(i)
    input.addEventListener("change", () => {
      if (q.multiple) {
        staged.selected = input.checked ? [...staged.selected, i] : staged.selected.filter((x) => x !== i)
      } else {
        staged.selected = [i]
        staged.customChosen = false
      }
      note.hidden = !input.checked
    })
    const note = el("input", "note")
    note.placeholder = "Add a note (optional)"
    note.hidden = true
    note.addEventListener("input", () => (staged.notes = { ...staged.notes, [i]: note.value }))
    const label = el(
      "label",
      "choice",
      input,
      el("span", undefined, c.label, c.recommended ? el("span", "dim", " (recommended)") : undefined),
    )
    const row = el("div", "choice-row", label)
    if (c.description) row.append(el("div", "dim", c.description))
    if (c.sketch) row.append(el("pre", "sketch", c.sketch))
    row.append(note)
    box.append(row)
  })
  if (allowsCustom(q)) {
    const own = el("input", "custom")
    own.placeholder = CUSTOM_LABEL
    own.addEventListener("input", () => {
      staged.custom = own.value
      if (!q.multiple && own.value.trim()) {
        staged.customChosen = true
        staged.selected = []
        for (const r of box.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)) r.checked = false
      }
    })
    box.append(own)
  }
  return box
}

function askView(request: Extract<UiRequest, { kind: "ask_user" }>, respond: Respond): HTMLElement {
  const staged = new Map(request.questions.map((q) => [q.id, { selected: [], custom: "" } as StagedAnswer]))
  const problem = el("div", "error")
  const form = el("form", "ask")
  for (const q of request.questions) form.append(questionView(q, staged.get(q.id)!))
  form.append(
    problem,
    el(
      "div",
      "buttons",
      button("Submit", "primary", () => {
        for (const q of request.questions) {
          const why = stagedProblem(q, staged.get(q.id)!)
          if (why) return void (problem.textContent = `${q.label}: ${why}`)
        }
        respond({ answers: request.questions.map((q) => answerOf(q, staged.get(q.id)!)) })
      }),
      button("Skip", "", () => respond({ cancelled: true })),
    ),
  )
  form.addEventListener("submit", (e) => e.preventDefault())
  return form
}

function inputView(title: string, multiline: boolean, prefill: string, respond: Respond): HTMLElement {
  const field = multiline ? el("textarea") : el("input")
  field.value = prefill
  return el(
    "div",
    "dialog",
    el("div", "title", title),
    field,
    el(
      "div",
      "buttons",
      button("OK", "primary", () => respond({ value: field.value })),
      button("Cancel", "", () => respond({ cancelled: true })),
    ),
  )
}

/** The dock's content for `request`. */
export function dockView(request: UiRequest, respond: Respond): HTMLElement {
  const from = request.from ? el("div", "dim", `asked by ${request.from}`) : undefined
  const wrap = (...children: (HTMLElement | undefined)[]) => {
    const box = el("div", `dock-body ${request.kind}`, from, ...children.filter((c): c is HTMLElement => !!c))
    box.dataset.request = request.id
    return box
  }
  switch (request.kind) {
    case "ask_user":
      return wrap(askView(request, respond))
    case "permission":
      return wrap(
        el("div", "title", request.title),
        el("pre", "output", JSON.stringify(request.input, null, 2) ?? ""),
        el(
          "div",
          "buttons",
          button("Allow once", "primary", () => respond({ value: "allow_once" })),
          button("Refuse", "danger", () => respond({ value: "reject_once" })),
        ),
      )
    case "confirm":
      return wrap(
        el("div", "title", request.title),
        el("div", undefined, request.message),
        el(
          "div",
          "buttons",
          button("Yes", "primary", () => respond({ confirmed: true })),
          button("No", "", () => respond({ confirmed: false })),
        ),
      )
    case "select":
      return wrap(
        el("div", "title", request.title),
        el("div", "buttons column", ...request.options.map((o) => button(o, "", () => respond({ value: o })))),
        button("Cancel", "", () => respond({ cancelled: true })),
      )
    case "input":
      return wrap(inputView(request.title, false, "", respond))
    case "editor":
      return wrap(inputView(request.title, true, request.prefill ?? "", respond))
    case "login":
      return wrap(el("div", "title", `Signing in to ${request.name}: answer it in the terminal window`))
  }
}
