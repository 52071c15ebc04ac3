/**
 * Mobile experiences, creatives and engagement on Postgres (promotions.*; migration 0251). Moves
 * are `applyMove` (one conditional update); an update is conditional on the experience not being
 * archived; an impression is one upsert that stops at the cap, a click one upsert that keeps the
 * first click, so concurrent calls of one session never count past either.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Promotions } from "@podium/core"
import { ExperienceCreative, MobileExperience } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const MobileExperienceRepoPg = Layer.effect(Promotions.MobileExperienceRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const experiences = rowsOf(MobileExperience)
  const total = rowsOf(Schema.Struct({ n: Schema.Number }))
  const values = (f: Promotions.ExperienceFields) => ({
    name: f.name,
    purpose: f.purpose,
    placement: f.placement,
    format: f.format,
    title: f.title,
    body: f.body,
    ctaLabel: f.ctaLabel,
    creativeId: f.creativeId,
    destinationRoute: f.destinationRoute,
    destinationId: f.destinationId,
    organizerId: f.organizerId,
    priority: f.priority,
    frequencyCapPerSession: f.frequencyCapPerSession,
    startsAt: f.startsAt,
    endsAt: f.endsAt,
    audience: JSON.stringify(f.audience)
  })
  return Promotions.MobileExperienceRepo.of({
    create: (f, createdBy) =>
      experiences.one(sql`insert into promotions.mobile_experiences ${sql.insert({ ...values(f), createdBy })} returning *`),
    findById: (id) => Uuid.test(id) ? experiences.maybe(sql`select * from promotions.mobile_experiences where id = ${id}`) : Effect.succeed(Option.none()),
    list: (f) =>
      Effect.gen(function*() {
        const where = sql.and([
          f.status === undefined ? sql`true` : sql`status = ${f.status}`,
          f.purpose === undefined ? sql`true` : sql`purpose = ${f.purpose}`,
          f.organizerId === undefined ? sql`true` : sql`organizer_id = ${f.organizerId}`,
          f.publishedOnce ? sql`published_at is not null` : sql`true`,
          f.search === undefined ? sql`true` : sql`(name ilike ${`%${f.search.replace(/[\\%_]/g, "\\$&")}%`} or title ilike ${`%${f.search.replace(/[\\%_]/g, "\\$&")}%`})`
        ])
        const items = yield* experiences.all(sql`
          select * from promotions.mobile_experiences where ${where}
          order by created_at desc, id desc limit ${f.limit} offset ${(f.page - 1) * f.limit}`)
        const count = yield* total.one(sql`select count(*)::int as n from promotions.mobile_experiences where ${where}`)
        return { items, total: count.n }
      }),
    update: (id, f) =>
      Effect.gen(function*() {
        const updated = yield* experiences.maybe(sql`
          update promotions.mobile_experiences set ${sql.update(values(f))}, updated_at = now()
          where id = ${id} and status <> 'ARCHIVED' returning *`)
        if (Option.isSome(updated)) return updated.value
        const exists = yield* experiences.maybe(sql`select * from promotions.mobile_experiences where id = ${id}`)
        return yield* Option.isSome(exists) ? Effect.fail(new Promotions.ExperienceArchived({ id })) : Effect.fail(new Promotions.ExperienceNotFound({ id }))
      }),
    move: (id, move) =>
      applyMove(sql, {
        moves: Promotions.ExperienceMoves,
        move,
        table: "promotions.mobile_experiences",
        id,
        set: move === "publish"
          ? sql`published_at = now(), updated_at = now()`
          : move === "archive"
          ? sql`archived_at = coalesce(archived_at, now()), updated_at = now()`
          : sql`updated_at = now()`,
        returning: sql`*`,
        rows: experiences,
        notFound: () => new Promotions.ExperienceNotFound({ id })
      }),
    servable: (placement, now) =>
      experiences.all(sql`
        select * from promotions.mobile_experiences
        where status = 'PUBLISHED' and placement = ${placement}
          and (starts_at is null or starts_at <= ${now}) and (ends_at is null or ends_at > ${now})
        order by priority desc, published_at desc, id`)
  })
}))

export const ExperienceCreativeRepoPg = Layer.effect(Promotions.ExperienceCreativeRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const creatives = rowsOf(ExperienceCreative)
  return Promotions.ExperienceCreativeRepo.of({
    create: (c) =>
      creatives.one(sql`
        insert into promotions.creatives (key, content_type, file_name, size, created_by)
        values (${c.key}, ${c.contentType}, ${c.fileName}, ${c.size}, ${c.createdBy}) returning *`),
    findById: (id) => Uuid.test(id) ? creatives.maybe(sql`select * from promotions.creatives where id = ${id}`) : Effect.succeed(Option.none())
  })
}))

const Counted = Schema.Struct({ experienceId: Schema.String })
const SessionSeen = Schema.Struct({ experienceId: Schema.String, impressions: Schema.Number })
const Totals = Schema.Struct({ impressions: Schema.Number, clicks: Schema.Number, uniqueViewers: Schema.Number, sessions: Schema.Number })
const Day = Schema.Struct({ day: Schema.String, impressions: Schema.Number, clicks: Schema.Number })

export const PromotionEngagementRepoPg = Layer.effect(Promotions.PromotionEngagementRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const counted = rowsOf(Counted)
  const seen = rowsOf(SessionSeen)
  const totals = rowsOf(Totals)
  const days = rowsOf(Day)
  return Promotions.PromotionEngagementRepo.of({
    impression: (experienceId, userId, sessionId, cap) =>
      Effect.map(
        counted.maybe(sql`
          insert into promotions.experience_sessions as s (experience_id, user_id, session_id, impressions)
          values (${experienceId}, ${userId}, ${sessionId}, 1)
          on conflict (experience_id, user_id, session_id) do update set impressions = s.impressions + 1
          where s.impressions < ${cap}
          returning experience_id`),
        Option.isSome
      ),
    click: (experienceId, userId, sessionId) =>
      Effect.map(
        counted.maybe(sql`
          insert into promotions.experience_sessions as s (experience_id, user_id, session_id, clicked_at)
          values (${experienceId}, ${userId}, ${sessionId}, now())
          on conflict (experience_id, user_id, session_id) do update set clicked_at = now()
          where s.clicked_at is null
          returning experience_id`),
        Option.isSome
      ),
    sessionImpressions: (userId, sessionId) =>
      Effect.map(
        seen.all(sql`select experience_id, impressions from promotions.experience_sessions where user_id = ${userId} and session_id = ${sessionId}`),
        (rows) => new Map(rows.map((r) => [r.experienceId, r.impressions]))
      ),
    counts: (experienceId, from, to) =>
      Effect.gen(function*() {
        const seenIn = sql`impressions > 0 and (${from}::timestamptz is null or first_seen_at >= ${from}) and (${to}::timestamptz is null or first_seen_at <= ${to})`
        const clickedIn = sql`clicked_at is not null and (${from}::timestamptz is null or clicked_at >= ${from}) and (${to}::timestamptz is null or clicked_at <= ${to})`
        const t = yield* totals.one(sql`
          select
            coalesce(sum(impressions) filter (where ${seenIn}), 0)::int as impressions,
            (count(*) filter (where ${clickedIn}))::int as clicks,
            (count(distinct user_id) filter (where ${seenIn}))::int as unique_viewers,
            (count(*) filter (where ${seenIn}))::int as sessions
          from promotions.experience_sessions where experience_id = ${experienceId}`)
        const byDay = yield* days.all(sql`
          select day, sum(impressions)::int as impressions, sum(clicks)::int as clicks from (
            select to_char(first_seen_at at time zone 'UTC', 'YYYY-MM-DD') as day, impressions, 0 as clicks
            from promotions.experience_sessions where experience_id = ${experienceId} and ${seenIn}
            union all
            select to_char(clicked_at at time zone 'UTC', 'YYYY-MM-DD') as day, 0, 1
            from promotions.experience_sessions where experience_id = ${experienceId} and ${clickedIn}
          ) d group by day order by day`)
        return { ...t, byDay }
      })
  })
}))

export const PromotionsReposPg = Layer.mergeAll(MobileExperienceRepoPg, ExperienceCreativeRepoPg, PromotionEngagementRepoPg)
