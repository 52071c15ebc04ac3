/** Fulfillment tasks (B "Fulfillment tasks"): the move table, the service levels and the aging classes. */
import { DomainError, defineMoves, type FulfillmentPriority, type FulfillmentTask, type FulfillmentTaskStatus } from "@podium/kernel"
import { Schema } from "effect"

/** Assign takes a PENDING task only; start, complete and release follow; cancel ends an open task. */
export const FulfillmentMoves = defineMoves<FulfillmentTaskStatus>()({ machine: "fulfillment task", code: "FULFILLMENT_TASK_MOVE_REFUSED" }, {
  assign: { from: ["PENDING"], to: "ASSIGNED" },
  release: { from: ["ASSIGNED"], to: "PENDING" },
  start: { from: ["ASSIGNED"], to: "IN_PROGRESS" },
  complete: { from: ["IN_PROGRESS"], to: "DONE" },
  cancel: { from: ["PENDING", "ASSIGNED", "IN_PROGRESS"], to: "CANCELLED" }
})
export type FulfillmentMove = keyof typeof FulfillmentMoves.table
/** The moves `POST /transition` takes by name (assign has its own route, with the assignee). */
export const TransitionMoves = ["release", "start", "complete", "cancel"] as const

export const OpenStatuses: ReadonlyArray<FulfillmentTaskStatus> = ["PENDING", "ASSIGNED", "IN_PROGRESS"]

/** Hours from creation to due, by priority. */
export const SlaHours: Readonly<Record<FulfillmentPriority, number>> = { URGENT: 24, HIGH: 48, NORMAL: 72, LOW: 120 }

/**
 * The SLA aging class of an open task at `now`: ON_TRACK while less than three quarters of its
 * window has passed, DUE_SOON in the last quarter, OVERDUE once past due, CRITICAL once past due by
 * a whole window again (a task twice as late as its service level).
 */
export type AgingClass = "ON_TRACK" | "DUE_SOON" | "OVERDUE" | "CRITICAL"
export const AgingClasses: ReadonlyArray<AgingClass> = ["ON_TRACK", "DUE_SOON", "OVERDUE", "CRITICAL"]
export const agingClassOf = (task: Pick<FulfillmentTask, "createdAt" | "dueAt">, now: Date): AgingClass => {
  const window = task.dueAt.getTime() - task.createdAt.getTime()
  const late = now.getTime() - task.dueAt.getTime()
  if (late >= window) return "CRITICAL"
  if (late >= 0) return "OVERDUE"
  return now.getTime() - task.createdAt.getTime() >= window * 0.75 ? "DUE_SOON" : "ON_TRACK"
}

export class FulfillmentTaskNotFound extends DomainError<FulfillmentTaskNotFound>()("FulfillmentTaskNotFound", {
  kind: "not-found",
  code: "FULFILLMENT_TASK_NOT_FOUND"
}, { id: Schema.String }) {
  override get message() {
    return "Fulfillment task not found"
  }
}

/** The assignee must be an existing admin (the ops user). */
export class AssigneeNotFound extends DomainError<AssigneeNotFound>()("AssigneeNotFound", { kind: "not-found", code: "ASSIGNEE_NOT_FOUND" }, {
  assigneeId: Schema.String
}) {
  override get message() {
    return "No admin with this id can be assigned the task"
  }
}
