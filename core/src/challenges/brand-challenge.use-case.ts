/**
 * Brand challenges: the admins' approvals queue (DRAFT brand challenges) and its decisions, which
 * are the challenge review move (see brand-challenge.model.ts), and clubs' entries in approved
 * brand challenges (join emits `club.brand_challenge.joined`, an audit row like every club event).
 */
import type { ChallengeParticipation, ClubMember } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { auditClub } from "../clubs/club.use-case.js"
import { ClubMemberRepo } from "../clubs/club.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { Transactor } from "../platform/transactor.port.js"
import { findBrand } from "../sponsors/sponsor.use-case.js"
import { BrandChallengeBrandNotApproved, BrandChallengeClosed, BrandChallengeNotApproved, BrandChallengeNotFound } from "./brand-challenge.model.js"
import { ClubBrandEntryRepo } from "./brand-challenge.port.js"
import { ChallengeRepo, type PageRequest, ParticipationRepo } from "./challenge.port.js"
import { reviewChallenge } from "./challenge.use-case.js"

const findBrandChallenge = Effect.fn("challenges.brand.find")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(ChallengeRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found) || found.value.creatorType !== "brand") return yield* new BrandChallengeNotFound({ id })
  return found.value
})

/** Brand challenges waiting for the platform's approval (DRAFT), newest first. */
export const pendingBrandChallenges = Effect.fn("challenges.brand.pending")(function*(page: PageRequest) {
  const now = new Date(yield* Clock.currentTimeMillis)
  return yield* Effect.flatMap(ChallengeRepo, (r) => r.list({ creatorType: "brand", statuses: ["DRAFT"], now, sort: "newest" }, page))
})

/** The brand must still be APPROVED for its challenge to go live. */
const requireApprovedBrand = (brandId: string) =>
  Effect.flatMap(findBrand(brandId), (brand) =>
    brand.status === "APPROVED" ? Effect.void : Effect.fail(new BrandChallengeBrandNotApproved({ brandId: brand.id, status: brand.status })))

/** Approves a pending brand challenge (DRAFT → ACTIVE; of two concurrent approvals one wins, the other 409 CHALLENGE_MOVE_REFUSED). */
export const approveBrandChallenge = Effect.fn("challenges.brand.approve")(function*(admin: Principal, id: string) {
  const challenge = yield* findBrandChallenge(id)
  yield* requireApprovedBrand(challenge.creatorId)
  return yield* reviewChallenge(admin, challenge.id, { decision: "APPROVE" })
})

/** Rejects a pending brand challenge with the reason the brand is shown (DRAFT → REJECTED). */
export const rejectBrandChallenge = Effect.fn("challenges.brand.reject")(function*(admin: Principal, id: string, reason: string) {
  const challenge = yield* findBrandChallenge(id)
  return yield* reviewChallenge(admin, challenge.id, { decision: "REJECT", note: reason })
})

/** The challenge a club may enter: a brand challenge that went live and has not ended. */
const joinableBrandChallenge = Effect.fn("challenges.brand.joinable")(function*(id: string) {
  const challenge = yield* findBrandChallenge(id)
  if (challenge.status === "DRAFT" || challenge.status === "REJECTED") return yield* new BrandChallengeNotApproved({ id: challenge.id, status: challenge.status })
  if (challenge.status === "CLOSED" || challenge.status === "CANCELLED") return yield* new BrandChallengeClosed({ id: challenge.id, status: challenge.status })
  return challenge
})

/** A club (its OWNER/ADMIN, checked by the tenancy guard) joins an approved brand challenge; joining again changes nothing. */
export const joinBrandChallenge = Effect.fn("challenges.brand.clubJoin")(function*(principal: Principal, clubId: string, challengeId: string) {
  const challenge = yield* joinableBrandChallenge(challengeId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const { entry, joined } = yield* Effect.flatMap(ClubBrandEntryRepo, (r) => r.join(clubId, challenge.id, principal.accountId))
      if (joined) yield* auditClub("club.brand_challenge.joined", principal, clubId, { data: { challengeId: challenge.id, brandId: challenge.creatorId } })
      return entry
    })))
})

/** A club withdraws from a brand challenge it joined (its members' own participations are theirs and stay). */
export const withdrawBrandChallenge = Effect.fn("challenges.brand.clubWithdraw")(function*(principal: Principal, clubId: string, challengeId: string) {
  const challenge = yield* findBrandChallenge(challengeId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const entry = yield* Effect.flatMap(ClubBrandEntryRepo, (r) => r.withdraw(clubId, challenge.id))
      yield* auditClub("club.brand_challenge.withdrawn", principal, clubId, { data: { challengeId: challenge.id, brandId: challenge.creatorId } })
      return entry
    })))
})

const Batch = 500

/** Every page of a paged read, concatenated. */
const allPages = <A, E, R>(read: (offset: number) => Effect.Effect<{ readonly items: ReadonlyArray<A>; readonly total: number }, E, R>) =>
  Effect.gen(function*() {
    const out: Array<A> = []
    for (;;) {
      const page = yield* read(out.length)
      out.push(...page.items)
      if (page.items.length === 0 || out.length >= page.total) return out
    }
  })

/**
 * The participations of the club's ACTIVE members in a brand challenge (joined, left or revoked),
 * with the club's entry (null before it joins), oldest join first.
 */
export const clubBrandChallengeParticipations = Effect.fn("challenges.brand.clubParticipations")(function*(clubId: string, challengeId: string, page: PageRequest) {
  const challenge = yield* findBrandChallenge(challengeId)
  const entry = yield* Effect.flatMap(ClubBrandEntryRepo, (r) => r.find(clubId, challenge.id))
  const members = yield* allPages((offset) => Effect.flatMap(ClubMemberRepo, (r) => r.list(clubId, { status: "ACTIVE", limit: Batch, offset })))
  const memberIds = new Set(members.map((m: ClubMember) => m.userId))
  const participations = yield* allPages((offset) =>
    Effect.flatMap(ParticipationRepo, (r) => r.list({ challengeId: challenge.id }, { page: Math.floor(offset / Batch) + 1, limit: Batch })))
  const ofMembers = participations
    .filter((p: ChallengeParticipation) => memberIds.has(p.userId) && p.status !== "PENDING_PAYMENT")
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || (a.id < b.id ? -1 : 1))
  return {
    challengeId: challenge.id,
    clubEntry: Option.getOrNull(entry),
    items: ofMembers.slice((page.page - 1) * page.limit, page.page * page.limit),
    total: ofMembers.length
  }
})
