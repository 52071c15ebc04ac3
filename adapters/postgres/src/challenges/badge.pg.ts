/**
 * Badges, their challenge mappings and awards on Postgres (challenges.badges, .badge_challenges,
 * .badge_awards; migration 0075). An award inserts once per badge and athlete (`on conflict do
 * nothing` on the unique pair), so concurrent or repeated awards never give a badge twice; a delete
 * removes a badge only while no award references it, in one statement.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { BadgeAward, ChallengeBadge } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const like = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`
const BadgePageRow = Schema.Struct({ ...ChallengeBadge.fields, total: Schema.Number })
const ChallengeIdRow = Schema.Struct({ challengeId: Schema.String })
const ByChallengeRow = Schema.Struct({ challengeId: Schema.NullOr(Schema.String), awarded: Schema.Number })
const TotalsRow = Schema.Struct({ awarded: Schema.Number, lastAwardedAt: Schema.NullOr(Schema.DateFromSelf) })

export const BadgeRepoPg = Layer.effect(Challenges.BadgeRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const badges = rowsOf(ChallengeBadge)
  const page = rowsOf(BadgePageRow)
  const awards = rowsOf(BadgeAward)
  const challengeIds = rowsOf(ChallengeIdRow)
  const byChallenge = rowsOf(ByChallengeRow)
  const totals = rowsOf(TotalsRow)
  const codeTaken = (code: string) => onUnique(() => new Challenges.BadgeCodeTaken({ code }))
  const byId = (id: string) => Uuid.test(id) ? badges.maybe(sql`select * from challenges.badges where id = ${id}`) : Effect.succeed(Option.none())

  return Challenges.BadgeRepo.of({
    create: (b) =>
      badges.one(codeTaken(b.code)(sql`
        insert into challenges.badges (code, name, description, image_url, criteria, is_active, created_by)
        values (${b.code}, ${b.name}, ${b.description}, ${b.imageUrl}, ${b.criteria}, ${b.isActive}, ${b.createdBy})
        returning *`)),
    findById: byId,
    findByCode: (code) => badges.maybe(sql`select * from challenges.badges where code = ${code}`),
    list: (f, p) =>
      Effect.gen(function*() {
        const where = sql.and([
          f.q === undefined ? sql`true` : sql`(name ilike ${like(f.q)} or code ilike ${like(f.q)})`,
          f.isActive === undefined ? sql`true` : sql`is_active = ${f.isActive}`
        ])
        const rows = yield* page.all(sql`
          select *, count(*) over ()::int as total from challenges.badges where ${where}
          order by created_at desc, id limit ${p.limit} offset ${(p.page - 1) * p.limit}`)
        const total = rows[0]?.total ?? (yield* counts.one(sql`select count(*)::int as n from challenges.badges where ${where}`)).n
        return { items: rows.map(({ total: _, ...b }) => b), total }
      }),
    update: (id, p) =>
      badges.maybe(codeTaken(p.code ?? "")(sql`
        update challenges.badges set
          code = coalesce(${p.code ?? null}, code),
          name = coalesce(${p.name ?? null}, name),
          description = coalesce(${p.description ?? null}, description),
          image_url = ${p.imageUrl === undefined ? sql`image_url` : sql`${p.imageUrl}`},
          criteria = coalesce(${p.criteria ?? null}, criteria),
          is_active = coalesce(${p.isActive ?? null}::boolean, is_active),
          updated_at = now()
        where id = ${id} returning *`)).pipe(
        Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => Effect.fail(new Challenges.BadgeNotFound({ ref: id })) }))
      ),
    remove: (id) =>
      Effect.gen(function*() {
        const { n } = yield* counts.one(sql`
          with gone as (
            delete from challenges.badges where id = ${id}
              and not exists (select 1 from challenges.badge_awards where badge_id = ${id})
            returning 1)
          select count(*)::int as n from gone`)
        if (n > 0) return
        if (Option.isNone(yield* byId(id))) return yield* new Challenges.BadgeNotFound({ ref: id })
        const held = yield* counts.one(sql`select count(*)::int as n from challenges.badge_awards where badge_id = ${id}`)
        return yield* new Challenges.BadgeAlreadyAwarded({ id, awarded: held.n })
      }),
    map: (badgeId, challengeId) =>
      counts.one(sql`
        with added as (
          insert into challenges.badge_challenges (badge_id, challenge_id) values (${badgeId}, ${challengeId})
          on conflict do nothing returning 1)
        select count(*)::int as n from added`).pipe(Effect.map(({ n }) => n > 0)),
    unmap: (badgeId, challengeId) =>
      Uuid.test(challengeId)
        ? counts.one(sql`
            with gone as (delete from challenges.badge_challenges where badge_id = ${badgeId} and challenge_id = ${challengeId} returning 1)
            select count(*)::int as n from gone`).pipe(Effect.map(({ n }) => n > 0))
        : Effect.succeed(false),
    mappedChallengeIds: (badgeId) =>
      challengeIds.all(sql`
        select challenge_id from challenges.badge_challenges where badge_id = ${badgeId} order by mapped_at, challenge_id`).pipe(
        Effect.map((rows) => rows.map((r) => r.challengeId))
      ),
    ofChallenge: (challengeId, activeOnly) =>
      badges.all(sql`
        select b.* from challenges.badges b join challenges.badge_challenges m on m.badge_id = b.id
        where m.challenge_id = ${challengeId} ${activeOnly ? sql`and b.is_active` : sql``}
        order by m.mapped_at, b.id`),
    award: (badgeId, list, source) =>
      list.length === 0
        ? Effect.succeed([])
        : awards.all(sql`
            insert into challenges.badge_awards (badge_id, user_id, challenge_id, source)
            select ${badgeId}, a.user_id, a.challenge_id::uuid, ${source}
            from jsonb_to_recordset(${JSON.stringify(list.map((a) => ({ user_id: a.userId, challenge_id: a.challengeId })))}::jsonb)
              as a(user_id text, challenge_id text)
            on conflict (badge_id, user_id) do nothing
            returning *`),
    revokeAwards: (userId, challengeId) =>
      counts.one(sql`
        with gone as (delete from challenges.badge_awards where user_id = ${userId} and challenge_id = ${challengeId} returning 1)
        select count(*)::int as n from gone`).pipe(Effect.map(({ n }) => n)),
    stats: (badgeId) =>
      Effect.gen(function*() {
        const t = yield* totals.one(sql`
          select count(*)::int as awarded, max(awarded_at) as last_awarded_at from challenges.badge_awards where badge_id = ${badgeId}`)
        const rows = yield* byChallenge.all(sql`
          select challenge_id::text as challenge_id, count(*)::int as awarded from challenges.badge_awards
          where badge_id = ${badgeId} group by challenge_id order by count(*) desc, challenge_id`)
        return { awarded: t.awarded, lastAwardedAt: t.lastAwardedAt, byChallenge: rows }
      }),
    awardsOf: (userId) =>
      Effect.gen(function*() {
        const mine = yield* awards.all(sql`select * from challenges.badge_awards where user_id = ${userId} order by awarded_at desc, id`)
        if (mine.length === 0) return []
        const held = yield* badges.all(sql`select * from challenges.badges where id in ${sql.in([...new Set(mine.map((a) => a.badgeId))])}`)
        const byId = new Map(held.map((b) => [b.id, b]))
        return mine.flatMap((a) => {
          const badge = byId.get(a.badgeId)
          return badge === undefined ? [] : [{ ...a, badge }]
        })
      })
  })
}))
