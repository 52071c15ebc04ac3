/**
 * Organizer staff tasks (A 4.8 `/v2/organizer/staff-tasks`): a to-do list of the organizer's team.
 * The status machine is data: OPEN → IN_PROGRESS → DONE, and OPEN or IN_PROGRESS → CANCELLED;
 * DONE and CANCELLED are final. Every move not in `StaffTaskMoves` is illegal (409).
 */
import { DomainError, type StaffTaskStatus } from "@podium/kernel"
import { Either, Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { StaffTaskStatuses, StaffTask, type StaffTaskStatus } from "@podium/kernel"

/** Every legal move (from → to). */
export const StaffTaskMoves: ReadonlyArray<{ readonly from: StaffTaskStatus; readonly to: StaffTaskStatus }> = [
  { from: "OPEN", to: "IN_PROGRESS" },
  { from: "IN_PROGRESS", to: "DONE" },
  { from: "OPEN", to: "CANCELLED" },
  { from: "IN_PROGRESS", to: "CANCELLED" }
]

export class StaffTaskNotFound extends DomainError<StaffTaskNotFound>()("StaffTaskNotFound", { kind: "not-found" }, {
  taskId: Schema.String
}) {
  override get message() {
    return `Staff task ${this.taskId} not found`
  }
}

/** The move is not in the machine (409 STAFF_TASK_ILLEGAL_TRANSITION). */
export class StaffTaskIllegalTransition extends DomainError<StaffTaskIllegalTransition>()("StaffTaskIllegalTransition", { kind: "conflict", code: "STAFF_TASK_ILLEGAL_TRANSITION" }, {
  from: Schema.String,
  to: Schema.String
}) {
  override get message() {
    return `A staff task cannot move from ${this.from} to ${this.to}`
  }
}

/** The target status when the move is legal. */
export const transitionStaffTask = (from: StaffTaskStatus, to: StaffTaskStatus): Either.Either<StaffTaskStatus, StaffTaskIllegalTransition> =>
  StaffTaskMoves.some((m) => m.from === from && m.to === to) ? Either.right(to) : Either.left(new StaffTaskIllegalTransition({ from, to }))
