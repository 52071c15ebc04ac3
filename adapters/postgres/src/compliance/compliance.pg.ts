/**
 * The compliance repositories on Postgres (compliance.consents, consent_events, erasure_requests,
 * account_merges). Race safety: the partial unique index keeps one REQUESTED erasure per user;
 * state changes are conditional updates; the tick locks due rows `for update skip locked`; merge
 * proposals serialize per user on transaction advisory locks.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Compliance } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { ids, onUnique, rowsOf } from "../rows.pg.js"
import { PersonalDataSectionsPg } from "./personal-data.pg.js"

const Inserted = Schema.Struct({ inserted: Schema.Boolean })

export const ConsentRepoPg = Layer.effect(Compliance.ConsentRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const states = rowsOf(Compliance.ConsentState)
  const events = rowsOf(Compliance.ConsentEvent)
  const inserted = rowsOf(Inserted)
  return Compliance.ConsentRepo.of({
    list: (userId) => states.all(sql`select purpose, granted, updated_at from compliance.consents where user_id = ${userId}`),
    apply: (userId, changes, source) =>
      sql.withTransaction(Effect.forEach(changes, (change) =>
        Effect.gen(function*() {
          // Insert or change only when different; the returned row means the state changed.
          // A purpose never set counts as withdrawn: withdrawing it stores the state but writes no history.
          const changed = yield* inserted.all(sql`
            insert into compliance.consents (user_id, purpose, granted) values (${userId}, ${change.purpose}, ${change.granted})
            on conflict (user_id, purpose) do update set granted = excluded.granted, updated_at = now()
              where compliance.consents.granted is distinct from excluded.granted
            returning (xmax = 0) as inserted`)
          if (changed.length === 0 || (changed[0]!.inserted && !change.granted)) return []
          return yield* events.all(sql`
            insert into compliance.consent_events (user_id, purpose, granted, source)
            values (${userId}, ${change.purpose}, ${change.granted}, ${source})
            returning id, user_id, purpose, granted, source, created_at`)
        }))).pipe(Effect.map((rows) => rows.flat()), Effect.orDie),
    history: (userId, purpose) =>
      events.all(sql`
        select id, user_id, purpose, granted, source, created_at from compliance.consent_events
        where user_id = ${userId} ${Option.isSome(purpose) ? sql`and purpose = ${purpose.value}` : sql``}
        order by seq desc`)
  })
}))

export const ErasureRepoPg = Layer.effect(Compliance.ErasureRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const erasures = rowsOf(Compliance.ErasureRequest)
  // The retention date is a calendar date: read as its text, never through a time zone.
  const cols = sql`id, user_id, status, reason, requested_at, cool_off_until, cancelled_at, confirmed_at, hard_deleted_at,
    hold_reason, hold_statute, to_char(hold_retain_until, 'YYYY-MM-DD') as hold_retain_until, held_by, held_at`
  const byId = (id: string) => erasures.maybe(sql`select ${cols} from compliance.erasure_requests where id = ${id}`)
  const notFoundOr = (id: string, detail: (r: Compliance.ErasureRequest) => string) =>
    Effect.flatMap(byId(id), (found): Effect.Effect<never, Compliance.ErasureRequestNotFound | Compliance.ErasureNotPending> =>
      Option.isNone(found)
        ? Effect.fail(new Compliance.ErasureRequestNotFound({ id }))
        : Effect.fail(new Compliance.ErasureNotPending({ id, status: found.value.status, detail: detail(found.value) })))
  return Compliance.ErasureRepo.of({
    atomically: (effect) => sql.withTransaction(effect).pipe(Effect.catchTag("SqlError", Effect.die)) as never,
    create: (input) =>
      Effect.gen(function*() {
        const open = yield* ids.maybe(sql`
          select id from compliance.erasure_requests where user_id = ${input.userId} and status = 'REQUESTED'`)
        if (Option.isSome(open)) return yield* new Compliance.ErasureAlreadyRequested({ id: open.value.id })
        // A concurrent create loses on the partial unique index.
        return yield* erasures.one(sql`
          insert into compliance.erasure_requests (user_id, reason, cool_off_until)
          values (${input.userId}, ${input.reason}, ${input.coolOffUntil})
          returning ${cols}`.pipe(onUnique(() => new Compliance.ErasureAlreadyRequested({ id: "concurrent" }))))
      }),
    findById: byId,
    findActive: (userId) =>
      erasures.maybe(sql`
        select ${cols} from compliance.erasure_requests where user_id = ${userId} and status in ('REQUESTED', 'REJECTED')
        order by requested_at desc limit 1`),
    list: (status) =>
      erasures.all(sql`
        select ${cols} from compliance.erasure_requests
        ${Option.isSome(status) ? sql`where status = ${status.value}` : sql``}
        order by requested_at desc limit 500`),
    cancel: (id, userId, now) =>
      erasures.maybe(sql`
        update compliance.erasure_requests set status = 'CANCELLED', cancelled_at = ${now}
        where id = ${id} and user_id = ${userId} and status = 'REQUESTED' and cool_off_until > ${now}
        returning ${cols}`).pipe(
        Effect.flatMap(Option.match({
          onSome: Effect.succeed,
          onNone: () =>
            Effect.flatMap(byId(id), (found): Effect.Effect<never, Compliance.ErasureRequestNotFound | Compliance.ErasureNotPending> =>
              Option.isNone(found) || found.value.userId !== userId
                ? Effect.fail(new Compliance.ErasureRequestNotFound({ id }))
                : Effect.fail(new Compliance.ErasureNotPending({
                  id,
                  status: found.value.status,
                  detail: found.value.status === "REQUESTED" ? "The cool-off period has ended; the request can no longer be cancelled" : `The request is ${found.value.status}; only a request in cool-off can be cancelled`
                }))
            )
        }))
      ),
    reject: (id, hold) =>
      erasures.maybe(sql`
        update compliance.erasure_requests set status = 'REJECTED', hold_reason = ${hold.reason}, hold_statute = ${hold.statute},
          hold_retain_until = ${hold.retainUntil}::date, held_by = ${hold.adminId}, held_at = now()
        where id = ${id} and status = 'REQUESTED'
        returning ${cols}`).pipe(
        Effect.flatMap(Option.match({
          onSome: Effect.succeed,
          onNone: () => notFoundOr(id, (r) => `The request is ${r.status}; only a pending (REQUESTED) request can be put on legal hold`)
        }))
      ),
    confirmDue: (now, hardDelete) =>
      sql.withTransaction(Effect.gen(function*() {
        const due = yield* dueRows.all(sql`
          select id, user_id from compliance.erasure_requests
          where status = 'REQUESTED' and cool_off_until <= ${now}
          order by cool_off_until limit 100
          for update skip locked`)
        const confirmed: Array<Compliance.ErasureRequest> = []
        for (const row of due) {
          yield* hardDelete(row.userId)
          const updated = yield* erasures.maybe(sql`
            update compliance.erasure_requests set status = 'CONFIRMED', confirmed_at = ${now}, hard_deleted_at = ${now}
            where id = ${row.id} and status = 'REQUESTED'
            returning ${cols}`)
          if (Option.isSome(updated)) confirmed.push(updated.value)
        }
        return confirmed
      })).pipe(Effect.orDie)
  })
}))

const DueRow = Schema.Struct({ id: Schema.String, userId: Schema.String })
const dueRows = rowsOf(DueRow)

/** What a merge would move, counted per kind of record. */
const MergeCounts = Schema.Struct({
  memberships: Schema.Number,
  follows: Schema.Number,
  followConflicts: Schema.Number,
  linkedIdentities: Schema.Number,
  consents: Schema.Number,
  notificationLogs: Schema.Number
})
const mergeCounts = rowsOf(MergeCounts)

