/**
 * Proofs of virtual efforts (B "Proofs", C "Action center"). An athlete with a confirmed
 * registration for a virtual edition submits one effort (an activity of theirs or an evidence
 * link, with the elapsed time) inside the edition's proof window; an admin approves or rejects it.
 *
 * Approve, in one transaction: the conditional move pending → approved, the effort ingested on the
 * edition's leaderboard (the admin ingest's own repository call, so places and revisions follow
 * the same rules), and the finisher rewards issued to the athlete's action center (finisher RC,
 * credited through the ledger when claimed, and the finisher badge). Resolve is idempotent: the
 * same decision again answers the proof as it stands; anything else on a proof that is no longer
 * pending is 409.
 *
 * Revoke, in one transaction and exactly once (approved → revoked is one conditional update; a
 * second revoke is 409): the leaderboard entry is taken off, the athlete's certificate of the event
 * revoked, the unclaimed rewards voided and claimed finisher RC taken back through the ledger.
 */
import type { ClaimableReward, Edition, EditionRegistration, Proof, ResultGender } from "@podium/kernel"
import { Clock, Effect, Either, Option } from "effect"
import { ActivityRepo } from "../activities/activity.port.js"
import { EditionRepo } from "../events/edition.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { athleteRcWallet } from "../wallets/ledger.model.js"
import { Ledger } from "../wallets/ledger.port.js"
import { transfer } from "../wallets/wallets.use-case.js"
import { CertificateRepo } from "./certificates.port.js"
import {
  ClaimableRewardMoves,
  FinisherRewardRc,
  FinisherRewardsAccount,
  ParticipationNotFound,
  ProofInvalid,
  ProofNotAccepted,
  ProofNotFound,
  proofDueAt,
  proofSource
} from "./proofs.model.js"
import { ClaimableRewardRepo, ProofRepo } from "./proofs.port.js"
import { ResultsRepo } from "./results.port.js"

const nowDate = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
const adminRef = (admin: Principal) => `admin:${admin.accountId}`

/** The leaderboard of a virtual edition's efforts: one per edition (one edition per year of an event). */
export const virtualLeaderboardName = (edition: Pick<Edition, "year">) => `Virtual ${edition.year}`

/** Why the registration cannot take a proof at `now` (undefined when it can). */
const notAcceptedReason = (registration: EditionRegistration, edition: Edition, now: Date): string | undefined =>
  registration.status !== "confirmed"
    ? `the registration is ${registration.status}`
    : edition.mode !== "virtual"
    ? "the edition is not virtual"
    : edition.status === "cancelled" || edition.status === "draft"
    ? `the edition is ${edition.status}`
    : now.getTime() < edition.startsAt.getTime()
    ? "the proof window has not opened yet"
    : now.getTime() >= proofDueAt(edition).getTime()
    ? "the proof window has closed"
    : undefined

/** A proof keeps the participation busy while pending or approved; a rejected or revoked one does not. */
const isLive = (proof: Proof) => proof.status === "pending" || proof.status === "approved"

/** A participation that needs a proof now: the registration, its edition, the deadline and the last rejection. */
export interface PendingProof {
  readonly participationId: string
  readonly edition: Edition
  readonly proofDueAt: Date
  readonly lastRejection: { readonly proofId: string; readonly reason: string | null; readonly resolvedAt: Date | null } | null
}

/** Registrations read per call: an athlete's registrations of one page of the registrations read. */
const RegistrationsScanned = 500

/** `GET /v2/users/me/pending-proofs`: virtual editions in their proof window the caller has no live proof for, deadline first. */
export const pendingProofs = Effect.fn("results.proofs.pending")(function*(userId: string) {
  const now = yield* nowDate
  const registrations = yield* Effect.flatMap(EditionRepo, (r) => r.registrationsOf(userId, RegistrationsScanned, 0))
  const open = registrations.data.filter((r) => notAcceptedReason(r, r.edition, now) === undefined)
  const proofs = yield* Effect.flatMap(ProofRepo, (r) => r.ofParticipations(open.map((r) => r.id)))
  return open
    .filter((r) => !proofs.some((p) => p.participationId === r.id && isLive(p)))
    .map((r): PendingProof => {
      const rejected = proofs.find((p) => p.participationId === r.id && p.status === "rejected")
      return {
        participationId: r.id,
        edition: r.edition,
        proofDueAt: proofDueAt(r.edition),
        lastRejection: rejected === undefined ? null : { proofId: rejected.id, reason: rejected.reason, resolvedAt: rejected.resolvedAt }
      }
    })
    .sort((a, b) => a.proofDueAt.getTime() - b.proofDueAt.getTime())
})

