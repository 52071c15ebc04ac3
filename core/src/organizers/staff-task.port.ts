/** The staff-task repository of the organizers context. */
import { Context, type Effect, type Option, type Schema } from "effect"
import { StaffTask, type StaffTaskStatus } from "./staff-task.model.js"

export const NewStaffTask = StaffTask.pick("organizerId", "title", "description", "assigneeMemberId", "dueAt", "createdByMemberId")
export interface NewStaffTask extends Schema.Schema.Type<typeof NewStaffTask> {}

/** Staff tasks, always scoped by organizer (a task id of another organizer is never found). */
export class StaffTaskRepo extends Context.Tag("@podium/core/organizers/StaffTaskRepo")<StaffTaskRepo, {
  readonly create: (input: NewStaffTask) => Effect.Effect<StaffTask>
  /** The organizer's tasks, newest first. */
  readonly list: (organizerId: string) => Effect.Effect<ReadonlyArray<StaffTask>>
  readonly find: (organizerId: string, taskId: string) => Effect.Effect<Option.Option<StaffTask>>
  /** Moves the status only while it is still `from` (conditional update); none otherwise. */
  readonly moveIf: (organizerId: string, taskId: string, from: StaffTaskStatus, to: StaffTaskStatus) => Effect.Effect<Option.Option<StaffTask>>
}>() {}
