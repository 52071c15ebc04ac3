/**
 * GST templates and GST declarations on Postgres. One active template (partial unique index,
 * activation in one transaction); one current declaration per organizer (partial unique index on
 * `current`); every declaration move is a conditional update on its status.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, ids, rowsOf } from "../rows.pg.js"

/** Whether a live template is the active one (a delete refuses the active template). */
const ActiveRow = Schema.Struct({ isActive: Schema.Boolean })
const StatusCountRow = Schema.Struct({ status: Schema.String, n: Schema.Number })

export const GstTemplateRepoPg = Layer.effect(Organizers.GstTemplateRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, name, version, html, variables, is_active, deleted_at, created_by, created_at, updated_at`
  const templates = rowsOf(Organizers.GstTemplate)
  const actives = rowsOf(ActiveRow)
  const tx = <A, E, R>(effect: Effect.Effect<A, E, R>) => sql.withTransaction(effect).pipe(Effect.orDie)
  return Organizers.GstTemplateRepo.of({
    create: (input) =>
      tx(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext(${`gst_template:${input.name}`}))`
        return yield* templates.one(sql`
          insert into organizers.gst_templates (name, version, html, variables, created_by)
          values (
            ${input.name},
            (select coalesce(max(version), 0) + 1 from organizers.gst_templates where name = ${input.name}),
            ${input.html}, ${JSON.stringify(input.variables)}::jsonb, ${input.createdBy})
          returning ${cols}`)
      })),
    list: (filter) =>
      templates.all(sql`
        select ${cols} from organizers.gst_templates
        where ${filter.includeDeleted === true ? sql`true` : sql`deleted_at is null`}
          and ${filter.name === undefined ? sql`true` : sql`name = ${filter.name}`}
          and ${filter.isActive === undefined ? sql`true` : sql`is_active = ${filter.isActive}`}
        order by created_at desc, version desc`),
    findById: (id) => templates.maybe(sql`select ${cols} from organizers.gst_templates where id = ${id}`),
    findActive: () =>
      templates.maybe(sql`select ${cols} from organizers.gst_templates where is_active and deleted_at is null`),
    activate: (id) =>
      tx(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext('gst_template:activate'))`
        const target = yield* sql`select id from organizers.gst_templates where id = ${id} and deleted_at is null for update`
        if (target.length === 0) return Option.none()
        yield* sql`update organizers.gst_templates set is_active = false, updated_at = now() where is_active and id <> ${id}`
        return yield* templates.maybe(sql`
          update organizers.gst_templates set is_active = true, updated_at = now() where id = ${id} returning ${cols}`)
      })),
    deactivate: (id) =>
      templates.maybe(sql`
        update organizers.gst_templates set is_active = false, updated_at = now()
        where id = ${id} and deleted_at is null returning ${cols}`),
    softDelete: (id) =>
      tx(Effect.gen(function*() {
        const row = yield* actives.maybe(sql`
          select is_active from organizers.gst_templates where id = ${id} and deleted_at is null for update`)
        if (Option.isNone(row)) return "missing" as const
        if (row.value.isActive) return "active" as const
        yield* sql`update organizers.gst_templates set deleted_at = now(), updated_at = now() where id = ${id}`
        return "deleted" as const
      }))
  })
}))

export const GstDeclarationRepoPg = Layer.effect(Organizers.GstDeclarationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, organizer_id, template_id, template_version, status, variables, pdf, signed_document, reject_reason, current,
    submitted_at, verified_at, verified_by, rejected_at, created_at, updated_at`
  const declarations = rowsOf(Organizers.GstDeclaration)
  const statusCounts = rowsOf(StatusCountRow)
  const json = (v: unknown) => v === null ? null : JSON.stringify(v)
  return Organizers.GstDeclarationRepo.of({
    findById: (id) => declarations.maybe(sql`select ${cols} from organizers.gst_declarations where id = ${id}`),
    findCurrent: (organizerId) =>
      declarations.maybe(sql`select ${cols} from organizers.gst_declarations where organizer_id = ${organizerId} and current`),
    start: (organizerId, template, replaceable) =>
      sql.withTransaction(Effect.gen(function*() {
        // Serialize starts of one organizer (the organizer row lock), then decide.
        yield* sql`select id from organizers.organizers where id = ${organizerId} for update`
        const current = yield* declarations.maybe(sql`
          select ${cols} from organizers.gst_declarations where organizer_id = ${organizerId} and current`)
        if (Option.isSome(current) && !replaceable.includes(current.value.status)) {
          return { declaration: current.value, started: false }
        }
        if (Option.isSome(current)) {
          yield* sql`update organizers.gst_declarations set current = false, updated_at = now() where id = ${current.value.id}`
        }
        const declaration = yield* declarations.one(sql`
          insert into organizers.gst_declarations (organizer_id, template_id, template_version, status)
          values (${organizerId}, ${template?.id ?? null}, ${template?.version ?? null}, 'PENDING_VARIABLES')
          returning ${cols}`)
        return { declaration, started: true }
      })).pipe(Effect.orDie),
    move: (id, from, patch) => {
      const sets = [sql`updated_at = now()`]
      if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`)
      if (patch.variables !== undefined) sets.push(sql`variables = ${JSON.stringify(patch.variables)}::jsonb`)
      if (patch.pdf !== undefined) sets.push(sql`pdf = ${json(patch.pdf)}::jsonb`)
      if (patch.signedDocument !== undefined) sets.push(sql`signed_document = ${json(patch.signedDocument)}::jsonb`)
      if (patch.rejectReason !== undefined) sets.push(sql`reject_reason = ${patch.rejectReason}`)
      if (patch.templateId !== undefined) sets.push(sql`template_id = ${patch.templateId}`)
      if (patch.templateVersion !== undefined) sets.push(sql`template_version = ${patch.templateVersion}`)
      if (patch.submittedAt !== undefined) sets.push(sql`submitted_at = ${patch.submittedAt}`)
      if (patch.verifiedAt !== undefined) sets.push(sql`verified_at = ${patch.verifiedAt}`)
      if (patch.verifiedBy !== undefined) sets.push(sql`verified_by = ${patch.verifiedBy}`)
      if (patch.rejectedAt !== undefined) sets.push(sql`rejected_at = ${patch.rejectedAt}`)
      return declarations.maybe(sql`
        update organizers.gst_declarations set ${sql.csv(sets)}
        where id = ${id} and status in ${sql.in(from)}
        returning ${cols}`)
    },
    list: (filter) =>
      Effect.gen(function*() {
        const where = filter.status === undefined ? sql`true` : sql`status = ${filter.status}`
        const data = yield* declarations.all(sql`
          select ${cols} from organizers.gst_declarations where ${where}
          order by created_at desc, id limit ${filter.limit} offset ${filter.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from organizers.gst_declarations where ${where}`)
        return { data, total: total.n }
      }),
    countByStatus: () =>
      statusCounts.all(sql`select status, count(*)::int as n from organizers.gst_declarations group by status`).pipe(
        Effect.map((rows) => Object.fromEntries(rows.map((r) => [r.status, r.n])))
      ),
    backfillTemplate: (template) =>
      ids.all(sql`
        update organizers.gst_declarations set template_id = coalesce(template_id, ${template.id}), template_version = ${template.version}, updated_at = now()
        where template_version is null and (template_id is null or template_id = ${template.id})
        returning id`).pipe(Effect.map((rows) => rows.length)),
    deleteAll: (organizerId) =>
      ids.all(sql`delete from organizers.gst_declarations where organizer_id = ${organizerId} returning id`).pipe(
        Effect.map((rows) => rows.length)
      )
  })
}))
