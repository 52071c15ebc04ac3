/**
 * Clubs and memberships on Postgres (clubs.clubs, clubs.members). Onboarding moves and membership
 * status moves are conditional updates (`where status = any(from)`), so of two concurrent moves
 * exactly one wins; a club and its OWNER membership are created in one transaction.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

/** A page row: the club and the size of the whole filtered list. */
const ClubPageRow = Schema.Struct({ ...Clubs.Club.fields, total: Schema.Number })

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const ClubRepoPg = Layer.effect(Clubs.ClubRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const clubs = rowsOf(Clubs.Club)
  const pageRows = rowsOf(ClubPageRow)
  const byId = (id: string) => Uuid.test(id) ? clubs.maybe(sql`select * from clubs.clubs where id = ${id}`) : Effect.succeed(Option.none())

  return Clubs.ClubRepo.of({
    create: (input) =>
      sql.withTransaction(Effect.gen(function*() {
        const club = yield* clubs.one(sql`
          insert into clubs.clubs (name, slug, description, sport_ids, city, club_type, requires_approval, owner_user_id)
          values (${input.name}, ${input.slug}, ${input.description}, array(select jsonb_array_elements_text(${JSON.stringify(input.sportIds)}::jsonb)), ${input.city},
            ${input.clubType}, ${input.requiresApproval}, ${input.ownerUserId})
          returning *`.pipe(onUnique(() => new Clubs.ClubSlugTaken({ slug: input.slug }))))
        yield* sql`
          insert into clubs.members (club_id, user_id, role, status, joined_at)
          values (${club.id}, ${input.ownerUserId}, 'OWNER', 'ACTIVE', now())`
        return club
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    findById: byId,
    findByIdOrSlug: (idOrSlug) => Uuid.test(idOrSlug) ? byId(idOrSlug) : clubs.maybe(sql`select * from clubs.clubs where lower(slug) = lower(${idOrSlug})`),
    update: (id, patch) => {
      const set: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(patch)) if (value !== undefined && key !== "sportIds") set[key] = value
      return Effect.gen(function*() {
        if (!Uuid.test(id)) return Option.none()
        return yield* clubs.maybe(sql`
          update clubs.clubs set ${sql.update({ ...set, updatedAt: new Date() })}
            ${patch.sportIds === undefined ? sql`` : sql`, sport_ids = array(select jsonb_array_elements_text(${JSON.stringify(patch.sportIds)}::jsonb))`}
          where id = ${id} returning *`)
      })
    },
    transition: (id, from, to, extra) =>
      Effect.gen(function*() {
        if (!Uuid.test(id)) return Option.none()
        return yield* clubs.maybe(sql`
          update clubs.clubs set status = ${to}, rejection_reason = ${extra.rejectionReason}, updated_at = now(),
            reviewed_at = case when ${extra.reviewedBy !== undefined} then now() else reviewed_at end,
            reviewed_by = case when ${extra.reviewedBy !== undefined} then ${extra.reviewedBy ?? null}::uuid else reviewed_by end,
            submitted_at = case when ${extra.submitted === true} then now() else submitted_at end
          where id = ${id} and status in ${sql.in([...from])} returning *`)
      }),
    list: (filter) =>
      Effect.gen(function*() {
        const conditions = [
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`,
          filter.publicOnly === true ? sql`status = 'ACTIVE' and is_active` : sql`true`,
          filter.sportId === undefined ? sql`true` : sql`${filter.sportId} = any(sport_ids)`,
          filter.ownerUserId === undefined ? sql`true` : sql`owner_user_id = ${filter.ownerUserId}`,
          filter.verificationStatus === undefined ? sql`true` : sql`verification_status = ${filter.verificationStatus}`,
          filter.search === undefined
            ? sql`true`
            : sql`(name ilike ${`%${filter.search.replace(/[\\%_]/g, "\\$&")}%`} or slug ilike ${`%${filter.search.replace(/[\\%_]/g, "\\$&")}%`})`
        ]
        const where = sql.and(conditions)
        const order = filter.oldestFirst === true ? sql`created_at asc, id` : sql`created_at desc, id`
        const rows = yield* pageRows.all(sql`
          select *, count(*) over ()::int as total from clubs.clubs where ${where}
          order by ${order} limit ${filter.limit} offset ${filter.offset}`)
        const total = rows[0]?.total ?? (yield* counts.one(sql`select count(*)::int as n from clubs.clubs where ${where}`)).n
        return { items: rows.map(({ total: _, ...club }) => club), total }
      }),
    countOwnedBy: (userId) => counts.one(sql`select count(*)::int as n from clubs.clubs where owner_user_id = ${userId}`).pipe(Effect.map((r) => r.n))
  })
}))

export const ClubMemberRepoPg = Layer.effect(Clubs.ClubMemberRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const members = rowsOf(Clubs.ClubMember)
  const guard = <A>(id: string, run: Effect.Effect<Option.Option<A>>) => Uuid.test(id) ? run : Effect.succeed(Option.none<A>())

  return Clubs.ClubMemberRepo.of({
    find: (clubId, userId) =>
      Uuid.test(clubId) && Uuid.test(userId)
        ? members.maybe(sql`select * from clubs.members where club_id = ${clubId} and user_id = ${userId}`)
        : Effect.succeed(Option.none()),
    findById: (id) => guard(id, members.maybe(sql`select * from clubs.members where id = ${id}`)),
    upsert: (clubId, userId, status, role) =>
      sql.withTransaction(Effect.gen(function*() {
        const inserted = yield* members.maybe(sql`
          insert into clubs.members (club_id, user_id, role, status, joined_at)
          values (${clubId}, ${userId}, ${role}, ${status}, case when ${status} = 'ACTIVE' then now() end)
          on conflict (club_id, user_id) do nothing returning *`)
        if (Option.isSome(inserted)) return { member: inserted.value, created: true }
        const revived = yield* members.maybe(sql`
          update clubs.members set status = ${status}, role = ${role}, tier_id = null, updated_at = now(),
            joined_at = case when ${status} = 'ACTIVE' then now() else null end
          where club_id = ${clubId} and user_id = ${userId} and status in ('LEFT', 'REMOVED') returning *`)
        if (Option.isSome(revived)) return { member: revived.value, created: true }
        const existing = yield* members.one(sql`select * from clubs.members where club_id = ${clubId} and user_id = ${userId}`)
        return { member: existing, created: false }
      })).pipe(Effect.orDie),
    setStatus: (id, from, to) =>
      guard(id, members.maybe(sql`
        update clubs.members set status = ${to}, updated_at = now(),
          joined_at = case when ${to} = 'ACTIVE' then now() else joined_at end
        where id = ${id} and status in ${sql.in([...from])} returning *`)),
    setRole: (id, role) =>
      guard(id, members.maybe(sql`update clubs.members set role = ${role}, updated_at = now() where id = ${id} returning *`)),
    setTier: (id, tierId) =>
      guard(id, members.maybe(sql`update clubs.members set tier_id = ${tierId}, updated_at = now() where id = ${id} returning *`)),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`club_id = ${clubId}`,
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`,
          filter.role === undefined ? sql`true` : sql`role = ${filter.role}`
        ])
        const items = yield* members.all(sql`
          select * from clubs.members where ${where}
          order by case role when 'OWNER' then 0 when 'ADMIN' then 1 when 'MODERATOR' then 2 else 3 end, created_at, id
          limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.members where ${where}`)).n
        return { items, total }
      }),
    countActive: (clubId) =>
      counts.one(sql`select count(*)::int as n from clubs.members where club_id = ${clubId} and status = 'ACTIVE'`).pipe(Effect.map((r) => r.n)),
    ofUser: (userId) =>
      Uuid.test(userId) ? members.all(sql`select * from clubs.members where user_id = ${userId} order by created_at desc, id`) : Effect.succeed([])
  })
}))

export const ClubsReposPg = Layer.mergeAll(ClubRepoPg, ClubMemberRepoPg)