/** The contact details a merge carries over to the target when it has none. */
const ContactRow = Schema.Struct({
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String)
})
const contacts = rowsOf(ContactRow)

export const AccountMergeRepoPg = Layer.effect(Compliance.AccountMergeRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const merges = rowsOf(Compliance.AccountMerge)
  const cols = sql`id, source_user_id, target_user_id, reason, status, proposed_by, created_at, updated_at, cancelled_at, executed_at, result`
  const byId = (id: string) => merges.maybe(sql`select ${cols} from compliance.account_merges where id = ${id}`)
  const counts = (source: string, target: string) =>
    mergeCounts.one(sql`
      select
        (select count(*)::int from organizers.members where user_id = ${source}) as memberships,
        (select count(*)::int from organizers.follows f where f.user_id = ${source}
           and not exists (select 1 from organizers.follows t where t.user_id = ${target} and t.organizer_id = f.organizer_id)) as follows,
        (select count(*)::int from organizers.follows f where f.user_id = ${source}
           and exists (select 1 from organizers.follows t where t.user_id = ${target} and t.organizer_id = f.organizer_id)) as follow_conflicts,
        (select count(*)::int from identity.linked_identities where account_kind = 'user' and account_id = ${source}) as linked_identities,
        (select count(*)::int from compliance.consent_events where user_id = ${source}) as consents,
        (select count(*)::int from notifications.logs where user_id = ${source}) as notification_logs`)
  const previewOf = (sourceUserId: string, targetUserId: string) =>
    Effect.map(counts(sourceUserId, targetUserId), (c): Compliance.MergePreview => ({
      sourceUserId,
      targetUserId,
      moves: { organizerMemberships: c.memberships, follows: c.follows, linkedIdentities: c.linkedIdentities, consentHistory: c.consents, notificationLogs: c.notificationLogs },
      conflicts: c.followConflicts > 0 ? [`${c.followConflicts} organizer follow(s) exist on both accounts and are kept once`] : []
    }))
  const notProposed = (id: string) =>
    Effect.flatMap(byId(id), (found): Effect.Effect<never, Compliance.AccountMergeNotFound | Compliance.AccountMergeNotProposed> =>
      Option.isNone(found)
        ? Effect.fail(new Compliance.AccountMergeNotFound({ id }))
        : Effect.fail(new Compliance.AccountMergeNotProposed({ id, status: found.value.status })))
  return Compliance.AccountMergeRepo.of({
    userExists: (userId) =>
      ids.all(sql`select id from accounts.users where id = ${userId}`).pipe(Effect.map((rows) => rows.length > 0)),
    propose: (input) =>
      sql.withTransaction(Effect.gen(function*() {
        for (const id of [input.sourceUserId, input.targetUserId].sort()) {
          yield* sql`select pg_advisory_xact_lock(hashtext(${`compliance.merge:${id}`}))`
        }
        const open = yield* ids.maybe(sql`
          select id from compliance.account_merges where status = 'PROPOSED'
          and (source_user_id in (${input.sourceUserId}, ${input.targetUserId}) or target_user_id in (${input.sourceUserId}, ${input.targetUserId}))
          limit 1`)
        if (Option.isSome(open)) {
          return yield* Effect.fail(new Compliance.AccountMergeConflict({ detail: `One of the users already has an open merge proposal (${open.value.id})` }))
        }
        return yield* merges.one(sql`
          insert into compliance.account_merges (source_user_id, target_user_id, reason, proposed_by)
          values (${input.sourceUserId}, ${input.targetUserId}, ${input.reason}, ${input.proposedBy})
          returning ${cols}`)
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    preview: previewOf,
    findById: byId,
    list: (status) =>
      merges.all(sql`
        select ${cols} from compliance.account_merges ${Option.isSome(status) ? sql`where status = ${status.value}` : sql``}
        order by created_at desc limit 500`),
    cancel: (id) =>
      merges.maybe(sql`
        update compliance.account_merges set status = 'CANCELLED', cancelled_at = now(), updated_at = now()
        where id = ${id} and status = 'PROPOSED' returning ${cols}`).pipe(
        Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => notProposed(id) }))
      ),
    execute: (id) =>
      sql.withTransaction(Effect.gen(function*() {
        const locked = yield* merges.maybe(sql`select ${cols} from compliance.account_merges where id = ${id} and status = 'PROPOSED' for update`)
        if (Option.isNone(locked)) return Option.none<Compliance.AccountMerge>()
        const merge = locked.value
        const source = merge.sourceUserId
        const target = merge.targetUserId
        const preview = yield* previewOf(source, target)
        yield* sql`update organizers.members set user_id = ${target}, updated_at = now() where user_id = ${source}`
        yield* sql`
          insert into organizers.follows (organizer_id, user_id, created_at)
          select organizer_id, ${target}, created_at from organizers.follows where user_id = ${source}
          on conflict do nothing`
        yield* sql`update identity.linked_identities set account_id = ${target} where account_kind = 'user' and account_id = ${source}`
        yield* sql`update compliance.consent_events set user_id = ${target} where user_id = ${source}`
        yield* sql`delete from compliance.consents where user_id = ${source}`
        yield* sql`update notifications.logs set user_id = ${target} where user_id = ${source}`
        // The target keeps its own contact details; missing ones are taken from the source.
        const sourceUser = Option.getOrUndefined(yield* contacts.maybe(sql`
          select phone_number, email, first_name, last_name from accounts.users where id = ${source}`))
        yield* sql`delete from accounts.users where id = ${source}`
        if (sourceUser !== undefined) {
          yield* sql`
            update accounts.users set
              phone_number = coalesce(phone_number, ${sourceUser.phoneNumber}),
              email = coalesce(email, ${sourceUser.email}),
              first_name = coalesce(first_name, ${sourceUser.firstName}),
              last_name = coalesce(last_name, ${sourceUser.lastName}),
              updated_at = now()
            where id = ${target}`
        }
        return Option.some(yield* merges.one(sql`
          update compliance.account_merges set status = 'EXECUTED', executed_at = now(), updated_at = now(), result = ${JSON.stringify(preview.moves)}::jsonb
          where id = ${id} returning ${cols}`))
      })).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({ onNone: () => notProposed(id), onSome: Effect.succeed }))
      )
  })
}))

/** Every compliance repository plus the personal-data sections, on the host's database. */
export const CompliancePg = Layer.mergeAll(ConsentRepoPg, ErasureRepoPg, AccountMergeRepoPg, PersonalDataSectionsPg)
