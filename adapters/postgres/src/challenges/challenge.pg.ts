/**
 * Challenges, participations and templates on Postgres (challenges.challenges, .participations,
 * .templates; migration 0040). Moves are `applyMove` (one conditional update); a join grows the
 * challenge's joined count only while below its cap, so the row's lock serialises concurrent joins
 * and the count can never pass the cap (a check constraint says so too).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { Challenge, ChallengeParticipation, ChallengeTemplate } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const like = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`
const textArray = (values: ReadonlyArray<string>) => JSON.stringify(values)

const StatusCount = Schema.Struct({ status: Schema.String, n: Schema.Number })
const statusCounts = rowsOf(StatusCount)
const Gate = Schema.Struct({
  status: Schema.String,
  endsAt: Schema.DateFromSelf,
  maxParticipants: Schema.NullOr(Schema.Number),
  participantCount: Schema.Number,
  entryFee: Schema.Number,
  currency: Schema.String
})
const gates = rowsOf(Gate)
const ChallengePageRow = Schema.Struct({ ...Challenge.fields, total: Schema.Number })
const ParticipationPageRow = Schema.Struct({ ...ChallengeParticipation.fields, total: Schema.Number })

const toRecord = (rows: ReadonlyArray<typeof StatusCount.Type>) => Object.fromEntries(rows.map((r) => [r.status, r.n]))

export const ChallengeRepoPg = Layer.effect(Challenges.ChallengeRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const challenges = rowsOf(Challenge)
  const page = rowsOf(ChallengePageRow)
  const slugTaken = (slug: string) => onUnique(() => new Challenges.ChallengeSlugTaken({ slug }))
  const byId = (id: string) => Uuid.test(id) ? challenges.maybe(sql`select * from challenges.challenges where id = ${id}`) : Effect.succeed(Option.none())
  const notFound = (id: string) => new Challenges.ChallengeNotFound({ ref: id })
  /** Why a conditional write matched nothing: no such challenge, or what `why` says of it. */
  const explain = <E>(id: string, why: (c: Challenge) => E): Effect.Effect<never, Challenges.ChallengeNotFound | E> =>
    Effect.flatMap(byId(id), (found): Effect.Effect<never, Challenges.ChallengeNotFound | E> => Option.isNone(found) ? Effect.fail(notFound(id)) : Effect.fail(why(found.value)))

  return Challenges.ChallengeRepo.of({
    create: (input) =>
      challenges.one(slugTaken(input.slug)(sql`
        insert into challenges.challenges (slug, creator_type, creator_id, title, description, activity_type, goal_type, goal_value,
          starts_at, ends_at, time_zone, max_participants, entry_fee, currency, charity_id, tags, cover_image_url, is_featured, created_by)
        values (${input.slug}, ${input.creatorType}, ${input.creatorId}, ${input.title}, ${input.description}, ${input.activityType},
          ${input.goalType}, ${input.goalValue}, ${input.startsAt}, ${input.endsAt}, ${input.timeZone}, ${input.maxParticipants},
          ${input.entryFee}, ${input.currency}, ${input.charityId},
          array(select jsonb_array_elements_text(${textArray(input.tags)}::jsonb)), ${input.coverImageUrl}, ${input.isFeatured}, ${input.createdBy})
        returning *`)),
    findById: byId,
    findByRef: (ref) =>
      Uuid.test(ref) ? byId(ref) : challenges.maybe(sql`select * from challenges.challenges where slug = ${ref.toLowerCase()}`),
    findByIds: (ids) => {
      const valid = ids.filter((id) => Uuid.test(id))
      return valid.length === 0 ? Effect.succeed([]) : challenges.all(sql`select * from challenges.challenges where id in ${sql.in(valid)}`)
    },
    update: (id, s) =>
      challenges.maybe(slugTaken(s.slug)(sql`
        update challenges.challenges set slug = ${s.slug}, title = ${s.title}, description = ${s.description},
          activity_type = ${s.activityType}, goal_type = ${s.goalType}, goal_value = ${s.goalValue}, starts_at = ${s.startsAt},
          ends_at = ${s.endsAt}, time_zone = ${s.timeZone}, max_participants = ${s.maxParticipants}, entry_fee = ${s.entryFee}, charity_id = ${s.charityId},
          tags = array(select jsonb_array_elements_text(${textArray(s.tags)}::jsonb)), cover_image_url = ${s.coverImageUrl},
          is_featured = ${s.isFeatured}, updated_at = now()
        where id = ${id} and status in ${sql.in([...Challenges.EditableStatuses])}
          and (${s.maxParticipants}::int is null or participant_count <= ${s.maxParticipants}::int)
        returning *`)).pipe(
        Effect.flatMap(Option.match({
          onSome: Effect.succeed,
          onNone: () =>
            explain(id, (c): Challenges.ChallengeCapBelowParticipants | Challenges.ChallengeNotEditable =>
              Challenges.EditableStatuses.includes(c.status)
                ? new Challenges.ChallengeCapBelowParticipants({ maxParticipants: s.maxParticipants ?? 0, participantCount: c.participantCount })
                : new Challenges.ChallengeNotEditable({ status: c.status }))
        }))
      ),
    setTags: (id, tags) =>
      challenges.maybe(sql`
        update challenges.challenges set tags = array(select jsonb_array_elements_text(${textArray(tags)}::jsonb)), updated_at = now()
        where id = ${id} and status in ${sql.in([...Challenges.EditableStatuses])} returning *`).pipe(
        Effect.flatMap(Option.match({
          onSome: Effect.succeed,
          onNone: () => explain(id, (c) => new Challenges.ChallengeNotEditable({ status: c.status }))
        }))
      ),
    move: (id, move, facts) =>
      applyMove(sql, {
        moves: Challenges.ChallengeMoves,
        move,
        table: "challenges.challenges",
        id,
        set: sql`updated_at = now()
          ${facts.statusReason === undefined ? sql`` : sql`, status_reason = ${facts.statusReason}`}
          ${facts.reviewedBy === undefined ? sql`` : sql`, reviewed_by = ${facts.reviewedBy}`}
          ${facts.reviewedAt === undefined ? sql`` : sql`, reviewed_at = ${facts.reviewedAt}`}
          ${facts.endsAt === undefined ? sql`` : sql`, ends_at = ${facts.endsAt}`}`,
        returning: sql`*`,
        rows: challenges,
        notFound: () => notFound(id)
      }),
    remove: (id) =>
      counts.one(sql`
        with gone as (delete from challenges.challenges where id = ${id} and status in ${sql.in([...Challenges.DeletableStatuses])} returning 1)
        select count(*)::int as n from gone`).pipe(
        Effect.flatMap(({ n }) =>
          n > 0 ? Effect.void : explain(id, (c) => new Challenges.ChallengeNotDeletable({ status: c.status })))
      ),
    list: (f, p) =>
      Effect.gen(function*() {
        const where = sql.and([
          f.creatorType === undefined ? sql`true` : sql`creator_type = ${f.creatorType}`,
          f.creatorId === undefined ? sql`true` : sql`creator_id = ${f.creatorId}`,
          f.statuses === undefined ? sql`true` : sql`status in ${sql.in([...f.statuses])}`,
          f.tag === undefined ? sql`true` : sql`${f.tag} = any(tags)`,
          f.activityType === undefined ? sql`true` : sql`activity_type = ${f.activityType}`,
          f.q === undefined ? sql`true` : sql`title ilike ${like(f.q)}`,
          f.featured === true ? sql`is_featured and ends_at > ${f.now}` : sql`true`,
          f.phase === "upcoming" ? sql`starts_at > ${f.now}` : f.phase === "ongoing" ? sql`starts_at <= ${f.now} and ends_at > ${f.now}` : f.phase === "past" ? sql`ends_at <= ${f.now}` : sql`true`,
          f.joinable === true ? sql`ends_at > ${f.now} and (max_participants is null or participant_count < max_participants)` : sql`true`
        ])
        const order = f.sort === "startsAt" ? sql`starts_at asc, id` : f.sort === "popular" ? sql`participant_count desc, starts_at asc, id` : sql`created_at desc, id`
        const rows = yield* page.all(sql`
          select *, count(*) over ()::int as total from challenges.challenges where ${where}
          order by ${order} limit ${p.limit} offset ${(p.page - 1) * p.limit}`)
        const total = rows[0]?.total ?? (yield* counts.one(sql`select count(*)::int as n from challenges.challenges where ${where}`)).n
        return { items: rows.map(({ total: _, ...c }) => c), total }
      }),
    closeEnded: (now) =>
      challenges.all(sql`
        update challenges.challenges set status = 'CLOSED', status_reason = 'end date reached', updated_at = now()
        where status in ${sql.in([...Challenges.ChallengeMoves.table.close.from])} and ends_at <= ${now} returning *`),
    countByStatus: () => statusCounts.all(sql`select status, count(*)::int as n from challenges.challenges group by status`).pipe(Effect.map(toRecord))
  })
}))

