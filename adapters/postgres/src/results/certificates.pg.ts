/**
 * Certificates on Postgres (migration 0071). Eligibility is read from the registrations tables in
 * the statement that issues: an ACTIVE participant of a CONFIRMED booking with a live check-in and
 * no certificate yet (`on conflict (participant_id) do nothing`). A publish first moves the
 * event's publication row (a conditional update, which also serialises concurrent publishes).
 * Template versions of an event are written under a per-event advisory lock.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Results } from "@podium/core"
import { Certificate, CertificatesPublicationStatus, CertificateTemplate, Instant, NotIssuedReason } from "@podium/kernel"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const TemplateColumns = ["id", "event_id", "version", "title", "body", "background_url", "is_active", "created_by", "created_at", "deactivated_at"] as const
const CertificateColumns = [
  "id", "event_id", "participant_id", "participation_id", "user_id", "template_id", "template_version", "recipient_name", "status",
  "issued_at", "revoked_at", "revoked_by", "revoke_reason"
] as const

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const IdRow = Schema.Struct({ id: Schema.String })
const StatusRow = Schema.Struct({
  eventId: Schema.String,
  status: CertificatesPublicationStatus,
  publishedAt: Schema.NullOr(Instant),
  changedBy: Schema.NullOr(Schema.String),
  changedAt: Schema.NullOr(Instant),
  templateVersion: Schema.NullOr(Schema.Number),
  issued: Schema.Number,
  revoked: Schema.Number,
  eligible: Schema.Number
})
const NotIssuedRow = Schema.Struct({
  participantId: Schema.String,
  participationId: Schema.String,
  bookingId: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  reason: NotIssuedReason
})
const FoundRow = Schema.Struct({ ...Certificate.fields, published: Schema.Boolean })
const OverviewRow = Schema.Struct({
  eventId: Schema.String,
  title: Schema.String,
  startsAt: Instant,
  status: CertificatesPublicationStatus,
  templateVersion: Schema.NullOr(Schema.Number),
  issued: Schema.Number,
  revoked: Schema.Number
})

export const CertificateRepoPg = Layer.effectContext(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const templates = rowsOf(CertificateTemplate)
  const certificates = rowsOf(Certificate)
  const statuses = rowsOf(StatusRow)
  const notIssuedRows = rowsOf(NotIssuedRow)
  const found = rowsOf(FoundRow)
  const overviewRows = rowsOf(OverviewRow)
  const ids = rowsOf(IdRow)
  const tcols = sql.literal(TemplateColumns.join(", "))
  const ccols = sql.literal(CertificateColumns.join(", "))
  const ccolsOf = sql.literal(CertificateColumns.map((c) => `c.${c}`).join(", "))

  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))

  /** Every participant of the event with the reason it is not eligible (null: eligible). */
  const seats = (eventId: string) =>
    sql`
      select pt.id as participant_id, pt.participation_id, p.user_id, p.booking_id, pt.first_name, pt.last_name,
             case when pt.status = 'CANCELLED' or p.status = 'CANCELLED' then 'cancelled'
                  when p.status <> 'CONFIRMED' then 'booking_not_confirmed'
                  when not exists (select 1 from registrations.check_ins ci where ci.participant_id = pt.id and ci.undone_at is null) then 'not_checked_in'
             end as reason
      from registrations.participants pt join registrations.participations p on p.id = pt.participation_id
      where p.event_id = ${eventId}`

  const activeTemplate = (eventId: string) => templates.maybe(sql`select ${tcols} from results.certificate_templates where event_id = ${eventId} and is_active`)

  const status = (eventId: string) =>
    statuses.one(sql`
      select ${eventId}::uuid as event_id, coalesce(pub.status, 'unpublished') as status, pub.published_at, pub.changed_by, pub.changed_at,
             (select version from results.certificate_templates where event_id = ${eventId} and is_active) as template_version,
             (select count(*)::int from results.certificates where event_id = ${eventId} and status = 'ISSUED') as issued,
             (select count(*)::int from results.certificates where event_id = ${eventId} and status = 'REVOKED') as revoked,
             (select count(*)::int from (${seats(eventId)}) s where s.reason is null) as eligible
      from (select 1) one left join results.certificate_publications pub on pub.id = ${eventId}`)

  const publicationMove = (eventId: string, move: "publish" | "unpublish", by: string, at: Date) =>
    Effect.gen(function*() {
      yield* sql`insert into results.certificate_publications (id) values (${eventId}) on conflict (id) do nothing`
      yield* applyMove(sql, {
        moves: Results.CertificatesPublicationMoves,
        move,
        table: "results.certificate_publications",
        id: eventId,
        set: move === "publish" ? sql`published_at = ${at}, changed_by = ${by}, changed_at = ${at}` : sql`changed_by = ${by}, changed_at = ${at}`,
        returning: sql`id`,
        rows: ids,
        // The row was inserted above in this transaction: it cannot be missing.
        notFound: () => new Error("certificate publication row missing")
      }).pipe(Effect.catchIf((e): e is Error => e instanceof Error, Effect.die))
    })

  const repo: Results.CertificateRepo["Type"] = {
    activeTemplate,
    template: (id) => templates.maybe(sql`select ${tcols} from results.certificate_templates where id = ${id}`),
    createTemplate: (eventId, fields, by) =>
      templates.one(sql`
        insert into results.certificate_templates (event_id, version, title, body, background_url, created_by)
        select ${eventId}, coalesce(max(version), 0) + 1, ${fields.title}, ${fields.body}, ${fields.backgroundUrl}, ${by}
        from results.certificate_templates where event_id = ${eventId}
        returning ${tcols}`.pipe(onUnique(() => new Results.CertificateTemplateExists({ eventId })))),
    newVersion: (eventId, patch, by) =>
      tx(Effect.gen(function*() {
        // Versions of one event are written one at a time: a row lock on the active version would
        // not do, as a waiter would find that row no longer active once the first writer commits.
        yield* sql`select pg_advisory_xact_lock(hashtext(${`results.certificate-template:${eventId}`}))`
        const current = yield* activeTemplate(eventId)
        if (Option.isNone(current)) return yield* new Results.CertificateTemplateNotFound({ eventId })
        const t = current.value
        yield* sql`update results.certificate_templates set is_active = false, deactivated_at = now() where id = ${t.id}`
        return yield* templates.one(sql`
          insert into results.certificate_templates (event_id, version, title, body, background_url, created_by)
          select ${eventId}, max(version) + 1, ${patch.title ?? t.title}, ${patch.body ?? t.body},
                 ${patch.backgroundUrl === undefined ? t.backgroundUrl : patch.backgroundUrl}, ${by}
          from results.certificate_templates where event_id = ${eventId}
          returning ${tcols}`)
      })),
    deactivate: (eventId) =>
      Effect.flatMap(
        templates.maybe(sql`
          update results.certificate_templates set is_active = false, deactivated_at = now()
          where event_id = ${eventId} and is_active returning ${tcols}`),
        Option.match({ onNone: () => Effect.fail(new Results.CertificateTemplateNotFound({ eventId })), onSome: Effect.succeed })
      ),
    status: (eventId) => status(eventId),
    publish: (eventId, template, by, at) =>
      tx(Effect.gen(function*() {
        yield* publicationMove(eventId, "publish", by, at)
        const issued = yield* counts.one(sql`
          with issued as (
            insert into results.certificates (event_id, participant_id, participation_id, user_id, template_id, template_version, recipient_name, issued_at)
            select ${eventId}, s.participant_id, s.participation_id, s.user_id, ${template.id}, ${template.version}, s.first_name || ' ' || s.last_name, ${at}
            from (${seats(eventId)}) s where s.reason is null
            on conflict (participant_id) do nothing
            returning 1
          ) select count(*)::int as n from issued`)
        return issued.n
      })),
    unpublish: (eventId, by, at) => tx(publicationMove(eventId, "unpublish", by, at)),
    issuances: (eventId, filter) =>
      Effect.gen(function*() {
        const where = filter.status === undefined ? sql`event_id = ${eventId}` : sql`event_id = ${eventId} and status = ${filter.status}`
        const total = yield* counts.one(sql`select count(*)::int as n from results.certificates where ${where}`)
        const items = yield* certificates.all(sql`
          select ${ccols} from results.certificates where ${where}
          order by recipient_name, id limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`)
        return { items, total: total.n }
      }),
    byParticipant: (eventId, participantId) =>
      certificates.maybe(sql`select ${ccols} from results.certificates where event_id = ${eventId} and participant_id = ${participantId}`),
    find: (id) =>
      Effect.map(
        found.maybe(sql`
          select ${ccolsOf}, coalesce(pub.status = 'published', false) as published
          from results.certificates c left join results.certificate_publications pub on pub.id = c.event_id where c.id = ${id}`),
        Option.map(({ published, ...certificate }) => ({ certificate, published }))
      ),
    move: (id, move, by, reason, at) =>
      applyMove(sql, {
        moves: Results.CertificateMoves,
        move,
        table: "results.certificates",
        id,
        set: move === "revoke"
          ? sql`revoked_at = ${at}, revoked_by = ${by}, revoke_reason = ${reason}`
          : sql`revoked_at = null, revoked_by = null, revoke_reason = null`,
        returning: ccols,
        rows: certificates,
        // Callers found the certificate first; certificates are never deleted.
        notFound: () => new Error("certificate missing")
      }).pipe(Effect.catchIf((e): e is Error => e instanceof Error, Effect.die)),
    notIssued: (eventId, page, limit) =>
      Effect.gen(function*() {
        const from = sql`(${seats(eventId)}) s where not exists (select 1 from results.certificates c where c.participant_id = s.participant_id)`
        const total = yield* counts.one(sql`select count(*)::int as n from ${from}`)
        const items = yield* notIssuedRows.all(sql`
          select s.participant_id, s.participation_id, s.booking_id, s.first_name, s.last_name, coalesce(s.reason, 'not_published') as reason
          from ${from} order by s.last_name, s.participant_id limit ${limit} offset ${(page - 1) * limit}`)
        return { items, total: total.n }
      }),
    mine: (userId, eventId) =>
      certificates.all(sql`
        select ${ccolsOf} from results.certificates c join results.certificate_publications pub on pub.id = c.event_id
        where c.user_id = ${userId} and c.status = 'ISSUED' and pub.status = 'published'
          ${eventId === undefined ? sql`` : sql`and c.event_id = ${eventId}`}
        order by c.issued_at desc, c.id`),
    overview: (organizerId, page, limit) =>
      Effect.gen(function*() {
        const total = yield* counts.one(sql`select count(*)::int as n from events.events where organizer_id = ${organizerId} and deleted_at is null`)
        const items = yield* overviewRows.all(sql`
          select e.id as event_id, e.title, e.starts_at, coalesce(pub.status, 'unpublished') as status,
                 (select version from results.certificate_templates t where t.event_id = e.id and t.is_active) as template_version,
                 (select count(*)::int from results.certificates c where c.event_id = e.id and c.status = 'ISSUED') as issued,
                 (select count(*)::int from results.certificates c where c.event_id = e.id and c.status = 'REVOKED') as revoked
          from events.events e left join results.certificate_publications pub on pub.id = e.id
          where e.organizer_id = ${organizerId} and e.deleted_at is null
          order by e.starts_at desc, e.id limit ${limit} offset ${(page - 1) * limit}`)
        return { items, total: total.n }
      })
  }
  return Context.make(Results.CertificateRepo, repo)
}))
