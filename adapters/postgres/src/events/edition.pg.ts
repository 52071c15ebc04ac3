/**
 * Editions and their registrations on Postgres (migration 0084). A place is taken by one
 * conditional increment (`registered < capacity and status = 'published'`) in the registration's
 * transaction, so concurrent registrations never oversell; the partial unique index keeps one live
 * registration per athlete and edition; moves are the machine's conditional updates.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Events } from "@podium/core"
import { Edition, EditionRegistration, EditionStatus } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const EditionColumns = [
  "id", "event_id", "slug", "year", "name", "mode", "starts_at", "ends_at", "registration_opens_at", "registration_closes_at",
  "price", "currency", "capacity", "registered", "status", "status_reason", "created_at", "updated_at"
] as const
const RegistrationColumns = [
  "id", "edition_id", "user_id", "status", "amount", "currency", "provider", "gateway_order_id", "payment_id", "confirmed_at",
  "created_at", "updated_at"
] as const

const StatusCount = Schema.Struct({ status: EditionStatus, count: Schema.Number })
const Totals = Schema.Struct({ confirmed: Schema.Number, pending: Schema.Number, revenue: Schema.Number })
const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"

export const EditionRepoPg = Layer.effect(Events.EditionRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const editions = rowsOf(Edition)
  const registrations = rowsOf(EditionRegistration)
  const statusCounts = rowsOf(StatusCount)
  const totals = rowsOf(Totals)
  const cols = sql.literal(EditionColumns.join(", "))
  const regCols = sql.literal(RegistrationColumns.join(", "))

  const inTransaction = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(
      Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>)))
    )

  const filterSql = (f: Pick<Events.EditionFilter, "eventId" | "statuses">) => {
    const parts = [sql`true`]
    if (f.eventId !== undefined) parts.push(sql`event_id = ${f.eventId}`)
    if (f.statuses !== undefined && f.statuses.length > 0) parts.push(sql`status in ${sql.in(f.statuses as Array<string>)}`)
    return sql.and(parts)
  }

  return Events.EditionRepo.of({
    create: (input) =>
      editions.one(sql`
        insert into events.editions ${sql.insert({
          eventId: input.eventId,
          slug: `${input.eventSlug}-${input.year}`,
          year: input.year,
          name: input.name,
          mode: input.mode,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          registrationOpensAt: input.registrationOpensAt,
          registrationClosesAt: input.registrationClosesAt,
          price: input.price,
          currency: input.currency,
          capacity: input.capacity
        })}
        returning ${cols}`.pipe(onUnique(() => new Events.EditionYearTaken({ eventId: input.eventId, year: input.year })))),
    findById: (id) => editions.maybe(sql`select ${cols} from events.editions where id = ${id}`),
    findBySlug: (slug) => editions.maybe(sql`select ${cols} from events.editions where slug = ${slug}`),
    update: (id, patch) =>
      editions.maybe(sql`
        update events.editions set ${sql.update(patch)}, updated_at = now()
        where id = ${id} and ${patch.capacity === undefined ? sql`true` : sql`registered <= ${patch.capacity}`}
        returning ${cols}`),
    move: (id, move, reason) =>
      Effect.gen(function*() {
        if (move === "unpublish") {
          // Back to draft only while nobody holds a place: the same row the registrations increment.
          const moved = yield* editions.maybe(sql`
            update events.editions set status = 'draft', status_reason = ${reason}, updated_at = now()
            where id = ${id} and status = 'published' and registered = 0 returning ${cols}`)
          if (Option.isSome(moved)) return moved.value
          const current = yield* editions.maybe(sql`select ${cols} from events.editions where id = ${id}`)
          if (Option.isSome(current) && current.value.status === "published") {
            return yield* new Events.EditionHasRegistrations({ editionId: id, registered: current.value.registered })
          }
        }
        return yield* applyMove(sql, {
          moves: Events.EditionMoves,
          move,
          table: "events.editions",
          id,
          set: sql`status_reason = ${reason}, updated_at = now()`,
          returning: cols,
          rows: editions,
          notFound: () => new Events.EditionNotFound({ ref: id })
        })
      }),
    list: (f) =>
      Effect.gen(function*() {
        const where = filterSql(f)
        const data = yield* editions.all(sql`
          select ${cols} from events.editions where ${where} order by starts_at desc, id limit ${f.limit} offset ${f.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from events.editions where ${where}`)
        return { data, total: total.n }
      }),
    stats: Effect.gen(function*() {
      const byStatus = yield* statusCounts.all(sql`
        select status, count(*)::int as count from events.editions group by status order by status`)
      const t = yield* totals.one(sql`
        select count(*) filter (where status = 'confirmed')::int as confirmed,
               count(*) filter (where status = 'pending_payment')::int as pending,
               coalesce(sum(amount) filter (where status = 'confirmed'), 0)::int as revenue
        from events.edition_registrations`)
      return {
        total: byStatus.reduce((n, s) => n + s.count, 0),
        byStatus,
        registrations: { confirmed: t.confirmed, pendingPayment: t.pending },
        revenue: t.revenue
      }
    }),
    register: (input) =>
      inTransaction(Effect.gen(function*() {
        const existing = yield* registrations.maybe(sql`
          select ${regCols} from events.edition_registrations
          where edition_id = ${input.editionId} and user_id = ${input.userId} and status <> 'cancelled'`)
        if (Option.isSome(existing)) return yield* new Events.EditionAlreadyRegistered({ editionId: input.editionId })
        const taken = yield* counts.maybe(sql`
          update events.editions set registered = registered + 1, updated_at = now()
          where id = ${input.editionId} and status = 'published' and registered < capacity
          returning registered as n`)
        if (Option.isNone(taken)) {
          const edition = yield* editions.maybe(sql`select ${cols} from events.editions where id = ${input.editionId}`)
          return yield* (Option.isSome(edition) && edition.value.status !== "published"
            ? new Events.EditionRegistrationClosed({ editionId: input.editionId, reason: `the edition is ${edition.value.status}` })
            : new Events.EditionFull({ editionId: input.editionId }))
        }
        return yield* registrations.one(sql`
          insert into events.edition_registrations ${sql.insert({
            editionId: input.editionId,
            userId: input.userId,
            status: input.confirmed ? "confirmed" : "pending_payment",
            amount: input.amount,
            currency: input.currency,
            confirmedAt: input.confirmed ? input.at : null
          })}
          returning ${regCols}`.pipe(onUnique(() => new Events.EditionAlreadyRegistered({ editionId: input.editionId }))))
      })),
    findRegistration: (id) => registrations.maybe(sql`select ${regCols} from events.edition_registrations where id = ${id}`),
    findLiveRegistration: (editionId, userId) =>
      registrations.maybe(sql`
        select ${regCols} from events.edition_registrations
        where edition_id = ${editionId} and user_id = ${userId} and status <> 'cancelled'`),
    findRegistrationByOrder: (provider, gatewayOrderId) =>
      registrations.maybe(sql`
        select ${regCols} from events.edition_registrations where provider = ${provider} and gateway_order_id = ${gatewayOrderId}`),
    attachOrder: (id, provider, gatewayOrderId) =>
      registrations.one(sql`
        update events.edition_registrations set provider = ${provider}, gateway_order_id = ${gatewayOrderId}, updated_at = now()
        where id = ${id} returning ${regCols}`),
    confirm: (id, paymentId, at) =>
      registrations.maybe(sql`
        update events.edition_registrations set status = 'confirmed', payment_id = ${paymentId}, confirmed_at = ${at}, updated_at = now()
        where id = ${id} and status = 'pending_payment' returning ${regCols}`),
    registrationsOf: (userId, limit, offset) =>
      Effect.gen(function*() {
        const regs = yield* registrations.all(sql`
          select ${regCols} from events.edition_registrations
          where user_id = ${userId} order by created_at desc, id limit ${limit} offset ${offset}`)
        const ids = [...new Set(regs.map((r) => r.editionId))]
        const eds = ids.length === 0 ? [] : yield* editions.all(sql`select ${cols} from events.editions where id in ${sql.in(ids)}`)
        const byId = new Map(eds.map((e) => [e.id, e]))
        const total = yield* counts.one(sql`select count(*)::int as n from events.edition_registrations where user_id = ${userId}`)
        return { data: regs.map((reg) => ({ ...reg, edition: byId.get(reg.editionId)! })), total: total.n }
      })
  })
}))
