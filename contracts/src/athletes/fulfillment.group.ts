/**
 * Fulfillment tasks (B "Fulfillment tasks"): ops work of admins with `challenges.manage` (the tasks
 * come from challenge rewards and goodies). Assign takes a PENDING task only; every move is one
 * conditional update, so of two concurrent moves one wins (409 FULFILLMENT_TASK_MOVE_REFUSED).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, FulfillmentTask, FulfillmentTaskKind, FulfillmentTaskStatus, inputOf, Instant, OneOf, Optional, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"

export const CreateFulfillmentTaskBody = Body({
  ...inputOf(FulfillmentTask, { required: ["kind", "title"], optional: ["details", "priority", "recipientUserId", "subjectType", "subjectId"] }).fields
})
export const AssignFulfillmentTaskBody = Body({ assigneeId: UuidStr })
export const TransitionFulfillmentTaskBody = Body({ move: OneOf("release", "start", "complete", "cancel"), note: Optional(StrLength(1, 1000)) })
const AgingClass = OneOf("ON_TRACK", "DUE_SOON", "OVERDUE", "CRITICAL")
export const FulfillmentAgingView = Schema.Struct({
  asOf: Instant,
  counts: Schema.Struct({ ON_TRACK: Schema.Number, DUE_SOON: Schema.Number, OVERDUE: Schema.Number, CRITICAL: Schema.Number }),
  items: Schema.Array(Schema.Struct({ ...FulfillmentTask.fields, agingClass: AgingClass, ageHours: Schema.Number }))
}).annotations({ identifier: "FulfillmentAging" })
const IdPath = Schema.Struct({ id: Schema.String })
const base = "/v2/admin/fulfillment-tasks"

export class AdminFulfillmentTasksGroup extends HttpApiGroup.make("adminFulfillmentTasks")
  .add(op.get("listFulfillmentTasks", base, { query: Query({ ...PageParams, status: Optional(FulfillmentTaskStatus), assigneeId: Optional(Schema.String), kind: Optional(FulfillmentTaskKind) }), ok: PageOf(FulfillmentTask), summary: "Fulfillment tasks by status, assignee and kind, soonest due first" }))
  .add(op.post("createFulfillmentTask", base, { body: CreateFulfillmentTaskBody, ok: FulfillmentTask, status: 201, summary: "Create a PENDING task, due its priority's service level from now (URGENT 24 h, HIGH 48 h, NORMAL 72 h, LOW 120 h)" }))
  .add(op.post("assignFulfillmentTask", `${base}/:id/assign`, { path: IdPath, body: AssignFulfillmentTaskBody, ok: FulfillmentTask, summary: "Assign a PENDING task to an ops admin (409 FULFILLMENT_TASK_MOVE_REFUSED otherwise; 404 ASSIGNEE_NOT_FOUND)" }))
  .add(op.post("transitionFulfillmentTask", `${base}/:id/transition`, { path: IdPath, body: TransitionFulfillmentTaskBody, ok: FulfillmentTask, summary: "Move a task: release (ASSIGNED → PENDING), start (ASSIGNED → IN_PROGRESS), complete (IN_PROGRESS → DONE), cancel (while open)" }))
  .add(op.get("fulfillmentAging", `${base}/aging`, { ok: FulfillmentAgingView, summary: "Open tasks with their SLA aging class (ON_TRACK, DUE_SOON in the last quarter of the window, OVERDUE, CRITICAL once late by a whole window) and the count per class" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("challenges.manage"))
  .annotate(OpenApi.Title, "Admin: fulfillment tasks")
{}

