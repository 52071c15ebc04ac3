/**
 * The clubs context's personal-data section (compliance registry, core compliance.port.ts
 * `PersonalDataSection`; assembled in compliance/personal-data.pg.ts). Decision per table — export
 * (E), scrub at the erasure request (S), delete at the tick (D), retain de-identified at the tick (R):
 *
 * | table                       | rows of the user                                  | E | at request (S)                          | at the tick                                           |
 * |-----------------------------|---------------------------------------------------|---|-----------------------------------------|-------------------------------------------------------|
 * | clubs.members               | user_id                                           | E | —                                       | D (tier_memberships cascade)                          |
 * | clubs.clubs                 | owner_user_id (owned clubs)                       | E | —                                       | ownership passes / club deactivated (club-erasure.policy.ts) |
 * | clubs.relations             | user_id (follow / mute / block)                   | E | —                                       | D                                                     |
 * | clubs.invites               | target_user_id (addressed to them); created_by    | E | —                                       | D targeted at them; R created_by → null               |
 * | clubs.invite_redemptions    | user_id                                           | E | —                                       | D                                                     |
 * | clubs.run_rsvps             | user_id                                           | E | —                                       | D                                                     |
 * | clubs.run_attendance        | user_id; marked_by                                | E | —                                       | D theirs; R marked_by → null                          |
 * | clubs.runs, clubs.channels  | created_by                                        | – | —                                       | R created_by → null (the club's records)              |
 * | clubs.tier_memberships      | user_id                                           | E | —                                       | D (a service period, not a money record)              |
 * | clubs.tier_checkouts        | user_id                                           | E | —                                       | OPEN: D; PAID: R user_id → ErasedUserId (commission / settlement basis, tax books) |
 * | clubs.tier_promos           | created_by                                        | – | —                                       | R created_by → ErasedUserId                           |
 * | clubs.points_entries        | user_id; created_by                               | E | —                                       | D theirs (points are not money); R created_by → ErasedUserId |
 * | clubs.members_of_the_month  | user_id; detected_by                              | E | —                                       | D theirs; R detected_by → ErasedUserId                |
 * | clubs.awards                | user_id; awarded_by / revoked_by                  | E | —                                       | D theirs; R awarded_by → ErasedUserId, revoked_by → null |
 * | clubs.recognition_rules, clubs.segments | created_by                            | – | —                                       | R created_by → ErasedUserId                           |
 * | clubs.announcements         | author_kind 'user', author_id                     | E | — (the text is the club's communication) | R author_id → null                                   |
 * | clubs.announcement_blasts   | requested_by                                      | – | —                                       | R requested_by → null                                 |
 * | clubs.club_kyc              | club solely owned by the user                     | E (last4 + document names only, never the sealed number) | sealed bank number, fingerprint, documents, holder / PAN names, the verifier's holder name removed; an UNDER_REVIEW / APPROVED KYC moves to RESUBMIT | R: PAN number, IFSC, last four digits, statuses (tax identity of the club's payouts: Income-tax Act, 8 years) |
 * | clubs.rc_grants             | requested_by; cancelled_by                        | E | —                                       | R requested_by → ErasedUserId, cancelled_by → null (money record) |
 * | clubs.payout_requests       | requested_by                                      | E | —                                       | R requested_by → ErasedUserId (money record)          |
 * | clubs.settlements, settlement_entries, commission_overrides, organizer_links | none (club / admin) | – | — | —                                         |
 *
 * "Solely owns" = `owner_user_id` is the user and no other ACTIVE OWNER member exists: only then is
 * the club's KYC (a proprietor's bank account and PAN) the user's personal data. No table of this
 * context holds the user's name, phone or e-mail (views join accounts.users, scrubbed by the
 * accounts section), so the request itself only touches the KYC.
 * Not covered: the Redis leaderboard caches keep the erased id's score until the club's boards are
 * rebuilt (`pnpm cli clubs leaderboards rebuild <clubId>`); the KYC document blobs stay in the
 * blob store unreferenced (as for organizer KYC).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Compliance } from "@podium/core"
import { Clubs, Platform } from "@podium/core"
import { Effect } from "effect"
import { ids, rowsOf } from "../rows.pg.js"

const KycErasedReason = "Bank details and documents were erased at the owner's data-erasure request; resubmit them to receive payouts"

export const ClubsPersonalDataSection: Effect.Effect<Compliance.PersonalDataSection, never, SqlClient.SqlClient | Platform.AuditLog> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const audit = yield* Platform.AuditLog
  const erased = Clubs.ErasedUserId
  const members = rowsOf(Clubs.ClubMember)

  /** Clubs the user owns with no other ACTIVE OWNER member. */
  const soleOwnedClubs = (userId: string) =>
    sql`(select c.id from clubs.clubs c where c.owner_user_id = ${userId}
         and not exists (select 1 from clubs.members o where o.club_id = c.id and o.role = 'OWNER' and o.status = 'ACTIVE' and o.user_id <> ${userId}))`

  /**
   * Applies the owned-club rule (club-erasure.policy.ts) to every club the user owns. The club row is
   * locked; members are read without locks (members whose own erasure is pending are not heirs) and
   * the heir is promoted by a conditional update, so an heir who left meanwhile is skipped and the
   * choice is made again. Two ticks erasing different owners lock disjoint club rows.
   */
  const handOverOwnedClubs = (userId: string) =>
    Effect.gen(function*() {
      const owned = yield* ids.all(sql`select id from clubs.clubs where owner_user_id = ${userId} order by created_at for update`)
      for (const { id } of owned) {
        let settled = false
        for (let attempt = 0; attempt < 3 && !settled; attempt++) {
          const candidates = yield* members.all(sql`
            select m.* from clubs.members m where m.club_id = ${id}
              and not exists (select 1 from compliance.erasure_requests r where r.user_id = m.user_id and r.status = 'REQUESTED')`)
          const next = Clubs.ownedClubSuccession(userId, candidates)
          if (next._tag === "TransferTo") {
            const promoted = yield* sql`
              update clubs.members set role = 'OWNER', updated_at = now()
              where id = ${next.member.id} and status = 'ACTIVE' and role = ${next.member.role} returning id`
            if (promoted.length === 0) continue
            yield* sql`update clubs.clubs set owner_user_id = ${next.member.userId}, updated_at = now() where id = ${id}`
            yield* audit.append({
              action: "club.ownership.transferred",
              actor: { kind: "system", id: null },
              subject: { kind: "club", id },
              reason: Clubs.OwnerErasedReason,
              data: { toUserId: next.member.userId, toMemberId: next.member.id, previousRole: next.member.role }
            })
            settled = true
          } else {
            yield* deactivate(id, next.reason)
            settled = true
          }
        }
        if (!settled) yield* deactivate(id, Clubs.OwnerErasedReason)
      }
    })

  const deactivate = (id: string, reason: string) =>
    Effect.gen(function*() {
      yield* sql`
        update clubs.clubs set is_active = false, deactivation_reason = ${reason}, owner_user_id = ${erased}, updated_at = now()
        where id = ${id}`
      yield* audit.append({ action: "club.deactivated", actor: { kind: "system", id: null }, subject: { kind: "club", id }, reason })
    })

  return {
    name: "clubs",
    export: (userId) =>
      Effect.all({
        memberships: sql`
          select m.id, m.club_id, c.name as club_name, m.role, m.status, m.tier_id, m.joined_at, m.created_at
          from clubs.members m join clubs.clubs c on c.id = m.club_id where m.user_id = ${userId} order by m.created_at`,
        ownedClubs: sql`
          select c.id, c.name, c.slug, c.description, c.city, c.club_type, c.status, c.is_active, c.deactivation_reason,
            c.verification_status, c.id in ${soleOwnedClubs(userId)} as sole_owner, c.created_at
          from clubs.clubs c where c.owner_user_id = ${userId} order by c.created_at`,
        relations: sql`select club_id, kind, created_at from clubs.relations where user_id = ${userId} order by created_at, kind`,
        invites: sql`
          select id, club_id, kind, role, expires_at, uses, revoked_at, created_at
          from clubs.invites where target_user_id = ${userId} order by created_at`,
        inviteRedemptions: sql`
          select r.invite_id, i.club_id, r.created_at from clubs.invite_redemptions r join clubs.invites i on i.id = r.invite_id
          where r.user_id = ${userId} order by r.created_at`,
        runRsvps: sql`
          select r.run_id, u.club_id, u.title, u.starts_at, r.status, r.updated_at
          from clubs.run_rsvps r join clubs.runs u on u.id = r.run_id where r.user_id = ${userId} order by u.starts_at`,
        runAttendance: sql`
          select a.run_id, u.club_id, u.title, u.starts_at, a.present, a.source, a.marked_at
          from clubs.run_attendance a join clubs.runs u on u.id = a.run_id where a.user_id = ${userId} order by u.starts_at`,
        tierMemberships: sql`
          select id, club_id, tier_id, status, current_period_start, current_period_end, cancel_at_period_end, canceled_at,
            last_payment_id, created_at
          from clubs.tier_memberships where user_id = ${userId} order by created_at`,
        tierCheckouts: sql`
          select id, club_id, tier_id, promo_id, list_amount::float8 as list_amount, discount_amount::float8 as discount_amount,
            amount::float8 as amount, currency, status, provider, gateway_order_id, payment_id, paid_at, created_at
          from clubs.tier_checkouts where user_id = ${userId} order by created_at`,
        pointsEntries: sql`
          select id, club_id, points, kind, reason, sport_id, occurred_at, created_at
          from clubs.points_entries where user_id = ${userId} order by created_at, id`,
        membersOfTheMonth: sql`
          select club_id, month_key, points, detected_at from clubs.members_of_the_month where user_id = ${userId} order by month_key`,
        awards: sql`
          select id, club_id, name, description, period_key, revoked_at, created_at from clubs.awards where user_id = ${userId} order by created_at`,
        announcements: sql`
          select id, club_id, title, body, pinned, deleted_at, created_at
          from clubs.announcements where author_kind = 'user' and author_id = ${userId} order by created_at`,
        clubKyc: sql`
          select club_id, status, bank_account_last4, ifsc_code, account_holder_name, pan_number, pan_name,
            (select coalesce(jsonb_agg(k), '[]'::jsonb) from jsonb_object_keys(documents) k) as documents, submitted_at, reviewed_at
          from clubs.club_kyc where club_id in ${soleOwnedClubs(userId)} order by created_at`,
        rcGrantRequests: sql`
          select id, club_id, requested_rc, approved_rc, reason, status, created_at
          from clubs.rc_grants where requested_by = ${userId} order by created_at`,
        payoutRequests: sql`
          select id, club_id, amount::float8 as amount, currency, status, created_at
          from clubs.payout_requests where requested_by = ${userId} order by created_at`
      }).pipe(Effect.orDie),
    // Only the sole-owned club's KYC holds the person's own data (bank account, names, documents).
    scramble: (userId) =>
      sql`
        update clubs.club_kyc set bank_account_sealed = null, bank_account_fingerprint = null, documents = '{}'::jsonb,
          account_holder_name = null, pan_name = null,
          bank_check = case when bank_check ? 'accountHolderName' then jsonb_set(bank_check, '{accountHolderName}', 'null'::jsonb) else bank_check end,
          review_reason = case when status in ('UNDER_REVIEW', 'APPROVED') then ${KycErasedReason} else review_reason end,
          status = case when status in ('UNDER_REVIEW', 'APPROVED') then 'RESUBMIT' else status end,
          updated_at = now()
        where club_id in ${soleOwnedClubs(userId)}`.pipe(Effect.orDie, Effect.asVoid),
    hardDelete: (userId) =>
      Effect.gen(function*() {
        yield* handOverOwnedClubs(userId)
        // Deleted: what is only about the person.
        yield* sql`delete from clubs.members where user_id = ${userId}`
        yield* sql`delete from clubs.tier_memberships where user_id = ${userId}`
        yield* sql`delete from clubs.relations where user_id = ${userId}`
        yield* sql`delete from clubs.invites where target_user_id = ${userId}`
        yield* sql`delete from clubs.invite_redemptions where user_id = ${userId}`
        yield* sql`delete from clubs.run_rsvps where user_id = ${userId}`
        yield* sql`delete from clubs.run_attendance where user_id = ${userId}`
        yield* sql`delete from clubs.points_entries where user_id = ${userId}`
        yield* sql`delete from clubs.members_of_the_month where user_id = ${userId}`
        yield* sql`delete from clubs.awards where user_id = ${userId}`
        yield* sql`delete from clubs.tier_checkouts where user_id = ${userId} and status = 'OPEN'`
        // Retained, de-identified: the club's records and the money records.
        yield* sql`update clubs.tier_checkouts set user_id = ${erased} where user_id = ${userId}`
        yield* sql`update clubs.tier_promos set created_by = ${erased} where created_by = ${userId}`
        yield* sql`update clubs.points_entries set created_by = ${erased} where created_by = ${userId}`
        yield* sql`update clubs.members_of_the_month set detected_by = ${erased} where detected_by = ${userId}`
        yield* sql`update clubs.awards set awarded_by = ${erased} where awarded_by = ${userId}`
        yield* sql`update clubs.awards set revoked_by = null where revoked_by = ${userId}`
        yield* sql`update clubs.recognition_rules set created_by = ${erased} where created_by = ${userId}`
        yield* sql`update clubs.segments set created_by = ${erased} where created_by = ${userId}`
        yield* sql`update clubs.invites set created_by = null where created_by = ${userId}`
        yield* sql`update clubs.runs set created_by = null where created_by = ${userId}`
        yield* sql`update clubs.run_attendance set marked_by = null where marked_by = ${userId}`
        yield* sql`update clubs.channels set created_by = null where created_by = ${userId}`
        yield* sql`update clubs.announcements set author_id = null where author_kind = 'user' and author_id = ${userId}`
        yield* sql`update clubs.announcement_blasts set requested_by = null where requested_by = ${userId}`
        yield* sql`update clubs.rc_grants set requested_by = ${erased} where requested_by = ${userId}`
        yield* sql`update clubs.rc_grants set cancelled_by = null where cancelled_by = ${userId}`
        yield* sql`update clubs.payout_requests set requested_by = ${erased} where requested_by = ${userId}`
      }).pipe(Effect.orDie)
  } satisfies Compliance.PersonalDataSection
})
