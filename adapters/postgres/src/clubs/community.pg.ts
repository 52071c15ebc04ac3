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
import { Effect, Layer, Option, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const RelationRow = Schema.Struct({ kind: Schema.Literal(...Clubs.ClubRelationKinds) })

export const ClubRelationRepoPg = Layer.effect(Clubs.ClubRelationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const relations = rowsOf(RelationRow)
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
        ? relations.all(sql`select kind from clubs.relations where club_id = ${clubId} and user_id = ${userId}`)
        : Effect.succeed<ReadonlyArray<typeof RelationRow.Type>>([])).pipe(
        Effect.map((rows) => {
          const kinds = new Set(rows.map((r) => r.kind))
          return { following: kinds.has("FOLLOW"), muted: kinds.has("MUTE"), blocked: kinds.has("BLOCK") }
        })
      ),
    count: (clubId, kind) =>
      counts.one(sql`select count(*)::int as n from clubs.relations where club_id = ${clubId} and kind = ${kind}`).pipe(Effect.map((r) => r.n))
  })
}))

export const ClubInviteRepoPg = Layer.effect(Clubs.ClubInviteRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const invites = rowsOf(Clubs.ClubInvite)
  // Never the token hash: it stays in the table.
  const cols = sql`id, club_id, kind, target_user_id, role, created_by_kind, created_by, expires_at, max_uses, uses, revoked_at, created_at`
  return Clubs.ClubInviteRepo.of({
    create: (input) =>
      invites.one(sql`
        insert into clubs.invites (club_id, token_hash, kind, target_user_id, role, created_by_kind, created_by, expires_at, max_uses)
        values (${input.clubId}, ${input.tokenHash}, ${input.kind}, ${input.targetUserId}, ${input.role}, ${input.createdByKind},
          ${input.createdBy}, ${input.expiresAt}, ${input.maxUses})
        returning ${cols}`),
    findByTokenHash: (tokenHash) => invites.maybe(sql`select ${cols} from clubs.invites where token_hash = ${tokenHash}`),
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
      Uuid.test(inviteId)
        ? invites.maybe(sql`update clubs.invites set revoked_at = now() where id = ${inviteId} and revoked_at is null returning ${cols}`)
        : Effect.succeed(Option.none()),
    listByClub: (clubId) => invites.all(sql`select ${cols} from clubs.invites where club_id = ${clubId} order by created_at desc, id`)
  })
}))

export const ClubOrganizerLinkRepoPg = Layer.effect(Clubs.ClubOrganizerLinkRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const links = rowsOf(Clubs.OrganizerLink)
  return Clubs.ClubOrganizerLinkRepo.of({
    find: (clubId) => links.maybe(sql`select club_id, organizer_id, created_at, updated_at from clubs.organizer_links where club_id = ${clubId}`),
    linkIf: (clubId, organizerId, expected) =>
      links.maybe(expected === null
        ? sql`
          insert into clubs.organizer_links (club_id, organizer_id) values (${clubId}, ${organizerId})
          on conflict (club_id) do nothing
          returning club_id, organizer_id, created_at, updated_at`
        : sql`
          update clubs.organizer_links set organizer_id = ${organizerId}, updated_at = now()
          where club_id = ${clubId} and organizer_id = ${expected}
          returning club_id, organizer_id, created_at, updated_at`)
  })
}))

export const ClubOversightRepoPg = Layer.effect(Clubs.ClubOversightRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const clubs = rowsOf(Clubs.Club)
  const members = rowsOf(Clubs.ClubMember)
  return Clubs.ClubOversightRepo.of({
    changeMember: (clubId, userId, change) =>
      Effect.gen(function*() {
        if (!Uuid.test(clubId) || !Uuid.test(userId)) return { _tag: "NotFound" } as const
        return yield* sql.withTransaction(Effect.gen(function*() {
          const club = yield* sql`select id from clubs.clubs where id = ${clubId} for update`
          if (club.length === 0) return { _tag: "NotFound" } as const
          const found = yield* members.maybe(sql`select * from clubs.members where club_id = ${clubId} and user_id = ${userId} for update`)
          if (Option.isNone(found)) return { _tag: "NotFound" } as const
          const member = found.value
          if (change.fromStatuses !== undefined && !change.fromStatuses.includes(member.status)) {
            return { _tag: "Refused", status: member.status } as const
          }
          const nextStatus = change.status ?? member.status
          const nextRole = change.role ?? member.role
          const losesOwner = member.status === "ACTIVE" && member.role === "OWNER" && (nextStatus !== "ACTIVE" || nextRole !== "OWNER")
          if (losesOwner) {
            const owners = yield* counts.one(sql`
              select count(*)::int as n from clubs.members where club_id = ${clubId} and role = 'OWNER' and status = 'ACTIVE'`)
            if (owners.n <= 1) return { _tag: "LastOwner" } as const
          }
          const updated = yield* members.one(sql`
            update clubs.members set status = ${nextStatus}, role = ${nextRole}, updated_at = now(),
              joined_at = case when ${nextStatus} = 'ACTIVE' and status <> 'ACTIVE' then now() else joined_at end
            where id = ${member.id} returning *`)
          return { _tag: "Changed", member: updated } as const
        }))
      }).pipe(Effect.orDie),
    setActive: (clubId, isActive, reason) =>
      Uuid.test(clubId)
        ? clubs.maybe(sql`
          update clubs.clubs set is_active = ${isActive}, deactivation_reason = ${reason}, updated_at = now()
          where id = ${clubId} and is_active = ${!isActive} returning *`)
        : Effect.succeed(Option.none()),
    setVerification: (clubId, from, to, reason) =>
      Uuid.test(clubId)
        ? clubs.maybe(sql`
          update clubs.clubs set verification_status = ${to}, verification_reason = ${reason}, updated_at = now()
          where id = ${clubId} and verification_status in ${sql.in([...from])} returning *`)
        : Effect.succeed(Option.none()),
    verificationQueue: (filter) =>
      Effect.gen(function*() {
        const search = filter.search === undefined ? undefined : `%${filter.search.replace(/[\\%_]/g, "\\$&")}%`
        const where = sql.and([
          sql`status = 'ACTIVE'`,
          sql`verification_status in ${sql.in([...filter.statuses])}`,
          search === undefined ? sql`true` : sql`(name ilike ${search} or slug ilike ${search})`
        ])
        const items = yield* clubs.all(sql`
          select * from clubs.clubs where ${where}
          order by case when verification_status = 'QUEUED' then 0 else 1 end, created_at asc, id
          limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.clubs where ${where}`)).n
        return { items, total }
      })
  })
}))

export const ClubsCommunityReposPg = Layer.mergeAll(ClubRelationRepoPg, ClubInviteRepoPg, ClubOrganizerLinkRepoPg, ClubOversightRepoPg)
