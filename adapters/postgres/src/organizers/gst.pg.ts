/**
 * GST templates and GST declarations on Postgres. One active template (partial unique index,
 * activation in one transaction); one current declaration per organizer (partial unique index on
 * `current`); every declaration move is a conditional update on its status.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Option } from "effect"

type TemplateRow = Omit<Organizers.GstTemplate, "variables"> & { readonly variables: unknown }
const toTemplate = (row: TemplateRow): Organizers.GstTemplate => ({
  ...row,
  variables: (Array.isArray(row.variables) ? row.variables : []) as ReadonlyArray<string>
})

export const GstTemplateRepoPg = Layer.effect(Organizers.GstTemplateRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, name, version, html, variables, is_active, deleted_at, created_by, created_at, updated_at`
  const one = (rows: ReadonlyArray<TemplateRow>) => Option.map(Option.fromNullable(rows[0]), toTemplate)
  const tx = <A, E, R>(effect: Effect.Effect<A, E, R>) => sql.withTransaction(effect).pipe(Effect.orDie)
  return Organizers.GstTemplateRepo.of({
    create: (input) =>
      tx(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext(${`gst_template:${input.name}`}))`
        const rows = yield* sql<TemplateRow>`
          insert into organizers.gst_templates (name, version, html, variables, created_by)
          values (
            ${input.name},
            (select coalesce(max(version), 0) + 1 from organizers.gst_templates where name = ${input.name}),
            ${input.html}, ${JSON.stringify(input.variables)}::jsonb, ${input.createdBy})
          returning ${cols}`
        return toTemplate(rows[0]!)
      })),
    list: (filter) =>
      sql<TemplateRow>`
        select ${cols} from organizers.gst_templates
        where ${filter.includeDeleted === true ? sql`true` : sql`deleted_at is null`}
          and ${filter.name === undefined ? sql`true` : sql`name = ${filter.name}`}
          and ${filter.isActive === undefined ? sql`true` : sql`is_active = ${filter.isActive}`}
        order by created_at desc, version desc`.pipe(Effect.orDie, Effect.map((rows) => rows.map(toTemplate))),
    findById: (id) => sql<TemplateRow>`select ${cols} from organizers.gst_templates where id = ${id}`.pipe(Effect.orDie, Effect.map(one)),
    findActive: () =>
      sql<TemplateRow>`select ${cols} from organizers.gst_templates where is_active and deleted_at is null`.pipe(Effect.orDie, Effect.map(one)),
    activate: (id) =>
      tx(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext('gst_template:activate'))`
        const target = yield* sql`select id from organizers.gst_templates where id = ${id} and deleted_at is null for update`
        if (target.length === 0) return Option.none()
        yield* sql`update organizers.gst_templates set is_active = false, updated_at = now() where is_active and id <> ${id}`
        return one(yield* sql<TemplateRow>`
          update organizers.gst_templates set is_active = true, updated_at = now() where id = ${id} returning ${cols}`)
      })),
    deactivate: (id) =>
      sql<TemplateRow>`
        update organizers.gst_templates set is_active = false, updated_at = now()
        where id = ${id} and deleted_at is null returning ${cols}`.pipe(Effect.orDie, Effect.map(one)),
    softDelete: (id) =>
      tx(Effect.gen(function*() {
        const rows = yield* sql<{ readonly isActive: boolean }>`
          select is_active from organizers.gst_templates where id = ${id} and deleted_at is null for update`
        if (rows.length === 0) return "missing" as const
        if (rows[0]!.isActive) return "active" as const
        yield* sql`update organizers.gst_templates set deleted_at = now(), updated_at = now() where id = ${id}`
        return "deleted" as const
      }))
  })
}))

type DeclarationRow = Omit<Organizers.GstDeclaration, "variables" | "pdf" | "signedDocument"> & {
  readonly variables: unknown
  readonly pdf: unknown
  readonly signedDocument: unknown
}
const toDeclaration = (row: DeclarationRow): Organizers.GstDeclaration => ({
  ...row,
  variables: (typeof row.variables === "object" && row.variables !== null ? row.variables : {}) as Record<string, string>,
  pdf: (row.pdf ?? null) as Organizers.StoredFile | null,
  signedDocument: (row.signedDocument ?? null) as Organizers.StoredFile | null
})

export const GstDeclarationRepoPg = Layer.effect(Organizers.GstDeclarationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, organizer_id, template_id, template_version, status, variables, pdf, signed_document, reject_reason, current,
    submitted_at, verified_at, verified_by, rejected_at, created_at, updated_at`
  const one = (rows: ReadonlyArray<DeclarationRow>) => Option.map(Option.fromNullable(rows[0]), toDeclaration)
  const json = (v: unknown) => v === null ? null : JSON.stringify(v)
  return Organizers.GstDeclarationRepo.of({
    findById: (id) => sql<DeclarationRow>`select ${cols} from organizers.gst_declarations where id = ${id}`.pipe(Effect.orDie, Effect.map(one)),
    findCurrent: (organizerId) =>
      sql<DeclarationRow>`select ${cols} from organizers.gst_declarations where organizer_id = ${organizerId} and current`.pipe(
        Effect.orDie,
        Effect.map(one)
      ),
    start: (organizerId, template, replaceable) =>
      sql.withTransaction(Effect.gen(function*() {
        // Serialize starts of one organizer (the organizer row lock), then decide.
        yield* sql`select id from organizers.organizers where id = ${organizerId} for update`
        const current = one(yield* sql<DeclarationRow>`
          select ${cols} from organizers.gst_declarations where organizer_id = ${organizerId} and current`)
        if (Option.isSome(current) && !replaceable.includes(current.value.status)) {
          return { declaration: current.value, started: false }
        }
        if (Option.isSome(current)) {
          yield* sql`update organizers.gst_declarations set current = false, updated_at = now() where id = ${current.value.id}`
        }
        const rows = yield* sql<DeclarationRow>`
          insert into organizers.gst_declarations (organizer_id, template_id, template_version, status)
          values (${organizerId}, ${template?.id ?? null}, ${template?.version ?? null}, 'PENDING_VARIABLES')
          returning ${cols}`
        return { declaration: toDeclaration(rows[0]!), started: true }
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
      return sql<DeclarationRow>`
        update organizers.gst_declarations set ${sql.csv(sets)}
        where id = ${id} and status in ${sql.in(from)}
        returning ${cols}`.pipe(Effect.orDie, Effect.map(one))
    },
    list: (filter) =>
      Effect.gen(function*() {
        const where = filter.status === undefined ? sql`true` : sql`status = ${filter.status}`
        const rows = yield* sql<DeclarationRow>`
          select ${cols} from organizers.gst_declarations where ${where}
          order by created_at desc, id limit ${filter.limit} offset ${filter.offset}`
        const total = yield* sql<{ readonly n: number }>`select count(*)::int as n from organizers.gst_declarations where ${where}`
        return { data: rows.map(toDeclaration), total: total[0]?.n ?? 0 }
      }).pipe(Effect.orDie),
    countByStatus: () =>
      sql<{ readonly status: string; readonly n: number }>`
        select status, count(*)::int as n from organizers.gst_declarations group by status`.pipe(
        Effect.orDie,
        Effect.map((rows) => Object.fromEntries(rows.map((r) => [r.status, r.n])))
      ),
    backfillTemplate: (template) =>
      sql<{ readonly id: string }>`
        update organizers.gst_declarations set template_id = coalesce(template_id, ${template.id}), template_version = ${template.version}, updated_at = now()
        where template_version is null and (template_id is null or template_id = ${template.id})
        returning id`.pipe(Effect.orDie, Effect.map((rows) => rows.length)),
    deleteAll: (organizerId) =>
      sql<{ readonly id: string }>`delete from organizers.gst_declarations where organizer_id = ${organizerId} returning id`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.length)
      )
  })
}))
