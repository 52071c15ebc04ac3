/**
 * Clubs and memberships on Postgres (clubs.clubs, clubs.members). Onboarding moves and membership
 * status moves are conditional updates (`where status = any(from)`), so of two concurrent moves
 * exactly one wins; a club and its OWNER membership are created in one transaction.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option } from "effect"

interface ClubRow {
  readonly id: string
  readonly name: string
  readonly slug: string
  readonly description: string | null
  readonly sportIds: ReadonlyArray<string>
  readonly city: string | null
  readonly clubType: Clubs.ClubType
  readonly requiresApproval: boolean
  readonly status: Clubs.ClubStatus
  readonly rejectionReason: string | null
  readonly isActive: boolean
  readonly deactivationReason: string | null
  readonly verificationStatus: Clubs.ClubVerificationStatus
  readonly verificationReason: string | null
  readonly payoutFrozen: boolean
  readonly ownerUserId: string
  readonly submittedAt: Date | null
  readonly reviewedAt: Date | null
  readonly reviewedBy: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

const toClub = (r: ClubRow): Clubs.Club => ({ ...r, sportIds: [...r.sportIds] })

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const isUniqueViolation = (e: unknown) => {
  const cause = (e as { cause?: { code?: string } }).cause
  return cause?.code === "23505"
}

export const ClubRepoPg = Layer.effect(Clubs.ClubRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const one = (rows: ReadonlyArray<ClubRow>) => Option.map(Option.fromNullable(rows[0]), toClub)
  const byId = (id: string) =>
    Uuid.test(id) ? sql<ClubRow>`select * from clubs.clubs where id = ${id}`.pipe(Effect.map(one)) : Effect.succeed(Option.none())

  return Clubs.ClubRepo.of({
    create: (input) =>
      sql.withTransaction(Effect.gen(function*() {
        const rows = yield* sql<ClubRow>`
          insert into clubs.clubs (name, slug, description, sport_ids, city, club_type, requires_approval, owner_user_id)
          values (${input.name}, ${input.slug}, ${input.description}, array(select jsonb_array_elements_text(${JSON.stringify(input.sportIds)}::jsonb)), ${input.city},
            ${input.clubType}, ${input.requiresApproval}, ${input.ownerUserId})
          returning *`
        const club = toClub(rows[0]!)
        yield* sql`
          insert into clubs.members (club_id, user_id, role, status, joined_at)
          values (${club.id}, ${input.ownerUserId}, 'OWNER', 'ACTIVE', now())`
        return club
      })).pipe(
        Effect.catchIf(isUniqueViolation, () => Effect.fail(new Clubs.ClubSlugTaken({ slug: input.slug }))),
        Effect.catchTag("SqlError", Effect.die)
      ),
    findById: (id) => byId(id).pipe(Effect.orDie),
    findByIdOrSlug: (idOrSlug) =>
      (Uuid.test(idOrSlug) ? byId(idOrSlug) : sql<ClubRow>`select * from clubs.clubs where lower(slug) = lower(${idOrSlug})`.pipe(Effect.map(one)))
        .pipe(Effect.orDie),
    update: (id, patch) => {
      const set: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(patch)) if (value !== undefined && key !== "sportIds") set[key] = value
      return Effect.gen(function*() {
        if (!Uuid.test(id)) return Option.none()
        const rows = yield* sql<ClubRow>`
          update clubs.clubs set ${sql.update({ ...set, updatedAt: new Date() })}
            ${patch.sportIds === undefined ? sql`` : sql`, sport_ids = array(select jsonb_array_elements_text(${JSON.stringify(patch.sportIds)}::jsonb))`}
          where id = ${id} returning *`
        return one(rows)
      }).pipe(Effect.orDie)
    },
    transition: (id, from, to, extra) =>
      Effect.gen(function*() {
        if (!Uuid.test(id)) return Option.none()
        const rows = yield* sql<ClubRow>`
          update clubs.clubs set status = ${to}, rejection_reason = ${extra.rejectionReason}, updated_at = now(),
            reviewed_at = case when ${extra.reviewedBy !== undefined} then now() else reviewed_at end,
            reviewed_by = case when ${extra.reviewedBy !== undefined} then ${extra.reviewedBy ?? null}::uuid else reviewed_by end,
            submitted_at = case when ${extra.submitted === true} then now() else submitted_at end
          where id = ${id} and status in ${sql.in([...from])} returning *`
        return one(rows)
      }).pipe(Effect.orDie),
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
        const rows = yield* sql<ClubRow & { readonly total: number }>`
          select *, count(*) over ()::int as total from clubs.clubs where ${where}
          order by ${order} limit ${filter.limit} offset ${filter.offset}`
        const total = rows[0]?.total ?? (yield* sql<{ readonly n: number }>`select count(*)::int as n from clubs.clubs where ${where}`)[0]!.n
        return { items: rows.map(toClub), total }
      }).pipe(Effect.orDie),
    countOwnedBy: (userId) =>
      sql<{ readonly n: number }>`select count(*)::int as n from clubs.clubs where owner_user_id = ${userId}`.pipe(
        Effect.map((rows) => rows[0]!.n),
        Effect.orDie
      )
  })
}))

interface MemberRow {
  readonly id: string
  readonly clubId: string
  readonly userId: string
  readonly role: Clubs.ClubRole
  readonly status: Clubs.MemberStatus
  readonly tierId: string | null
  readonly joinedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

export const ClubMemberRepoPg = Layer.effect(Clubs.ClubMemberRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const one = (rows: ReadonlyArray<MemberRow>): Option.Option<Clubs.ClubMember> => Option.fromNullable(rows[0])
  const guard = <A>(id: string, run: Effect.Effect<Option.Option<A>, unknown>) =>
    (Uuid.test(id) ? run : Effect.succeed(Option.none<A>())).pipe(Effect.orDie)

  return Clubs.ClubMemberRepo.of({
    find: (clubId, userId) =>
      Uuid.test(clubId) && Uuid.test(userId)
        ? sql<MemberRow>`select * from clubs.members where club_id = ${clubId} and user_id = ${userId}`.pipe(Effect.map(one), Effect.orDie)
        : Effect.succeed(Option.none()),
    findById: (id) => guard(id, sql<MemberRow>`select * from clubs.members where id = ${id}`.pipe(Effect.map(one))),
    upsert: (clubId, userId, status, role) =>
      sql.withTransaction(Effect.gen(function*() {
        const inserted = yield* sql<MemberRow>`
          insert into clubs.members (club_id, user_id, role, status, joined_at)
          values (${clubId}, ${userId}, ${role}, ${status}, case when ${status} = 'ACTIVE' then now() end)
          on conflict (club_id, user_id) do nothing returning *`
        if (inserted[0] !== undefined) return { member: inserted[0] as Clubs.ClubMember, created: true }
        const revived = yield* sql<MemberRow>`
          update clubs.members set status = ${status}, role = ${role}, tier_id = null, updated_at = now(),
            joined_at = case when ${status} = 'ACTIVE' then now() else null end
          where club_id = ${clubId} and user_id = ${userId} and status in ('LEFT', 'REMOVED') returning *`
        if (revived[0] !== undefined) return { member: revived[0] as Clubs.ClubMember, created: true }
        const existing = yield* sql<MemberRow>`select * from clubs.members where club_id = ${clubId} and user_id = ${userId}`
        return { member: existing[0] as Clubs.ClubMember, created: false }
      })).pipe(Effect.orDie),
    setStatus: (id, from, to) =>
      guard(id, sql<MemberRow>`
        update clubs.members set status = ${to}, updated_at = now(),
          joined_at = case when ${to} = 'ACTIVE' then now() else joined_at end
        where id = ${id} and status in ${sql.in([...from])} returning *`.pipe(Effect.map(one))),
    setRole: (id, role) =>
      guard(id, sql<MemberRow>`update clubs.members set role = ${role}, updated_at = now() where id = ${id} returning *`.pipe(Effect.map(one))),
    setTier: (id, tierId) =>
      guard(id, sql<MemberRow>`update clubs.members set tier_id = ${tierId}, updated_at = now() where id = ${id} returning *`.pipe(Effect.map(one))),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`club_id = ${clubId}`,
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`,
          filter.role === undefined ? sql`true` : sql`role = ${filter.role}`
        ])
        const rows = yield* sql<MemberRow>`
          select * from clubs.members where ${where}
          order by case role when 'OWNER' then 0 when 'ADMIN' then 1 when 'MODERATOR' then 2 else 3 end, created_at, id
          limit ${filter.limit} offset ${filter.offset}`
        const total = (yield* sql<{ readonly n: number }>`select count(*)::int as n from clubs.members where ${where}`)[0]!.n
        return { items: rows as ReadonlyArray<Clubs.ClubMember>, total }
      }).pipe(Effect.orDie),
    countActive: (clubId) =>
      sql<{ readonly n: number }>`select count(*)::int as n from clubs.members where club_id = ${clubId} and status = 'ACTIVE'`.pipe(
        Effect.map((rows) => rows[0]!.n),
        Effect.orDie
      ),
    ofUser: (userId) =>
      Uuid.test(userId)
        ? sql<MemberRow>`select * from clubs.members where user_id = ${userId} order by created_at desc, id`.pipe(
          Effect.map((rows) => rows as ReadonlyArray<Clubs.ClubMember>),
          Effect.orDie
        )
        : Effect.succeed([])
  })
}))

export const ClubsReposPg = Layer.mergeAll(ClubRepoPg, ClubMemberRepoPg)