export const ParticipationRepoPg = Layer.effect(Challenges.ParticipationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const participations = rowsOf(ChallengeParticipation)
  const page = rowsOf(ParticipationPageRow)
  const byId = (id: string) =>
    Uuid.test(id) ? participations.maybe(sql`select * from challenges.participations where id = ${id}`) : Effect.succeed(Option.none())
  const filterOf = (f: Challenges.ParticipationFilter) =>
    sql.and([
      f.challengeId === undefined ? sql`true` : Uuid.test(f.challengeId) ? sql`challenge_id = ${f.challengeId}` : sql`false`,
      f.userId === undefined ? sql`true` : sql`user_id = ${f.userId}`,
      f.status === undefined ? sql`true` : sql`status = ${f.status}`
    ])
  const recount = (challengeId: string) =>
    sql`update challenges.challenges set participant_count =
          (select count(*) from challenges.participations where challenge_id = ${challengeId} and status = 'JOINED')
        where id = ${challengeId}`

  const lockGate = (challengeId: string) =>
    gates.maybe(sql`
      select status, ends_at, max_participants, participant_count, entry_fee, currency
      from challenges.challenges where id = ${challengeId} for update`)
  /** Whether the cap leaves a place for `userId`: the joined athletes and every other live hold count. */
  const hasRoom = (challengeId: string, g: typeof Gate.Type, userId: string, now: Date) =>
    g.maxParticipants === null
      ? Effect.succeed(true)
      : Effect.map(
        counts.one(sql`
          select count(*)::int as n from challenges.participations
          where challenge_id = ${challengeId} and status = 'PENDING_PAYMENT' and hold_expires_at > ${now} and user_id <> ${userId}`),
        (held) => g.participantCount + held.n < g.maxParticipants!
      )

  return Challenges.ParticipationRepo.of({
    join: (challengeId, userId, now, holdUntil) =>
      Effect.gen(function*() {
        // The challenge row first: every join of this challenge waits here for the one before it.
        const gate = yield* lockGate(challengeId)
        if (Option.isNone(gate)) return yield* new Challenges.ChallengeNotFound({ ref: challengeId })
        const g = gate.value
        const existing = yield* participations.maybe(sql`
          select * from challenges.participations where challenge_id = ${challengeId} and user_id = ${userId} for update`)
        if (Option.isSome(existing) && existing.value.status === "JOINED") return yield* new Challenges.AlreadyJoined({ challengeId })
        if (Option.isSome(existing) && existing.value.status === "REVOKED") return yield* new Challenges.ParticipationRevoked({ challengeId })
        if (g.status !== "ACTIVE") return yield* new Challenges.ChallengeNotJoinable({ status: g.status })
        if (g.endsAt.getTime() <= now.getTime()) return yield* new Challenges.ChallengeNotJoinable({ status: "ENDED" })
        if (!(yield* hasRoom(challengeId, g, userId, now))) return yield* new Challenges.ChallengeFull({ id: challengeId })
        // Free, or paid before and left: joined at once. Otherwise the place is held until paid.
        const paidBefore = Option.isSome(existing) && existing.value.paidAt !== null
        if (g.entryFee === 0 || paidBefore) {
          yield* sql`update challenges.challenges set participant_count = participant_count + 1 where id = ${challengeId}`
          return yield* participations.one(sql`
            insert into challenges.participations (challenge_id, user_id, entry_fee, currency) values (${challengeId}, ${userId}, ${g.entryFee}, ${g.currency})
            on conflict (challenge_id, user_id) do update set status = 'JOINED', joined_at = now(), left_at = null, hold_expires_at = null, updated_at = now()
            returning *`)
        }
        return yield* participations.one(sql`
          insert into challenges.participations (challenge_id, user_id, status, entry_fee, currency, hold_expires_at)
          values (${challengeId}, ${userId}, 'PENDING_PAYMENT', ${g.entryFee}, ${g.currency}, ${holdUntil})
          on conflict (challenge_id, user_id) do update set status = 'PENDING_PAYMENT', entry_fee = excluded.entry_fee,
            currency = excluded.currency, hold_expires_at = excluded.hold_expires_at, payment_order_id = null,
            joined_at = now(), left_at = null, updated_at = now()
          returning *`)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", (e) => Effect.die(e))),
    attachOrder: (id, orderId) =>
      participations.maybe(sql`
        update challenges.participations set payment_order_id = ${orderId}, updated_at = now()
        where id = ${id} and status = 'PENDING_PAYMENT' returning *`).pipe(
        Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => Effect.fail(new Challenges.ParticipationNotFound({ ref: id })) }))
      ),
    releaseHold: (id) =>
      sql`update challenges.participations set hold_expires_at = now(), updated_at = now() where id = ${id} and status = 'PENDING_PAYMENT'`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    confirmPayment: (id, paymentId, at) =>
      Effect.gen(function*() {
        const current = yield* byId(id)
        if (Option.isNone(current) || current.value.status !== "PENDING_PAYMENT") return Option.none()
        const p = current.value
        // The challenge row first, in the order joins take the locks.
        const gate = yield* lockGate(p.challengeId)
        const held = p.holdExpiresAt !== null && p.holdExpiresAt.getTime() > at.getTime()
        if (Option.isSome(gate) && !held && !(yield* hasRoom(p.challengeId, gate.value, p.userId, at))) {
          return yield* new Challenges.ChallengeFull({ id: p.challengeId })
        }
        const confirmed = yield* participations.maybe(sql`
          update challenges.participations set status = 'JOINED', payment_id = ${paymentId}, paid_at = ${at},
            hold_expires_at = null, joined_at = ${at}, updated_at = now()
          where id = ${id} and status in ${sql.in([...Challenges.ParticipationMoves.table.confirm.from])} returning *`)
        if (Option.isSome(confirmed)) yield* recount(p.challengeId)
        return confirmed
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", (e) => Effect.die(e))),
    findByOrder: (orderId) => participations.maybe(sql`select * from challenges.participations where payment_order_id = ${orderId}`),
    leave: (challengeId, userId) =>
      Effect.gen(function*() {
        const gate = yield* lockGate(challengeId)
        if (Option.isNone(gate)) return yield* new Challenges.ChallengeNotFound({ ref: challengeId })
        if (gate.value.status !== "ACTIVE" && gate.value.status !== "PAUSED") return yield* new Challenges.ChallengeNotJoinable({ status: gate.value.status })
        const existing = yield* participations.maybe(sql`
          select * from challenges.participations where challenge_id = ${challengeId} and user_id = ${userId}`)
        if (Option.isNone(existing)) return yield* new Challenges.ParticipationNotFound({ ref: challengeId })
        const left = yield* applyMove(sql, {
          moves: Challenges.ParticipationMoves,
          move: "leave",
          table: "challenges.participations",
          id: existing.value.id,
          set: sql`left_at = now(), hold_expires_at = null, updated_at = now()`,
          returning: sql`*`,
          rows: participations,
          notFound: () => new Challenges.ParticipationNotFound({ ref: challengeId })
        })
        yield* recount(challengeId)
        return left
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", (e) => Effect.die(e))),
    revoke: (id, reason) =>
      Effect.gen(function*() {
        const current = yield* byId(id)
        if (Option.isNone(current)) return yield* new Challenges.ParticipationNotFound({ ref: id })
        // The challenge row first, in the order joins take the locks.
        yield* sql`select id from challenges.challenges where id = ${current.value.challengeId} for update`
        const revoked = yield* applyMove(sql, {
          moves: Challenges.ParticipationMoves,
          move: "revoke",
          table: "challenges.participations",
          id,
          set: sql`revoked_at = now(), revoked_reason = ${reason}, updated_at = now()`,
          returning: sql`*`,
          rows: participations,
          notFound: () => new Challenges.ParticipationNotFound({ ref: id })
        })
        yield* recount(revoked.challengeId)
        return revoked
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", (e) => Effect.die(e))),
    setLeaderboardVisible: (challengeId, userId, visible) =>
      (Uuid.test(challengeId)
        ? participations.maybe(sql`
            update challenges.participations set leaderboard_visible = ${visible}, updated_at = now()
            where challenge_id = ${challengeId} and user_id = ${userId} returning *`)
        : Effect.succeed(Option.none())).pipe(
          Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => Effect.fail(new Challenges.ParticipationNotFound({ ref: challengeId })) }))
        ),
    find: (challengeId, userId) =>
      Uuid.test(challengeId)
        ? participations.maybe(sql`select * from challenges.participations where challenge_id = ${challengeId} and user_id = ${userId}`)
        : Effect.succeed(Option.none()),
    findById: byId,
    list: (f, p) =>
      Effect.gen(function*() {
        const where = filterOf(f)
        const rows = yield* page.all(sql`
          select *, count(*) over ()::int as total from challenges.participations where ${where}
          order by joined_at desc, id limit ${p.limit} offset ${(p.page - 1) * p.limit}`)
        const total = rows[0]?.total ?? (yield* counts.one(sql`select count(*)::int as n from challenges.participations where ${where}`)).n
        return { items: rows.map(({ total: _, ...r }) => r), total }
      }),
    countByStatus: (f) =>
      statusCounts.all(sql`select status, count(*)::int as n from challenges.participations where ${filterOf(f)} group by status`).pipe(Effect.map(toRecord))
  })
}))

