// Custom messages with looks of their own (attached files, todo snapshots, plan outcomes and runs, goal status
// and rounds); any other custom message is the plain CustomRow. Which plan card is still open (its
// actions live) comes from the session page through PlanCards, so the card itself stays pure.
import { createContext, useContext, type JSX } from "solid-js"
import {
  ATTACHED_FILES,
  GOAL_CARD,
  GOAL_ROUND,
  PLAN_CARD,
  PLAN_IMPLEMENT,
  planCardDetails,
  todoDetails,
  TODO_CARD,
  type CustomItem,
  type GoalCardDetails,
  type PlanImplementDetails,
} from "../../../protocol"
import { GoalCard, GoalRoundRow } from "./goal-card"
import { AttachedFilesRow, CustomRow } from "./notice-rows"
import { PlanCard, PlanChangeCard, PlanImplementRow, type PlanAction } from "./plan-card"
import { TodoCard } from "./todo-card"
import { PlainToolRow } from "./extension-rows"
import type { ToolRowProps } from "./tool-rows"

export interface PlanCardsApi {
  /** The id of the plan_ready card whose actions are live, if any. */
  openId(): string | undefined
  act(action: PlanAction): void
}

export const PlanCards = createContext<PlanCardsApi>({ openId: () => undefined, act: () => {} })

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

export function CustomCard(props: { item: CustomItem }): JSX.Element {
  const plans = useContext(PlanCards)
  const d = props.item.details
  switch (props.item.customType) {
    case ATTACHED_FILES:
      return <AttachedFilesRow item={props.item} />
    case TODO_CARD: {
      const todos = todoDetails(d)
      if (todos) return <TodoCard todos={todos.todos} />
      break
    }
    case PLAN_CARD: {
      const card = planCardDetails(d)
      if (card)
        return (
          <PlanCard
            details={card}
            state={plans.openId() === props.item.id ? "open" : "closed"}
            onAction={(a) => plans.act(a)}
          />
        )
      break
    }
    case PLAN_IMPLEMENT:
      if (isRecord(d) && typeof d.plan === "string")
        return <PlanImplementRow details={d as unknown as PlanImplementDetails} />
      break
    case GOAL_CARD:
      if (isRecord(d) && Array.isArray(d.commands))
        return <GoalCard details={d as unknown as GoalCardDetails} timestamp={props.item.timestamp} />
      break
    case GOAL_ROUND:
      if (isRecord(d))
        return (
          <GoalRoundRow
            round={typeof d.round === "number" ? d.round : undefined}
            maxRounds={typeof d.maxRounds === "number" ? d.maxRounds : undefined}
            first={d.first === true}
          />
        )
      break
  }
  return <CustomRow item={props.item} />
}

/** todo_write: a card when the call worked; a failed or malformed call stays an ordinary tool row. */
export function TodoToolRow(props: ToolRowProps) {
  const todos = () => (props.item.status === "done" ? todoDetails(props.item.details) : undefined)
  return todos() ? <TodoCard todos={todos()!.todos} /> : <PlainToolRow {...props} />
}

/** submit_plan: a plan change during an implementation run shows its diff and the decision. */
export function SubmitPlanRow(props: ToolRowProps) {
  const change = () => {
    const d = props.item.details
    return isRecord(d) && typeof d.before === "string" && typeof d.after === "string" && typeof d.decision === "string"
      ? (d as unknown as Parameters<typeof PlanChangeCard>[0]["details"])
      : undefined
  }
  return change() ? <PlanChangeCard details={change()!} /> : <PlainToolRow {...props} />
}
