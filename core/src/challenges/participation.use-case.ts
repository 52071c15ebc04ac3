/**
 * Challenge participations: an athlete joins (free; the cap is enforced by the store under the
 * challenge's row lock) and leaves; anyone lists a public challenge's joined athletes; admins list
 * and revoke participations and read the management statistics and an athlete's summary.
 */
import type { Challenge, ChallengeParticipation } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { requireInAudience } from "./audience.use-case.js"
import { BadgeRepo } from "./badge.port.js"
import { ChallengeNotFound, ParticipationNotFound } from "./challenge.model.js"
import { ChallengeRepo, type PageRequest, type ParticipationFilter, ParticipationRepo } from "./challenge.port.js"
import { getPublicChallenge } from "./challenge.use-case.js"

const known = (challengeId: string) => (isUuid(challengeId) ? Effect.void : Effect.fail(new ChallengeNotFound({ ref: challengeId })))

/** The caller joins an ACTIVE challenge that has not ended and has room (rejoining after a leave), when in its audience. */
export const joinChallenge = Effect.fn("challenges.participations.join")(function*(athlete: Principal, challengeId: string) {
  yield* known(challengeId)
  yield* requireInAudience(athlete, challengeId)
  const now = new Date(yield* Clock.currentTimeMillis)
  return yield* Effect.flatMap(ParticipationRepo, (r) => r.join(challengeId, athlete.accountId, now))
})

/** The caller leaves a challenge they joined (while it is ACTIVE or PAUSED). */
export const leaveChallenge = Effect.fn("challenges.participations.leave")(function*(athlete: Principal, challengeId: string) {
  yield* known(challengeId)
  return yield* Effect.flatMap(ParticipationRepo, (r) => r.leave(challengeId, athlete.accountId))
})

/** The caller's participation in one challenge. */
export const myParticipation = Effect.fn("challenges.participations.mine")(function*(athlete: Principal, challengeId: string) {
  yield* known(challengeId)
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.find(challengeId, athlete.accountId))
  if (Option.isNone(found)) return yield* new ParticipationNotFound({ ref: challengeId })
  return found.value
})

/** A participation with its challenge. */
export interface ParticipationWithChallenge extends ChallengeParticipation {
  readonly challenge: Challenge
}

const withChallenges = (items: ReadonlyArray<ChallengeParticipation>) =>
  Effect.flatMap(ChallengeRepo, (r) => r.findByIds([...new Set(items.map((p) => p.challengeId))])).pipe(
    Effect.map((challenges) => {
      const byId = new Map(challenges.map((c) => [c.id, c]))
      return items.flatMap((p): Array<ParticipationWithChallenge> => {
        const challenge = byId.get(p.challengeId)
        return challenge === undefined ? [] : [{ ...p, challenge }]
      })
    })
  )

/** The caller's participations (optionally of one status), newest join first, each with its challenge. */
export const myParticipations = Effect.fn("challenges.participations.listMine")(function*(
  athlete: Principal,
  status: ChallengeParticipation["status"] | undefined,
  page: PageRequest
) {
  const result = yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ userId: athlete.accountId, status }, page))
  return { items: yield* withChallenges(result.items), total: result.total }
})

/** Admin: one athlete's participations, newest join first, each with its challenge. */
export const adminUserParticipations = Effect.fn("challenges.participations.ofUser")(function*(
  userId: string,
  status: ChallengeParticipation["status"] | undefined,
  page: PageRequest
) {
  const result = yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ userId, status }, page))
  return { items: yield* withChallenges(result.items), total: result.total }
})

/** The athletes joined to a public challenge, newest first. */
export const challengeParticipants = Effect.fn("challenges.participants")(function*(id: string, page: PageRequest) {
  const challenge = yield* getPublicChallenge(id)
  return yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ challengeId: challenge.id, status: "JOINED" }, page))
})

/** Admin: participations filtered by challenge, athlete and status. */
export const adminListParticipations = (filter: ParticipationFilter, page: PageRequest) =>
  Effect.flatMap(ParticipationRepo, (r) => r.list(filter, page))

const findParticipation = (id: string) =>
  Effect.flatMap(ParticipationRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ParticipationNotFound({ ref: id })), onSome: Effect.succeed }))
  )

/**
 * Admin: revokes a participation (the athlete is out and cannot rejoin): it leaves the leaderboard
 * (only JOINED athletes are ranked) and the badges that challenge earned the athlete are taken back,
 * in the same transaction; audited on the challenge.
 */
export const revokeParticipation = Effect.fn("challenges.participations.revoke")(function*(admin: Principal, id: string, reason: string) {
  yield* findParticipation(id)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const revoked = yield* Effect.flatMap(ParticipationRepo, (r) => r.revoke(id, reason))
      const badgesRevoked = yield* Effect.flatMap(BadgeRepo, (r) => r.revokeAwards(revoked.userId, revoked.challengeId))
      yield* Effect.flatMap(AuditLog, (log) =>
        log.append({
          action: "challenges.participation.revoked",
          actor: { kind: admin.accountKind, id: admin.accountId },
          subject: { kind: "challenge", id: revoked.challengeId },
          reason,
          data: { participationId: revoked.id, userId: revoked.userId, badgesRevoked }
        }))
      return revoked
    })))
})

const zeroed = (keys: ReadonlyArray<string>, counts: Readonly<Record<string, number>>) =>
  Object.fromEntries(keys.map((k) => [k, counts[k] ?? 0])) as Record<string, number>

/** Admin: challenges by status and participations by status. */
export const challengeManagementStats = Effect.gen(function*() {
  const challenges = zeroed(["DRAFT", "REJECTED", "ACTIVE", "PAUSED", "CLOSED", "CANCELLED"], yield* Effect.flatMap(ChallengeRepo, (r) => r.countByStatus()))
  const participations = zeroed(["JOINED", "LEFT", "REVOKED"], yield* Effect.flatMap(ParticipationRepo, (r) => r.countByStatus({})))
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)
  return {
    challenges: { total: total(challenges), byStatus: challenges },
    participations: { total: total(participations), byStatus: participations }
  }
})

/** Admin: one athlete's participations by status. */
export const userChallengeSummary = Effect.fn("challenges.userSummary")(function*(userId: string) {
  const byStatus = zeroed(["JOINED", "LEFT", "REVOKED"], yield* Effect.flatMap(ParticipationRepo, (r) => r.countByStatus({ userId })))
  return { userId, total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus }
})

/** Admin: the audit trail of challenges (one challenge, or all), newest first. */
export const challengeHistory = Effect.fn("challenges.history")(function*(query: {
  readonly challengeId?: string | undefined
  readonly beforeSeq?: number | undefined
  readonly limit: number
}) {
  return yield* Effect.flatMap(AuditLog, (log) =>
    log.list({
      subjectKind: "challenge",
      ...(query.challengeId === undefined ? {} : { subjectId: query.challengeId }),
      ...(query.beforeSeq === undefined ? {} : { beforeSeq: query.beforeSeq }),
      limit: query.limit
    }))
})
