/**
 * Declaration-form templates and organizers' declaration details on Postgres. Activation runs in
 * one transaction (deactivate the others, activate this one) and the partial unique index
 * `declaration_templates_one_active` makes "exactly one active" hold even under concurrent calls.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { ids, rowsOf } from "../rows.pg.js"

/** Whether a live template is the active one (a delete refuses the active template). */
const ActiveRow = Schema.Struct({ isActive: Schema.Boolean })
const DetailsRow = Schema.Struct({ details: Organizers.DeclarationDetails })

export const DeclarationTemplateRepoPg = Layer.effect(Organizers.DeclarationTemplateRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, name, version, html, required_fields, is_active, deleted_at, created_by, created_at, updated_at`
  const templates = rowsOf(Organizers.DeclarationTemplate)
  const actives = rowsOf(ActiveRow)
  const tx = <A, E, R>(effect: Effect.Effect<A, E, R>) => sql.withTransaction(effect).pipe(Effect.orDie)

  return Organizers.DeclarationTemplateRepo.of({
    create: (input) =>
      tx(Effect.gen(function*() {
        // Versions per name: serialize creators of the same name.
        yield* sql`select pg_advisory_xact_lock(hashtext(${`declaration_template:${input.name}`}))`
        return yield* templates.one(sql`
          insert into organizers.declaration_templates (name, version, html, required_fields, created_by)
          values (
            ${input.name},
            (select coalesce(max(version), 0) + 1 from organizers.declaration_templates where name = ${input.name}),
            ${input.html}, ${JSON.stringify(input.requiredFields)}::jsonb, ${input.createdBy})
          returning ${cols}`)
      })),
    list: () =>
      templates.all(sql`select ${cols} from organizers.declaration_templates order by created_at desc, version desc`),
    findById: (id) => templates.maybe(sql`select ${cols} from organizers.declaration_templates where id = ${id}`),
    findActive: () =>
      templates.maybe(sql`select ${cols} from organizers.declaration_templates where is_active and deleted_at is null`),
    update: (id, patch) =>
      templates.maybe(sql`
        update organizers.declaration_templates set
          name = coalesce(${patch.name ?? null}, name),
          html = coalesce(${patch.html ?? null}, html),
          required_fields = coalesce(${patch.requiredFields === undefined ? null : JSON.stringify(patch.requiredFields)}::jsonb, required_fields),
          updated_at = now()
        where id = ${id} and deleted_at is null
        returning ${cols}`),
    activate: (id) =>
      tx(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext('declaration_template:activate'))`
        const target = yield* ids.all(sql`
          select id from organizers.declaration_templates where id = ${id} and deleted_at is null for update`)
        if (target.length === 0) return Option.none()
        yield* sql`update organizers.declaration_templates set is_active = false, updated_at = now() where is_active and id <> ${id}`
        return yield* templates.maybe(sql`
          update organizers.declaration_templates set is_active = true, updated_at = now() where id = ${id} returning ${cols}`)
      })),
    softDelete: (id) =>
      tx(Effect.gen(function*() {
        const row = yield* actives.maybe(sql`
          select is_active from organizers.declaration_templates where id = ${id} and deleted_at is null for update`)
        if (Option.isNone(row)) return "missing" as const
        if (row.value.isActive) return "active" as const
        yield* sql`update organizers.declaration_templates set deleted_at = now(), updated_at = now() where id = ${id}`
        return "deleted" as const
      }))
  })
}))

export const DeclarationDetailsRepoPg = Layer.effect(Organizers.DeclarationDetailsRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const details = rowsOf(DetailsRow)
  const orEmpty = Option.match({ onNone: (): Organizers.DeclarationDetails => ({}), onSome: (r: typeof DetailsRow.Type) => r.details })
  return Organizers.DeclarationDetailsRepo.of({
    get: (organizerId) =>
      details.maybe(sql`select details from organizers.declaration_details where organizer_id = ${organizerId}`).pipe(Effect.map(orEmpty)),
    merge: (organizerId, patch) => {
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null && v !== undefined))
      const cleared = Object.entries(patch).filter(([, v]) => v === null).map(([k]) => k)
      return details.one(sql`
        insert into organizers.declaration_details (organizer_id, details)
        values (${organizerId}, ${JSON.stringify(set)}::jsonb)
        on conflict (organizer_id) do update set
          details = (organizers.declaration_details.details - array(select jsonb_array_elements_text(${JSON.stringify(cleared)}::jsonb))) || excluded.details,
          updated_at = now()
        returning details`).pipe(Effect.map((r) => r.details))
    }
  })
}))