export interface SubmitProofInput {
  readonly activityId?: string | undefined
  readonly evidenceUrl?: string | undefined
  readonly elapsedSeconds: number
  readonly startedAt?: Date | undefined
  readonly gender?: ResultGender | undefined
  readonly ageGroup?: string | undefined
}

/**
 * `POST /v2/users/me/pending-proofs/{participationId}/submit`. Exactly one of activity and evidence
 * link. An activity must be the caller's own, started inside the proof window, and fixes the
 * effort's start; with a link the start is the one given, else the submission instant minus the
 * elapsed time (what a manual entry means).
 */
export const submitProof = Effect.fn("results.proofs.submit")(function*(principal: Principal, participationId: string, input: SubmitProofInput) {
  if ((input.activityId === undefined) === (input.evidenceUrl === undefined)) {
    return yield* new ProofInvalid({ messages: ["exactly one of activityId, evidenceUrl must be given"] })
  }
  const now = yield* nowDate
  const editions = yield* EditionRepo
  const registration = isUuid(participationId) ? yield* editions.findRegistration(participationId) : Option.none()
  if (Option.isNone(registration) || registration.value.userId !== principal.accountId) return yield* new ParticipationNotFound({ ref: participationId })
  const edition = yield* editions.findById(registration.value.editionId)
  if (Option.isNone(edition)) return yield* new ParticipationNotFound({ ref: participationId })
  const reason = notAcceptedReason(registration.value, edition.value, now)
  if (reason !== undefined) return yield* new ProofNotAccepted({ participationId, reason })
  let startedAt = input.startedAt ?? new Date(now.getTime() - input.elapsedSeconds * 1000)
  if (input.activityId !== undefined) {
    const activity = yield* Effect.flatMap(ActivityRepo, (r) => r.findById(input.activityId!))
    const inWindow = Option.isSome(activity) && activity.value.userId === principal.accountId &&
      activity.value.startedAt.getTime() >= edition.value.startsAt.getTime() && activity.value.startedAt.getTime() < proofDueAt(edition.value).getTime()
    if (!inWindow) return yield* new ProofInvalid({ messages: ["activityId must be one of your activities started within the proof window"] })
    startedAt = activity.value.startedAt
  } else if (startedAt.getTime() + input.elapsedSeconds * 1000 > now.getTime()) {
    return yield* new ProofInvalid({ messages: ["startedAt plus elapsedSeconds must not be in the future"] })
  }
  const proof = yield* Effect.flatMap(ProofRepo, (r) =>
    r.submit({
      participationId: registration.value.id,
      editionId: edition.value.id,
      eventId: edition.value.eventId,
      userId: principal.accountId,
      activityId: input.activityId ?? null,
      evidenceUrl: input.evidenceUrl ?? null,
      elapsedSeconds: input.elapsedSeconds,
      startedAt,
      gender: input.gender ?? "other",
      ageGroup: input.ageGroup ?? null,
      at: now
    }))
  yield* auditSubject("proof.submitted", principal, { kind: "proof", id: proof.id }, { data: { participationId, editionId: edition.value.id } })
  return proof
})

// ---------------------------------------------------------------------------------------------
// Admin

export const proofReviewQueue = Effect.fn("results.proofs.queue")(function*(query: { readonly page: number; readonly limit: number; readonly editionId?: string | undefined }) {
  const found = yield* Effect.flatMap(ProofRepo, (r) => r.queue({ limit: query.limit, offset: (query.page - 1) * query.limit, editionId: query.editionId }))
  return { items: found.items, total: found.total, page: query.page, limit: query.limit }
})

const proofOf = (id: string) =>
  Effect.gen(function*() {
    const found = isUuid(id) ? yield* Effect.flatMap(ProofRepo, (r) => r.findById(id)) : Option.none()
    if (Option.isNone(found)) return yield* new ProofNotFound({ ref: id })
    return found.value
  })

export interface ResolveProofInput {
  readonly decision: "approve" | "reject"
  readonly reason?: string | undefined
}

/** The finisher rewards an approved proof earns (issued once per proof: one per source and kind). */
const finisherRewards = (proof: Proof, edition: Edition, at: Date) => {
  const what = edition.name
  return [
    { userId: proof.userId, kind: "rc" as const, title: `Finisher RC: ${what}`.slice(0, 160), amount: FinisherRewardRc, badge: null, source: proofSource(proof.id), at },
    { userId: proof.userId, kind: "badge" as const, title: `Finisher: ${what}`.slice(0, 160), amount: 0, badge: "finisher", source: proofSource(proof.id), at }
  ]
}

