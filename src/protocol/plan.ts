// The name of plan mode's tool (extensions/plan): an editor over ACP sees its call as a mode switch.
export const PLAN_TOOL = "submit_plan"
