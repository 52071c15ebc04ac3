/**
 * In-memory twins of the challenge, participation and template repositories, with the Postgres
 * adapter's visible rules: the same move tables, the cap checked before a join counts, the slug
 * unique, the same filters and orders. Each method runs without yielding, so it is atomic here.
 */
import type { Challenge, ChallengeParticipation, ChallengeTemplate } from "@podium/kernel"
import { Context, Effect, Either, Layer, Option } from "effect"
import {
  AlreadyJoined,
  ChallengeCapBelowParticipants,
  ChallengeFull,
  ChallengeMoves,
  ChallengeNotDeletable,
  ChallengeNotEditable,
  ChallengeNotFound,
  ChallengeNotJoinable,
  ChallengeSlugTaken,
  DeletableStatuses,
  EditableStatuses,
  ParticipationMoves,
  ParticipationNotFound,
  ParticipationRevoked
} from "../challenges/challenge.model.js"
import { ChallengeRepo, ChallengeTemplateRepo, type PageRequest, type ParticipationFilter, ParticipationRepo } from "../challenges/challenge.port.js"
import { nextMemoryId } from "./sequential-id.js"

const pageOf = <A>(rows: ReadonlyArray<A>, p: PageRequest) => ({ items: rows.slice((p.page - 1) * p.limit, p.page * p.limit), total: rows.length })
const countBy = <A>(rows: ReadonlyArray<A>, key: (a: A) => string) => {
  const out: Record<string, number> = {}
  for (const row of rows) out[key(row)] = (out[key(row)] ?? 0) + 1
  return out
}

