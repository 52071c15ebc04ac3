/** The staff-task repository of the organizers context. */
import { Context, type Effect, type Option } from "effect"
import type { StaffTask, StaffTaskStatus } from "./staff-task.model.js"

export interface NewStaffTask {
  readonly organizerId: string
  readonly title: string
  readonly description: string | null
  readonly assigneeMemberId: string | null
  readonly dueAt: Date | null
  readonly createdByMemberId: string | null
}

/** Staff tasks, always scoped by organizer (a task id of another organizer is never found). */
export class StaffTaskRepo extends Context.Tag("@podium/core/organizers/StaffTaskRepo")<StaffTaskRepo, {
  readonly create: (input: NewStaffTask) => Effect.Effect<StaffTask>
  /** The organizer's tasks, newest first. */
  readonly list: (organizerId: string) => Effect.Effect<ReadonlyArray<StaffTask>>
  readonly find: (organizerId: string, taskId: string) => Effect.Effect<Option.Option<StaffTask>>
  /** Moves the status only while it is still `from` (conditional update); none otherwise. */
  readonly moveIf: (organizerId: string, taskId: string, from: StaffTaskStatus, to: StaffTaskStatus) => Effect.Effect<Option.Option<StaffTask>>
}>() {}
