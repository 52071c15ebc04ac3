/** Organizer staff tasks on Postgres (organizers.staff_tasks); status moves are conditional updates. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer } from "effect"
import { rowsOf } from "../rows.pg.js"

export const StaffTaskRepoPg = Layer.effect(Organizers.StaffTaskRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const tasks = rowsOf(Organizers.StaffTask)
  const cols = sql`id, organizer_id, title, description, assignee_member_id, due_at, status, created_by_member_id, created_at, updated_at`
  return Organizers.StaffTaskRepo.of({
    create: (input) =>
      tasks.one(sql`
        insert into organizers.staff_tasks ${sql.insert({
          organizerId: input.organizerId,
          title: input.title,
          description: input.description,
          assigneeMemberId: input.assigneeMemberId,
          dueAt: input.dueAt,
          createdByMemberId: input.createdByMemberId
        })} returning ${cols}`),
    list: (organizerId) =>
      tasks.all(sql`select ${cols} from organizers.staff_tasks where organizer_id = ${organizerId} order by created_at desc, id`),
    find: (organizerId, taskId) =>
      tasks.maybe(sql`select ${cols} from organizers.staff_tasks where organizer_id = ${organizerId} and id = ${taskId}`),
    moveIf: (organizerId, taskId, from, to) =>
      tasks.maybe(sql`
        update organizers.staff_tasks set status = ${to}, updated_at = now()
        where organizer_id = ${organizerId} and id = ${taskId} and status = ${from}
        returning ${cols}`)
  })
}))