export const ChallengesReposMemory: Layer.Layer<ChallengeRepo | ParticipationRepo | ChallengeTemplateRepo> = Layer.effectContext(Effect.sync(() => {
  const challenges = new Map<string, Challenge>()
  const participations = new Map<string, ChallengeParticipation>()
  const templates = new Map<string, ChallengeTemplate>()
  const get = (id: string) => Option.fromNullable(challenges.get(id))
  const put = (c: Challenge) => {
    challenges.set(c.id, c)
    return c
  }
  const slugFree = (slug: string, except?: string) => ![...challenges.values()].some((c) => c.slug === slug && c.id !== except)
  const joinedCount = (challengeId: string) => [...participations.values()].filter((p) => p.challengeId === challengeId && p.status === "JOINED").length
  /** Whether the cap leaves a place for `userId`: the joined athletes and every other live hold count. */
  const hasRoom = (c: Challenge, userId: string, now: Date) =>
    c.maxParticipants === null ||
    c.participantCount + [...participations.values()].filter((p) =>
        p.challengeId === c.id && p.userId !== userId && p.status === "PENDING_PAYMENT" && p.holdExpiresAt !== null &&
        p.holdExpiresAt.getTime() > now.getTime()
      ).length < c.maxParticipants
  const findParticipation = (challengeId: string, userId: string) =>
    Option.fromNullable([...participations.values()].find((p) => p.challengeId === challengeId && p.userId === userId))
  const matches = (f: ParticipationFilter) => (p: ChallengeParticipation) =>
    (f.challengeId === undefined || p.challengeId === f.challengeId) && (f.userId === undefined || p.userId === f.userId) &&
    (f.status === undefined || p.status === f.status)

  const challengeRepo = ChallengeRepo.of({
    create: (input) =>
      Effect.gen(function*() {
        if (!slugFree(input.slug)) return yield* new ChallengeSlugTaken({ slug: input.slug })
        const now = new Date()
        return put({
          ...input,
          id: nextMemoryId(),
          participantCount: 0,
          status: "DRAFT",
          statusReason: null,
          reviewedBy: null,
          reviewedAt: null,
          createdAt: now,
          updatedAt: now
        })
      }),
    findById: (id) => Effect.sync(() => get(id)),
    findByRef: (ref) => Effect.sync(() => Option.orElse(get(ref), () => Option.fromNullable([...challenges.values()].find((c) => c.slug === ref.toLowerCase())))),
    findByIds: (ids) => Effect.sync(() => ids.flatMap((id) => Option.toArray(get(id)))),
    update: (id, setup) =>
      Effect.gen(function*() {
        const c = challenges.get(id)
        if (c === undefined) return yield* new ChallengeNotFound({ ref: id })
        if (!EditableStatuses.includes(c.status)) return yield* new ChallengeNotEditable({ status: c.status })
        if (setup.maxParticipants !== null && c.participantCount > setup.maxParticipants) {
          return yield* new ChallengeCapBelowParticipants({ maxParticipants: setup.maxParticipants, participantCount: c.participantCount })
        }
        if (!slugFree(setup.slug, id)) return yield* new ChallengeSlugTaken({ slug: setup.slug })
        return put({ ...c, ...setup, updatedAt: new Date() })
      }),
    setTags: (id, tags) =>
      Effect.gen(function*() {
        const c = challenges.get(id)
        if (c === undefined) return yield* new ChallengeNotFound({ ref: id })
        if (!EditableStatuses.includes(c.status)) return yield* new ChallengeNotEditable({ status: c.status })
        return put({ ...c, tags: tags as Challenge["tags"], updatedAt: new Date() })
      }),
    move: (id, move, facts) =>
      Effect.gen(function*() {
        const c = challenges.get(id)
        if (c === undefined) return yield* new ChallengeNotFound({ ref: id })
        const next = ChallengeMoves.transition(c.status, move)
        if (Either.isLeft(next)) return yield* next.left
        return put({
          ...c,
          status: next.right,
          ...(facts.statusReason === undefined ? {} : { statusReason: facts.statusReason }),
          ...(facts.reviewedBy === undefined ? {} : { reviewedBy: facts.reviewedBy }),
          ...(facts.reviewedAt === undefined ? {} : { reviewedAt: facts.reviewedAt }),
          ...(facts.endsAt === undefined ? {} : { endsAt: facts.endsAt }),
          updatedAt: new Date()
        })
      }),
    remove: (id) =>
      Effect.gen(function*() {
        const c = challenges.get(id)
        if (c === undefined) return yield* new ChallengeNotFound({ ref: id })
        if (!DeletableStatuses.includes(c.status)) return yield* new ChallengeNotDeletable({ status: c.status })
        challenges.delete(id)
        for (const [key, p] of participations) if (p.challengeId === id) participations.delete(key)
        return
      }),
    list: (f, p) =>
      Effect.sync(() => {
        const now = f.now.getTime()
        const rows = [...challenges.values()].filter((c) =>
          (f.creatorType === undefined || c.creatorType === f.creatorType) &&
          (f.creatorId === undefined || c.creatorId === f.creatorId) &&
          (f.statuses === undefined || f.statuses.includes(c.status)) &&
          (f.tag === undefined || (c.tags as ReadonlyArray<string>).includes(f.tag)) &&
          (f.activityType === undefined || c.activityType === f.activityType) &&
          (f.q === undefined || c.title.toLowerCase().includes(f.q.toLowerCase())) &&
          (f.featured !== true || (c.isFeatured && c.endsAt.getTime() > now)) &&
          (f.phase === undefined ||
            (f.phase === "upcoming" && c.startsAt.getTime() > now) ||
            (f.phase === "ongoing" && c.startsAt.getTime() <= now && c.endsAt.getTime() > now) ||
            (f.phase === "past" && c.endsAt.getTime() <= now)) &&
          (f.joinable !== true || (c.endsAt.getTime() > now && (c.maxParticipants === null || c.participantCount < c.maxParticipants)))
        )
        const byId = (a: Challenge, b: Challenge) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
        rows.sort((a, b) =>
          f.sort === "startsAt"
            ? a.startsAt.getTime() - b.startsAt.getTime() || byId(a, b)
            : f.sort === "popular"
            ? b.participantCount - a.participantCount || a.startsAt.getTime() - b.startsAt.getTime() || byId(a, b)
            : b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b)
        )
        return pageOf(rows, p)
      }),
    closeEnded: (now) =>
      Effect.sync(() =>
        [...challenges.values()]
          .filter((c) => ChallengeMoves.allows(c.status, "close") && c.endsAt.getTime() <= now.getTime())
          .map((c) => put({ ...c, status: "CLOSED", statusReason: "end date reached", updatedAt: new Date() }))
      ),
    countByStatus: () => Effect.sync(() => countBy([...challenges.values()], (c) => c.status))
  })

  const participationRepo = ParticipationRepo.of({
    join: (challengeId, userId, now, holdUntil) =>
      Effect.gen(function*() {
        const c = challenges.get(challengeId)
        if (c === undefined) return yield* new ChallengeNotFound({ ref: challengeId })
        const existing = findParticipation(challengeId, userId)
        if (Option.isSome(existing) && existing.value.status === "JOINED") return yield* new AlreadyJoined({ challengeId })
        if (Option.isSome(existing) && existing.value.status === "REVOKED") return yield* new ParticipationRevoked({ challengeId })
        if (c.status !== "ACTIVE") return yield* new ChallengeNotJoinable({ status: c.status })
        if (c.endsAt.getTime() <= now.getTime()) return yield* new ChallengeNotJoinable({ status: "ENDED" })
        if (!hasRoom(c, userId, now)) return yield* new ChallengeFull({ id: challengeId })
        const at = new Date()
        const joinNow = c.entryFee === 0 || (Option.isSome(existing) && existing.value.paidAt !== null)
        const base: ChallengeParticipation = Option.isSome(existing)
          ? existing.value
          : {
            id: nextMemoryId(), challengeId, userId, status: "JOINED", joinedAt: at, leftAt: null, revokedAt: null, revokedReason: null,
            leaderboardVisible: true, entryFee: c.entryFee, currency: c.currency, paymentOrderId: null, paymentId: null, paidAt: null,
            holdExpiresAt: null, createdAt: at, updatedAt: at
          }
        const row: ChallengeParticipation = joinNow
          ? { ...base, status: "JOINED", joinedAt: at, leftAt: null, holdExpiresAt: null, updatedAt: at }
          : { ...base, status: "PENDING_PAYMENT", entryFee: c.entryFee, currency: c.currency, holdExpiresAt: holdUntil, paymentOrderId: null, joinedAt: at, leftAt: null, updatedAt: at }
        participations.set(row.id, row)
        if (joinNow) put({ ...c, participantCount: c.participantCount + 1 })
        return row
      }),
    attachOrder: (id, orderId) =>
      Effect.gen(function*() {
        const p = participations.get(id)
        if (p === undefined || p.status !== "PENDING_PAYMENT") return yield* new ParticipationNotFound({ ref: id })
        const row: ChallengeParticipation = { ...p, paymentOrderId: orderId, updatedAt: new Date() }
        participations.set(id, row)
        return row
      }),
    releaseHold: (id) =>
      Effect.sync(() => {
        const p = participations.get(id)
        if (p !== undefined && p.status === "PENDING_PAYMENT") participations.set(id, { ...p, holdExpiresAt: new Date(), updatedAt: new Date() })
      }),
    confirmPayment: (id, paymentId, at) =>
      Effect.gen(function*() {
        const p = participations.get(id)
        if (p === undefined || !ParticipationMoves.allows(p.status, "confirm")) return Option.none()
        const c = challenges.get(p.challengeId)
        const held = p.holdExpiresAt !== null && p.holdExpiresAt.getTime() > at.getTime()
        if (c !== undefined && !held && !hasRoom(c, p.userId, at)) return yield* new ChallengeFull({ id: p.challengeId })
        const row: ChallengeParticipation = { ...p, status: "JOINED", paymentId, paidAt: at, holdExpiresAt: null, joinedAt: at, updatedAt: new Date() }
        participations.set(id, row)
        if (c !== undefined) put({ ...c, participantCount: joinedCount(c.id) })
        return Option.some(row)
      }),
    findByOrder: (orderId) => Effect.sync(() => Option.fromNullable([...participations.values()].find((p) => p.paymentOrderId === orderId))),
    leave: (challengeId, userId) =>
      Effect.gen(function*() {
        const c = challenges.get(challengeId)
        if (c === undefined) return yield* new ChallengeNotFound({ ref: challengeId })
        if (c.status !== "ACTIVE" && c.status !== "PAUSED") return yield* new ChallengeNotJoinable({ status: c.status })
        const existing = findParticipation(challengeId, userId)
        if (Option.isNone(existing)) return yield* new ParticipationNotFound({ ref: challengeId })
        const next = ParticipationMoves.transition(existing.value.status, "leave")
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row: ChallengeParticipation = { ...existing.value, status: next.right, leftAt: at, holdExpiresAt: null, updatedAt: at }
        participations.set(row.id, row)
        put({ ...c, participantCount: joinedCount(challengeId) })
        return row
      }),
    revoke: (id, reason) =>
      Effect.gen(function*() {
        const existing = participations.get(id)
        if (existing === undefined) return yield* new ParticipationNotFound({ ref: id })
        const next = ParticipationMoves.transition(existing.status, "revoke")
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row: ChallengeParticipation = { ...existing, status: next.right, revokedAt: at, revokedReason: reason, updatedAt: at }
        participations.set(id, row)
        const c = challenges.get(existing.challengeId)
        if (c !== undefined) put({ ...c, participantCount: joinedCount(c.id) })
        return row
      }),
    setLeaderboardVisible: (challengeId, userId, visible) =>
      Effect.gen(function*() {
        const existing = findParticipation(challengeId, userId)
        if (Option.isNone(existing)) return yield* new ParticipationNotFound({ ref: challengeId })
        const row: ChallengeParticipation = { ...existing.value, leaderboardVisible: visible, updatedAt: new Date() }
        participations.set(row.id, row)
        return row
      }),
    find: (challengeId, userId) => Effect.sync(() => findParticipation(challengeId, userId)),
    findById: (id) => Effect.sync(() => Option.fromNullable(participations.get(id))),
    list: (f, p) =>
      Effect.sync(() =>
        pageOf(
          [...participations.values()].filter(matches(f)).sort((a, b) => b.joinedAt.getTime() - a.joinedAt.getTime() || (a.id < b.id ? -1 : 1)),
          p
        )
      ),
    countByStatus: (f) => Effect.sync(() => countBy([...participations.values()].filter(matches(f)), (p) => p.status))
  })

  const templateRepo = ChallengeTemplateRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const row: ChallengeTemplate = { ...input, id: nextMemoryId(), createdAt: new Date() }
        templates.set(row.id, row)
        return row
      }),
    list: (creator) =>
      Effect.sync(() =>
        [...templates.values()]
          .filter((t) => (creator.creatorType === undefined || t.creatorType === creator.creatorType) && (creator.creatorId === undefined || t.creatorId === creator.creatorId))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      ),
    findById: (id) => Effect.sync(() => Option.fromNullable(templates.get(id))),
    remove: (id) => Effect.sync(() => templates.delete(id))
  })

  return Context.make(ChallengeRepo, challengeRepo).pipe(
    Context.add(ParticipationRepo, participationRepo),
    Context.add(ChallengeTemplateRepo, templateRepo)
  )
}))
