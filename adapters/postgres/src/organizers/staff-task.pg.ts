/** Organizer staff tasks on Postgres (organizers.staff_tasks); status moves are conditional updates. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Option } from "effect"

export const StaffTaskRepoPg = Layer.effect(Organizers.StaffTaskRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, organizer_id, title, description, assignee_member_id, due_at, status, created_by_member_id, created_at, updated_at`
  const first = (rows: ReadonlyArray<Organizers.StaffTask>) => Option.fromNullable(rows[0])
  return Organizers.StaffTaskRepo.of({
    create: (input) =>
      sql<Organizers.StaffTask>`
        insert into organizers.staff_tasks ${sql.insert({
          organizerId: input.organizerId,
          title: input.title,
          description: input.description,
          assigneeMemberId: input.assigneeMemberId,
          dueAt: input.dueAt,
          createdByMemberId: input.createdByMemberId
        })} returning ${cols}`.pipe(Effect.map((rows) => rows[0]!), Effect.orDie),
    list: (organizerId) =>
      sql<Organizers.StaffTask>`
        select ${cols} from organizers.staff_tasks where organizer_id = ${organizerId} order by created_at desc, id`.pipe(Effect.orDie),
    find: (organizerId, taskId) =>
      sql<Organizers.StaffTask>`
        select ${cols} from organizers.staff_tasks where organizer_id = ${organizerId} and id = ${taskId}`.pipe(Effect.map(first), Effect.orDie),
    moveIf: (organizerId, taskId, from, to) =>
      sql<Organizers.StaffTask>`
        update organizers.staff_tasks set status = ${to}, updated_at = now()
        where organizer_id = ${organizerId} and id = ${taskId} and status = ${from}
        returning ${cols}`.pipe(Effect.map(first), Effect.orDie)
  })
}))