export const ChallengeTemplateRepoPg = Layer.effect(Challenges.ChallengeTemplateRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const templates = rowsOf(ChallengeTemplate)
  return Challenges.ChallengeTemplateRepo.of({
    create: (t) =>
      templates.one(sql`
        insert into challenges.templates (name, creator_type, creator_id, source_challenge_id, title, description, activity_type,
          goal_type, goal_value, duration_days, time_zone, max_participants, tags, cover_image_url, saved_by)
        values (${t.name}, ${t.creatorType}, ${t.creatorId}, ${t.sourceChallengeId}, ${t.title}, ${t.description}, ${t.activityType},
          ${t.goalType}, ${t.goalValue}, ${t.durationDays}, ${t.timeZone}, ${t.maxParticipants},
          array(select jsonb_array_elements_text(${textArray(t.tags)}::jsonb)), ${t.coverImageUrl}, ${t.savedBy})
        returning *`),
    list: (creator) =>
      templates.all(sql`
        select * from challenges.templates where ${
        sql.and([
          creator.creatorType === undefined ? sql`true` : sql`creator_type = ${creator.creatorType}`,
          creator.creatorId === undefined ? sql`true` : sql`creator_id = ${creator.creatorId}`
        ])
      } order by created_at desc, id`),
    findById: (id) => Uuid.test(id) ? templates.maybe(sql`select * from challenges.templates where id = ${id}`) : Effect.succeed(Option.none()),
    remove: (id) =>
      Uuid.test(id)
        ? counts.one(sql`with gone as (delete from challenges.templates where id = ${id} returning 1) select count(*)::int as n from gone`).pipe(
          Effect.map(({ n }) => n > 0)
        )
        : Effect.succeed(false)
  })
}))

/** The challenges context's repositories on one database. */
export const ChallengesReposPg = Layer.mergeAll(ChallengeRepoPg, ParticipationRepoPg, ChallengeTemplateRepoPg)
