/**
 * Fulfillment tasks (B "Fulfillment tasks"): ops work for admins with `challenges.manage` (the
 * tasks this service makes come from challenge rewards and goodies). A task is due its priority's
 * service level after creation; assign takes a PENDING task only; every move is one conditional
 * update plus its audit row, so of two concurrent assigns exactly one wins.
 */
import type { FulfillmentTask } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { AdminRepo } from "../accounts/account.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import type { PageRequest } from "./challenge.port.js"
import {
  AgingClasses,
  agingClassOf,
  AssigneeNotFound,
  type FulfillmentMove,
  FulfillmentTaskNotFound,
  SlaHours,
  type TransitionMoves
} from "./fulfillment.model.js"
import { type FulfillmentFilter, FulfillmentTaskRepo } from "./fulfillment.port.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const audit = (admin: Principal, action: string, task: FulfillmentTask, data: Record<string, unknown> = {}, reason?: string | null) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: `challenges.fulfillment.${action}`,
      actor: { kind: admin.accountKind, id: admin.accountId },
      subject: { kind: "fulfillment_task", id: task.id },
      ...(reason === undefined || reason === null ? {} : { reason }),
      data: { status: task.status, ...data }
    }))

export interface CreateFulfillmentTaskInput {
  readonly kind: FulfillmentTask["kind"]
  readonly title: string
  readonly details?: string | undefined
  readonly priority?: FulfillmentTask["priority"] | undefined
  readonly recipientUserId?: string | null | undefined
  readonly subjectType?: string | null | undefined
  readonly subjectId?: string | null | undefined
}

export const createFulfillmentTask = Effect.fn("challenges.fulfillment.create")(function*(admin: Principal, input: CreateFulfillmentTaskInput) {
  const priority = input.priority ?? "NORMAL"
  const at = yield* now
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const task = yield* Effect.flatMap(FulfillmentTaskRepo, (r) =>
        r.create({
          kind: input.kind,
          title: input.title,
          details: input.details ?? "",
          priority,
          recipientUserId: input.recipientUserId ?? null,
          subjectType: input.subjectType ?? null,
          subjectId: input.subjectId ?? null,
          dueAt: new Date(at.getTime() + SlaHours[priority] * 3_600_000),
          createdBy: admin.accountId
        }))
      yield* audit(admin, "created", task, { kind: task.kind, priority })
      return task
    })))
})

export const listFulfillmentTasks = (filter: FulfillmentFilter, page: PageRequest) => Effect.flatMap(FulfillmentTaskRepo, (r) => r.list(filter, page))

const findTask = (id: string) =>
  Effect.flatMap(FulfillmentTaskRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none<FulfillmentTask>()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new FulfillmentTaskNotFound({ id })), onSome: Effect.succeed }))
  )

const moved = (admin: Principal, id: string, move: FulfillmentMove, facts: { readonly assigneeId?: string; readonly note?: string | null }) =>
  Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const task = yield* Effect.flatMap(FulfillmentTaskRepo, (r) => r.move(id, move, facts))
      yield* audit(admin, move, task, facts.assigneeId === undefined ? {} : { assigneeId: facts.assigneeId }, facts.note)
      return task
    })))

/** Assigns a PENDING task to an ops admin (409 FULFILLMENT_TASK_MOVE_REFUSED from any other status). */
export const assignFulfillmentTask = Effect.fn("challenges.fulfillment.assign")(function*(admin: Principal, id: string, assigneeId: string) {
  yield* findTask(id)
  const assignee = yield* Effect.flatMap(AdminRepo, (r) => (isUuid(assigneeId) ? r.findById(assigneeId) : Effect.succeed(Option.none())))
  if (Option.isNone(assignee)) return yield* new AssigneeNotFound({ assigneeId })
  return yield* moved(admin, id, "assign", { assigneeId })
})

/** Moves a task by name: release (back to PENDING), start, complete or cancel. */
export const transitionFulfillmentTask = Effect.fn("challenges.fulfillment.transition")(function*(
  admin: Principal,
  id: string,
  input: { readonly move: (typeof TransitionMoves)[number]; readonly note?: string | undefined }
) {
  yield* findTask(id)
  return yield* moved(admin, id, input.move, { note: input.note ?? null })
})

/** Every open task with its SLA aging class and age, most urgent first, and the count per class. */
export const fulfillmentAging = Effect.gen(function*() {
  const at = yield* now
  const open = yield* Effect.flatMap(FulfillmentTaskRepo, (r) => r.open())
  const items = open.map((task) => ({
    ...task,
    agingClass: agingClassOf(task, at),
    ageHours: Math.floor((at.getTime() - task.createdAt.getTime()) / 3_600_000)
  }))
  const counts = Object.fromEntries(AgingClasses.map((c) => [c, items.filter((i) => i.agingClass === c).length])) as Record<(typeof AgingClasses)[number], number>
  return { asOf: at, counts, items }
})