/** `POST /v2/admin/proofs/{proofId}/resolve`: approve or reject a pending proof, idempotently. */
export const resolveProof = Effect.fn("results.proofs.resolve")(function*(admin: Principal, proofId: string, input: ResolveProofInput) {
  if (input.decision === "reject" && input.reason === undefined) return yield* new ProofInvalid({ messages: ["reason should not be empty"] })
  const proof = yield* proofOf(proofId)
  const target = input.decision === "approve" ? "approved" : "rejected"
  // The same decision again answers the proof as it stands (idempotent); the conditional move below
  // is the gate when two resolutions race.
  if (proof.status === target) return proof
  const now = yield* nowDate
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const proofs = yield* ProofRepo
    const moved = yield* Effect.either(proofs.move(proof.id, input.decision, { by: adminRef(admin), reason: input.reason ?? null, at: now }))
    if (Either.isLeft(moved)) {
      const current = yield* proofOf(proof.id)
      if (current.status === target) return current
      return yield* moved.left
    }
    let current = moved.right
    if (input.decision === "approve") {
      const edition = yield* Effect.flatMap(EditionRepo, (r) => r.findById(current.editionId))
      if (Option.isNone(edition)) return yield* Effect.dieMessage(`edition ${current.editionId} of proof ${current.id} is missing`)
      const done = yield* Effect.flatMap(ResultsRepo, (r) =>
        r.ingest(current.eventId, virtualLeaderboardName(edition.value), [{
          userId: current.userId,
          gender: current.gender,
          ageGroup: current.ageGroup,
          startedAt: current.startedAt,
          finishedAt: new Date(current.startedAt.getTime() + current.elapsedSeconds * 1000)
        }]))
      current = yield* proofs.setLeaderboard(current.id, done.leaderboard.id)
      yield* Effect.flatMap(ClaimableRewardRepo, (r) => r.issue(finisherRewards(current, edition.value, now)))
    }
    yield* auditSubject(`proof.${target}`, admin, { kind: "proof", id: current.id }, {
      ...(input.reason === undefined ? {} : { reason: input.reason }),
      data: { participationId: current.participationId, leaderboardId: current.leaderboardId }
    })
    return current
  }))
})

/** RC of a claimed reward taken back: all of it, or what the wallet still holds when the athlete spent some. */
const clawBack = (proof: Proof, reward: ClaimableReward) =>
  Effect.gen(function*() {
    const wallet = athleteRcWallet(reward.userId)
    const balance = yield* Effect.flatMap(Ledger, (l) => l.balance(wallet))
    const amount = Math.min(reward.amount, balance)
    if (amount <= 0) return 0
    yield* transfer({
      from: wallet,
      to: FinisherRewardsAccount,
      amount,
      reason: "finisher reward clawed back: proof revoked",
      idempotencyKey: `claimable-reward:${reward.id}:clawback`,
      metadata: { proofId: proof.id, rewardId: reward.id }
    }).pipe(Effect.orDie)
    return amount
  })

/** `POST /v2/admin/proofs/{proofId}/revoke`: exactly once; everything the approval granted is undone in one transaction. */
export const revokeProof = Effect.fn("results.proofs.revoke")(function*(admin: Principal, proofId: string, reason: string) {
  yield* proofOf(proofId)
  const now = yield* nowDate
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const proofs = yield* ProofRepo
    const revoked = yield* proofs.move(proofId, "revoke", { by: adminRef(admin), reason, at: now })
    const withdrawn = revoked.leaderboardId === null ? false : yield* Effect.flatMap(ResultsRepo, (r) => r.withdraw(revoked.leaderboardId!, revoked.userId))
    const certificates = yield* CertificateRepo
    const held = yield* certificates.mine(revoked.userId, revoked.eventId)
    yield* Effect.forEach(held, (c) => certificates.move(c.id, "revoke", adminRef(admin), reason, now).pipe(Effect.catchTag("MoveRefused", () => Effect.void)), { discard: true })
    const rewards = yield* ClaimableRewardRepo
    let clawed = 0
    for (const reward of yield* rewards.lockOfSource(proofSource(revoked.id))) {
      if (!ClaimableRewardMoves.allows(reward.status, "void")) continue
      if (reward.status === "claimed" && reward.kind === "rc") clawed += yield* clawBack(revoked, reward)
      yield* rewards.void(reward.id, now).pipe(Effect.orDie)
    }
    const done = yield* proofs.setClawedBack(revoked.id, clawed)
    yield* auditSubject("proof.revoked", admin, { kind: "proof", id: done.id }, {
      reason,
      data: { leaderboardWithdrawn: withdrawn, certificatesRevoked: held.length, clawedBackRc: clawed }
    })
    return { proof: done, leaderboardEntryRemoved: withdrawn, certificatesRevoked: held.length, clawedBackRc: clawed }
  }))
})
