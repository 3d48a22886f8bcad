// How ask_user's questions are laid out as an ACP form's fields, shared by both directions: the
// form `xagent acp` sends an editor (acp/ask-form.ts) and the form an agent sends xagent as a
// client (runtime/agent/agent-elicitation.ts). A choice field may have a typed-answer companion
// `<key>_custom` (a form has no "a choice or your own words" field): xagent folds it back into
// the question's own "Something else" row, so its question dock asks what ask_user would.

/** The field of the question at `index`. */
export const questionKey = (index: number) => `q${index}`

/** The typed-answer companion of a choice field. */
export const customKeyOf = (key: string) => `${key}_custom`
