/**
 * Club event attachments and club reports on Postgres (clubs.event_attachments, clubs.reports;
 * migration 0330). A request locks the club's row, so the open-attachment cap is counted with no
 * race; moves are conditional updates (`applyMove`), so of two concurrent moves one wins.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { ClubEventAttachment, ClubReport } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EventIdRow = rowsOf(Schema.Struct({ eventId: Schema.String }))

export const ClubEventAttachmentRepoPg = Layer.effect(Clubs.ClubEventAttachmentRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = rowsOf(ClubEventAttachment)
  const open = Clubs.OpenAttachmentStatuses as ReadonlyArray<string>
  const findOpen = (clubId: string, eventId: string) =>
    rows.maybe(sql`select * from clubs.event_attachments where club_id = ${clubId} and event_id = ${eventId} and status in ${sql.in([...open])}`)
  return Clubs.ClubEventAttachmentRepo.of({
    request: (input, maxOpen) =>
      sql.withTransaction(Effect.gen(function*() {
        // The club's row lock orders every request of the club: the cap's count and the insert see one state.
        yield* sql`select id from clubs.clubs where id = ${input.clubId} for update`
        const existing = yield* findOpen(input.clubId, input.eventId)
        if (Option.isSome(existing)) return { attachment: existing.value, requested: false }
        const n = (yield* counts.one(sql`select count(*)::int as n from clubs.event_attachments where club_id = ${input.clubId} and status in ${sql.in([...open])}`)).n
        if (n >= maxOpen) return yield* new Clubs.ClubEventAttachmentLimitReached({ limit: maxOpen })
        const made = yield* rows.maybe(sql`
          insert into clubs.event_attachments (club_id, event_id, organizer_id, requested_by)
          values (${input.clubId}, ${input.eventId}, ${input.organizerId}, ${input.requestedBy})
          on conflict (club_id, event_id) do update
            set status = 'REQUESTED', requested_by = excluded.requested_by, requested_at = now(), decided_by = null, decided_at = null,
                rejection_reason = null, detached_by = null, detached_at = null, updated_at = now()
            where clubs.event_attachments.status in ${sql.in([...Clubs.ClubEventAttachmentMoves.table.request.from])}
          returning *`)
        if (Option.isSome(made)) return { attachment: made.value, requested: true }
        return { attachment: Option.getOrThrow(yield* findOpen(input.clubId, input.eventId)), requested: false }
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    findById: (id) => (Uuid.test(id) ? rows.maybe(sql`select * from clubs.event_attachments where id = ${id}`) : Effect.succeed(Option.none())),
    list: (filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          filter.clubId === undefined ? sql`true` : sql`club_id = ${filter.clubId}`,
          filter.eventId === undefined ? sql`true` : sql`event_id = ${filter.eventId}`,
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`
        ])
        const items = yield* rows.all(sql`
          select * from clubs.event_attachments where ${where} order by requested_at desc, id desc limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.event_attachments where ${where}`)).n
        return { items, total }
      }),
    openEventIds: (clubId) =>
      Effect.map(
        EventIdRow.all(sql`select event_id from clubs.event_attachments where club_id = ${clubId} and status in ${sql.in([...open])}`),
        (found) => found.map((r) => r.eventId)
      ),
    move: (id, move, fields) =>
      applyMove(sql, {
        moves: Clubs.ClubEventAttachmentMoves,
        move,
        table: "clubs.event_attachments",
        id,
        set: move === "detach"
          ? sql`detached_by = ${fields.by}, detached_at = now(), updated_at = now()`
          : sql`decided_by = ${fields.by}, decided_at = now(), rejection_reason = ${move === "reject" ? fields.reason ?? null : null}, updated_at = now()`,
        returning: sql`*`,
        rows,
        notFound: () => new Clubs.ClubEventAttachmentNotFound({ attachmentId: id })
      })
  })
}))

export const ClubReportRepoPg = Layer.effect(Clubs.ClubReportRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = rowsOf(ClubReport)
  return Clubs.ClubReportRepo.of({
    create: (input) =>
      rows.maybe(sql`
        insert into clubs.reports ${sql.insert({ ...input })}
        on conflict (club_id, reporter_id) where status = 'OPEN' do nothing
        returning *`).pipe(
        Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => Effect.fail(new Clubs.ClubReportAlreadyOpen({ clubId: input.clubId })) }))
      ),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`club_id = ${clubId}`,
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`,
          filter.category === undefined ? sql`true` : sql`category = ${filter.category}`
        ])
        const items = yield* rows.all(sql`select * from clubs.reports where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.reports where ${where}`)).n
        return { items, total }
      })
  })
}))

export const ClubAttachmentReposPg = Layer.mergeAll(ClubEventAttachmentRepoPg, ClubReportRepoPg)
