/**
 * Club community and oversight on Postgres (clubs.relations, clubs.invites, clubs.invite_redemptions,
 * clubs.organizer_links, plus guarded moves on clubs.members and clubs.clubs). Race safety:
 * - a relation switch is insert-or-nothing / delete, so repeats are harmless;
 * - an invite use is a redemption insert plus a conditional `uses + 1` in one transaction, so of two
 *   concurrent last uses exactly one wins and one athlete never spends two;
 * - member changes lock the club row (`for update`) before counting owners, so two concurrent
 *   demotions of the last two owners cannot both pass the last-owner check;
 * - deactivation and verification moves are conditional updates.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option } from "effect"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type ClubRow = Clubs.Club
const toClub = (r: ClubRow): Clubs.Club => ({ ...r, sportIds: [...r.sportIds] })

export const ClubRelationRepoPg = Layer.effect(Clubs.ClubRelationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Clubs.ClubRelationRepo.of({
    set: (clubId, userId, kind, on) =>
      (on
        ? sql`insert into clubs.relations (club_id, user_id, kind) values (${clubId}, ${userId}, ${kind}) on conflict do nothing returning club_id`
        : sql`delete from clubs.relations where club_id = ${clubId} and user_id = ${userId} and kind = ${kind} returning club_id`).pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      ),
    of: (clubId, userId) =>
      (Uuid.test(clubId) && Uuid.test(userId)
        ? sql<{ readonly kind: Clubs.ClubRelationKind }>`select kind from clubs.relations where club_id = ${clubId} and user_id = ${userId}`
        : Effect.succeed<ReadonlyArray<{ readonly kind: Clubs.ClubRelationKind }>>([])).pipe(
        Effect.map((rows) => {
          const kinds = new Set(rows.map((r) => r.kind))
          return { following: kinds.has("FOLLOW"), muted: kinds.has("MUTE"), blocked: kinds.has("BLOCK") }
        }),
        Effect.orDie
      ),
    count: (clubId, kind) =>
      sql<{ readonly n: number }>`select count(*)::int as n from clubs.relations where club_id = ${clubId} and kind = ${kind}`.pipe(
        Effect.map((rows) => rows[0]!.n),
        Effect.orDie
      )
  })
}))

export const ClubInviteRepoPg = Layer.effect(Clubs.ClubInviteRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const one = (rows: ReadonlyArray<Clubs.ClubInvite>) => Option.fromNullable(rows[0])
  return Clubs.ClubInviteRepo.of({
    create: (input) =>
      sql<Clubs.ClubInvite>`
        insert into clubs.invites (club_id, token_hash, kind, target_user_id, role, created_by_kind, created_by, expires_at, max_uses)
        values (${input.clubId}, ${input.tokenHash}, ${input.kind}, ${input.targetUserId}, ${input.role}, ${input.createdByKind},
          ${input.createdBy}, ${input.expiresAt}, ${input.maxUses})
        returning id, club_id, kind, target_user_id, role, created_by_kind, created_by, expires_at, max_uses, uses, revoked_at, created_at`.pipe(
        Effect.map((rows) => rows[0]!),
        Effect.orDie
      ),
    findByTokenHash: (tokenHash) =>
      sql<Clubs.ClubInvite>`
        select id, club_id, kind, target_user_id, role, created_by_kind, created_by, expires_at, max_uses, uses, revoked_at, created_at
        from clubs.invites where token_hash = ${tokenHash}`.pipe(Effect.map(one), Effect.orDie),
    consume: (inviteId, userId) =>
      sql.withTransaction(Effect.gen(function*() {
        const redeemed = yield* sql`
          insert into clubs.invite_redemptions (invite_id, user_id) values (${inviteId}, ${userId})
          on conflict do nothing returning invite_id`
        if (redeemed.length === 0) return { _tag: "AlreadyRedeemed" } as const
        const counted = yield* sql`
          update clubs.invites set uses = uses + 1
          where id = ${inviteId} and revoked_at is null and expires_at > now() and (max_uses is null or uses < max_uses)
          returning id`
        // Not counted: undo the redemption row by failing the transaction.
        if (counted.length === 0) return yield* Effect.fail("Unavailable" as const)
        return { _tag: "Consumed" } as const
      })).pipe(
        Effect.catchIf((e): e is "Unavailable" => e === "Unavailable", () => Effect.succeed({ _tag: "Unavailable" } as const)),
        Effect.orDie
      ),
    revoke: (inviteId) =>
      (Uuid.test(inviteId)
        ? sql<Clubs.ClubInvite>`
          update clubs.invites set revoked_at = now() where id = ${inviteId} and revoked_at is null
          returning id, club_id, kind, target_user_id, role, created_by_kind, created_by, expires_at, max_uses, uses, revoked_at, created_at`
        : Effect.succeed<ReadonlyArray<Clubs.ClubInvite>>([])).pipe(Effect.map(one), Effect.orDie),
    listByClub: (clubId) =>
      sql<Clubs.ClubInvite>`
        select id, club_id, kind, target_user_id, role, created_by_kind, created_by, expires_at, max_uses, uses, revoked_at, created_at
        from clubs.invites where club_id = ${clubId} order by created_at desc, id`.pipe(Effect.orDie)
  })
}))

export const ClubOrganizerLinkRepoPg = Layer.effect(Clubs.ClubOrganizerLinkRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const one = (rows: ReadonlyArray<Clubs.OrganizerLink>) => Option.fromNullable(rows[0])
  return Clubs.ClubOrganizerLinkRepo.of({
    find: (clubId) =>
      sql<Clubs.OrganizerLink>`select club_id, organizer_id, created_at, updated_at from clubs.organizer_links where club_id = ${clubId}`.pipe(
        Effect.map(one),
        Effect.orDie
      ),
    linkIf: (clubId, organizerId, expected) =>
      (expected === null
        ? sql<Clubs.OrganizerLink>`
          insert into clubs.organizer_links (club_id, organizer_id) values (${clubId}, ${organizerId})
          on conflict (club_id) do nothing
          returning club_id, organizer_id, created_at, updated_at`
        : sql<Clubs.OrganizerLink>`
          update clubs.organizer_links set organizer_id = ${organizerId}, updated_at = now()
          where club_id = ${clubId} and organizer_id = ${expected}
          returning club_id, organizer_id, created_at, updated_at`).pipe(Effect.map(one), Effect.orDie)
  })
}))

interface MemberRow extends Clubs.ClubMember {}

export const ClubOversightRepoPg = Layer.effect(Clubs.ClubOversightRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Clubs.ClubOversightRepo.of({
    changeMember: (clubId, userId, change) =>
      Effect.gen(function*() {
        if (!Uuid.test(clubId) || !Uuid.test(userId)) return { _tag: "NotFound" } as const
        return yield* sql.withTransaction(Effect.gen(function*() {
          const club = yield* sql`select id from clubs.clubs where id = ${clubId} for update`
          if (club.length === 0) return { _tag: "NotFound" } as const
          const rows = yield* sql<MemberRow>`select * from clubs.members where club_id = ${clubId} and user_id = ${userId} for update`
          const member = rows[0]
          if (member === undefined) return { _tag: "NotFound" } as const
          if (change.fromStatuses !== undefined && !change.fromStatuses.includes(member.status)) {
            return { _tag: "Refused", status: member.status } as const
          }
          const nextStatus = change.status ?? member.status
          const nextRole = change.role ?? member.role
          const losesOwner = member.status === "ACTIVE" && member.role === "OWNER" && (nextStatus !== "ACTIVE" || nextRole !== "OWNER")
          if (losesOwner) {
            const owners = yield* sql<{ readonly n: number }>`
              select count(*)::int as n from clubs.members where club_id = ${clubId} and role = 'OWNER' and status = 'ACTIVE'`
            if (owners[0]!.n <= 1) return { _tag: "LastOwner" } as const
          }
          const updated = yield* sql<MemberRow>`
            update clubs.members set status = ${nextStatus}, role = ${nextRole}, updated_at = now(),
              joined_at = case when ${nextStatus} = 'ACTIVE' and status <> 'ACTIVE' then now() else joined_at end
            where id = ${member.id} returning *`
          return { _tag: "Changed", member: updated[0]! as Clubs.ClubMember } as const
        }))
      }).pipe(Effect.orDie),
    setActive: (clubId, isActive, reason) =>
      (Uuid.test(clubId)
        ? sql<ClubRow>`
          update clubs.clubs set is_active = ${isActive}, deactivation_reason = ${reason}, updated_at = now()
          where id = ${clubId} and is_active = ${!isActive} returning *`
        : Effect.succeed<ReadonlyArray<ClubRow>>([])).pipe(Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toClub)), Effect.orDie),
    setVerification: (clubId, from, to, reason) =>
      (Uuid.test(clubId)
        ? sql<ClubRow>`
          update clubs.clubs set verification_status = ${to}, verification_reason = ${reason}, updated_at = now()
          where id = ${clubId} and verification_status in ${sql.in([...from])} returning *`
        : Effect.succeed<ReadonlyArray<ClubRow>>([])).pipe(Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toClub)), Effect.orDie),
    verificationQueue: (filter) =>
      Effect.gen(function*() {
        const search = filter.search === undefined ? undefined : `%${filter.search.replace(/[\\%_]/g, "\\$&")}%`
        const where = sql.and([
          sql`status = 'ACTIVE'`,
          sql`verification_status in ${sql.in([...filter.statuses])}`,
          search === undefined ? sql`true` : sql`(name ilike ${search} or slug ilike ${search})`
        ])
        const rows = yield* sql<ClubRow>`
          select * from clubs.clubs where ${where}
          order by case when verification_status = 'QUEUED' then 0 else 1 end, created_at asc, id
          limit ${filter.limit} offset ${filter.offset}`
        const total = (yield* sql<{ readonly n: number }>`select count(*)::int as n from clubs.clubs where ${where}`)[0]!.n
        return { items: rows.map(toClub), total }
      }).pipe(Effect.orDie)
  })
}))

export const ClubsCommunityReposPg = Layer.mergeAll(ClubRelationRepoPg, ClubInviteRepoPg, ClubOrganizerLinkRepoPg, ClubOversightRepoPg)
