/**
 * Organizer staff tasks: list (OWNER, ADMIN, VIEWER), create and change status (OWNER, ADMIN).
 * An assignee must be an ACTIVE member of the same organizer. Status moves follow the machine in
 * staff-task.model.ts and are race-safe (a conditional update: of two concurrent moves from the
 * same status only one wins). Creates and moves append organizer audit rows.
 */
import { Effect, Either, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { type OrganizerAccessGrant, OrganizerInputInvalid } from "./organizer.model.js"
import { TeamRepo } from "./organizer.port.js"
import { auditOrganizer } from "./organizer.use-case.js"
import { StaffTaskIllegalTransition, StaffTaskNotFound, type StaffTaskStatus, transitionStaffTask } from "./staff-task.model.js"
import { StaffTaskRepo } from "./staff-task.port.js"
import { isUuid } from "./tenancy.policy.js"

export const listStaffTasks = (grant: OrganizerAccessGrant) => Effect.flatMap(StaffTaskRepo, (r) => r.list(grant.organizerId))

export const createStaffTask = Effect.fn("organizers.staffTasks.create")(function*(principal: Principal, grant: OrganizerAccessGrant, input: {
  readonly title: string
  readonly description: string | null
  readonly assigneeMemberId: string | null
  readonly dueAt: Date | null
}) {
  if (input.assigneeMemberId !== null) {
    const assignee = yield* Effect.flatMap(TeamRepo, (r) => r.findMember(grant.organizerId, input.assigneeMemberId!))
    if (Option.isNone(assignee) || assignee.value.status !== "ACTIVE") {
      return yield* new OrganizerInputInvalid({ messages: ["assigneeMemberId must be an active member of this organizer"] })
    }
  }
  const task = yield* Effect.flatMap(StaffTaskRepo, (r) => r.create({ ...input, organizerId: grant.organizerId, createdByMemberId: grant.memberId }))
  yield* auditOrganizer("organizer.staff_task.created", principal, grant.organizerId, { data: { taskId: task.id } })
  return task
})

export const changeStaffTaskStatus = Effect.fn("organizers.staffTasks.changeStatus")(function*(
  principal: Principal,
  grant: OrganizerAccessGrant,
  taskId: string,
  to: StaffTaskStatus
) {
  const repo = yield* StaffTaskRepo
  const current = isUuid(taskId) ? yield* repo.find(grant.organizerId, taskId) : Option.none()
  if (Option.isNone(current)) return yield* new StaffTaskNotFound({ taskId })
  const next = transitionStaffTask(current.value.status, to)
  if (Either.isLeft(next)) return yield* next.left
  const moved = yield* repo.moveIf(grant.organizerId, taskId, current.value.status, next.right)
  if (Option.isNone(moved)) {
    // Someone else moved it between the read and the update: the caller's move lost the race (409).
    const now = yield* repo.find(grant.organizerId, taskId)
    const from = Option.match(now, { onNone: () => current.value.status, onSome: (t) => t.status })
    return yield* new StaffTaskIllegalTransition({ from, to })
  }
  yield* auditOrganizer("organizer.staff_task.status_changed", principal, grant.organizerId, {
    data: { taskId, from: current.value.status, to: next.right }
  })
  return moved.value
})
