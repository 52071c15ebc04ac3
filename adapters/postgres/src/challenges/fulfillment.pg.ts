/** Fulfillment tasks on Postgres (challenges.fulfillment_tasks; migration 0076). Moves are `applyMove`: one conditional update. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { FulfillmentTask } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const PageRow = Schema.Struct({ ...FulfillmentTask.fields, total: Schema.Number })

export const FulfillmentTaskRepoPg = Layer.effect(Challenges.FulfillmentTaskRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const tasks = rowsOf(FulfillmentTask)
  const page = rowsOf(PageRow)
  return Challenges.FulfillmentTaskRepo.of({
    create: (t) =>
      tasks.one(sql`
        insert into challenges.fulfillment_tasks (kind, title, details, priority, recipient_user_id, subject_type, subject_id, due_at, created_by)
        values (${t.kind}, ${t.title}, ${t.details}, ${t.priority}, ${t.recipientUserId}, ${t.subjectType}, ${t.subjectId}, ${t.dueAt}, ${t.createdBy})
        returning *`),
    findById: (id) => Uuid.test(id) ? tasks.maybe(sql`select * from challenges.fulfillment_tasks where id = ${id}`) : Effect.succeed(Option.none()),
    list: (f, p) =>
      Effect.gen(function*() {
        const where = sql.and([
          f.statuses === undefined ? sql`true` : sql`status in ${sql.in([...f.statuses])}`,
          f.assigneeId === undefined ? sql`true` : sql`assignee_id = ${f.assigneeId}`,
          f.kind === undefined ? sql`true` : sql`kind = ${f.kind}`
        ])
        const rows = yield* page.all(sql`
          select *, count(*) over ()::int as total from challenges.fulfillment_tasks where ${where}
          order by due_at, id limit ${p.limit} offset ${(p.page - 1) * p.limit}`)
        const total = rows[0]?.total ?? (yield* counts.one(sql`select count(*)::int as n from challenges.fulfillment_tasks where ${where}`)).n
        return { items: rows.map(({ total: _, ...t }) => t), total }
      }),
    open: () =>
      tasks.all(sql`
        select * from challenges.fulfillment_tasks where status in ${sql.in([...Challenges.OpenStatuses])} order by due_at, id`),
    move: (id, move, facts) =>
      applyMove(sql, {
        moves: Challenges.FulfillmentMoves,
        move,
        table: "challenges.fulfillment_tasks",
        id,
        set: sql`updated_at = now(), status_note = ${facts.note ?? null}
          ${move === "assign" ? sql`, assignee_id = ${facts.assigneeId ?? null}, assigned_at = now()` : sql``}
          ${move === "release" ? sql`, assignee_id = null, assigned_at = null` : sql``}
          ${move === "complete" ? sql`, completed_at = now()` : sql``}`,
        returning: sql`*`,
        rows: tasks,
        notFound: () => new Challenges.FulfillmentTaskNotFound({ id })
      })
  })
}))
