/**
 * Badges (C "Badges"): admins design them (or complete a creator's badge request), map them to
 * challenges and award them to the athletes who complete those challenges. The retroactive award
 * is a durable job: it ranks every mapped challenge and awards each completer who does not hold
 * the badge yet, so running it twice awards nobody twice. The public sees active badges by code.
 */
import type { ChallengeBadge } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { CurrentJob, jobHandler } from "../platform/job-handlers.js"
import { JobQueue } from "../platform/job-queue.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { BadgeInactive, BadgeNotFound, BadgeNotMapped } from "./badge.model.js"
import { BadgeRepo, type ChallengeBadgePatch } from "./badge.port.js"
import { ChallengeNotFound } from "./challenge.model.js"
import { ChallengeRepo, type PageRequest } from "./challenge.port.js"
import { getPublicChallenge } from "./challenge.use-case.js"
import { standingsOf } from "./progress.use-case.js"
import { escapeXml } from "../platform/markup.js"

export const BadgeRetroactiveAwardJobName = "challenges.badge-retroactive-award"

const findBadge = (id: string) =>
  Effect.flatMap(BadgeRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none<ChallengeBadge>()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new BadgeNotFound({ ref: id })), onSome: Effect.succeed }))
  )

const findChallenge = (id: string) =>
  Effect.flatMap(ChallengeRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ChallengeNotFound({ ref: id })), onSome: Effect.succeed }))
  )

const audit = (admin: Principal, action: string, badge: ChallengeBadge, data: Record<string, unknown> = {}) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: `challenges.badge.${action}`,
      actor: { kind: admin.accountKind, id: admin.accountId },
      subject: { kind: "badge", id: badge.id },
      data: { code: badge.code, ...data }
    }))

const audited = <A extends ChallengeBadge, E, R>(admin: Principal, action: string, write: Effect.Effect<A, E, R>, data: Record<string, unknown> = {}) =>
  Effect.flatMap(Transactor, (tx) => tx.atomically(Effect.tap(write, (badge) => audit(admin, action, badge, data))))

/** A fresh code from a name: its letters and digits upper-cased, with a short random suffix. */
const codeFrom = (name: string, suffix: string) => {
  const base = name.normalize("NFKD").toUpperCase().replace(/[^A-Z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 28).replace(/-+$/g, "")
  return `${base.length >= 2 ? base : "BADGE"}-${suffix.toUpperCase()}`
}
const randomSuffix = Effect.sync(() => crypto.randomUUID().replace(/-/g, "").slice(0, 6))

export interface NewBadgeInput {
  readonly code?: string | undefined
  readonly name: string
  readonly description?: string | undefined
  readonly imageUrl: string
  readonly criteria?: string | undefined
  readonly isActive?: boolean | undefined
}

export const createBadge = Effect.fn("challenges.badges.create")(function*(admin: Principal, input: NewBadgeInput) {
  const code = input.code ?? codeFrom(input.name, yield* randomSuffix)
  return yield* audited(admin, "created", Effect.flatMap(BadgeRepo, (r) =>
    r.create({
      code,
      name: input.name,
      description: input.description ?? "",
      imageUrl: input.imageUrl,
      criteria: input.criteria ?? "",
      isActive: input.isActive ?? true,
      createdBy: admin.accountId
    })))
})

export const getBadge = (id: string) => findBadge(id)

export const listBadges = (filter: { readonly q?: string | undefined; readonly isActive?: boolean | undefined }, page: PageRequest) =>
  Effect.flatMap(BadgeRepo, (r) => r.list(filter, page))

export const updateBadge = Effect.fn("challenges.badges.update")(function*(admin: Principal, id: string, patch: ChallengeBadgePatch) {
  yield* findBadge(id)
  return yield* audited(admin, "updated", Effect.flatMap(BadgeRepo, (r) => r.update(id, patch)), { fields: Object.keys(patch) })
})

/** Deletes a badge nobody holds (409 BADGE_ALREADY_AWARDED otherwise). */
export const deleteBadge = Effect.fn("challenges.badges.delete")(function*(admin: Principal, id: string) {
  const badge = yield* findBadge(id)
  yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      yield* Effect.flatMap(BadgeRepo, (r) => r.remove(id))
      yield* audit(admin, "deleted", badge)
    })))
  return { id, deleted: true as const }
})

/**
 * A copy of a badge under a new code. The copy starts inactive so it is not public (and awards
 * nobody) until an admin has changed what makes it different and activated it.
 */
export const duplicateBadge = Effect.fn("challenges.badges.duplicate")(function*(
  admin: Principal,
  id: string,
  input: { readonly code?: string | undefined; readonly name?: string | undefined }
) {
  const source = yield* findBadge(id)
  const name = input.name ?? `${source.name} (copy)`.slice(0, 120)
  const code = input.code ?? codeFrom(source.code, yield* randomSuffix).slice(0, 40)
  return yield* audited(admin, "duplicated", Effect.flatMap(BadgeRepo, (r) =>
    r.create({
      code,
      name,
      description: source.description,
      imageUrl: source.imageUrl,
      criteria: source.criteria,
      isActive: false,
      createdBy: admin.accountId
    })), { sourceBadgeId: source.id })
})


/** The badge as an athlete sees it once awarded: a 512x512 SVG card with the athlete's name. */
export const previewBadge = Effect.fn("challenges.badges.preview")(function*(id: string, input: { readonly athleteName?: string | undefined }) {
  const badge = yield* findBadge(id)
  const who = input.athleteName ?? "Your name"
  const art = badge.imageUrl === null
    ? `<circle cx="256" cy="200" r="120" fill="#f5b301"/>`
    : `<image href="${escapeXml(badge.imageUrl)}" x="136" y="80" width="240" height="240" preserveAspectRatio="xMidYMid meet"/>`
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">`,
    `<rect width="512" height="512" rx="32" fill="#101820"/>`,
    art,
    `<text x="256" y="380" text-anchor="middle" font-family="sans-serif" font-size="32" fill="#ffffff">${escapeXml(badge.name)}</text>`,
    `<text x="256" y="424" text-anchor="middle" font-family="sans-serif" font-size="20" fill="#c8c8c8">Awarded to ${escapeXml(who)}</text>`,
    `<text x="256" y="470" text-anchor="middle" font-family="monospace" font-size="16" fill="#8a8a8a">${escapeXml(badge.code)}</text>`,
    `</svg>`
  ].join("")
  return { badgeId: badge.id, code: badge.code, contentType: "image/svg+xml", svg }
})

/** Maps a badge to a challenge (idempotent: mapping twice changes nothing). */
export const mapBadgeToChallenge = Effect.fn("challenges.badges.map")(function*(admin: Principal, id: string, challengeId: string) {
  const badge = yield* findBadge(id)
  yield* findChallenge(challengeId)
  const inserted = yield* Effect.flatMap(BadgeRepo, (r) => r.map(badge.id, challengeId))
  if (inserted) yield* audit(admin, "mapped", badge, { challengeId })
  return { badgeId: badge.id, challengeIds: yield* Effect.flatMap(BadgeRepo, (r) => r.mappedChallengeIds(badge.id)) }
})

export const unmapBadgeFromChallenge = Effect.fn("challenges.badges.unmap")(function*(admin: Principal, id: string, challengeId: string) {
  const badge = yield* findBadge(id)
  const removed = yield* Effect.flatMap(BadgeRepo, (r) => r.unmap(badge.id, challengeId))
  if (!removed) return yield* new BadgeNotMapped({ badgeId: badge.id, challengeId })
  yield* audit(admin, "unmapped", badge, { challengeId })
  return { badgeId: badge.id, challengeIds: yield* Effect.flatMap(BadgeRepo, (r) => r.mappedChallengeIds(badge.id)) }
})

export const badgeStats = Effect.fn("challenges.badges.stats")(function*(id: string) {
  const badge = yield* findBadge(id)
  const stats = yield* Effect.flatMap(BadgeRepo, (r) => r.stats(badge.id))
  return { badgeId: badge.id, mappedChallengeIds: yield* Effect.flatMap(BadgeRepo, (r) => r.mappedChallengeIds(badge.id)), ...stats }
})

/** An active badge as the public sees it, by code. */
export const publicBadge = Effect.fn("challenges.badges.public")(function*(code: string) {
  const found = yield* Effect.flatMap(BadgeRepo, (r) => r.findByCode(code.toUpperCase()))
  if (Option.isNone(found) || !found.value.isActive) return yield* new BadgeNotFound({ ref: code })
  const b = found.value
  const stats = yield* Effect.flatMap(BadgeRepo, (r) => r.stats(b.id))
  return { code: b.code, name: b.name, description: b.description, imageUrl: b.imageUrl, criteria: b.criteria, awardedCount: stats.awarded }
})

/** The active badges a public challenge awards. */
export const challengeBadges = Effect.fn("challenges.badges.ofChallenge")(function*(challengeId: string) {
  const challenge = yield* getPublicChallenge(challengeId)
  return yield* Effect.flatMap(BadgeRepo, (r) => r.ofChallenge(challenge.id, true))
})

/** The caller's badges, newest award first. */
export const myBadges = (athlete: Principal) => Effect.flatMap(BadgeRepo, (r) => r.awardsOf(athlete.accountId))

/** Queues the retroactive award of an active badge (a worker runs it; the job answers its progress). */
export const queueRetroactiveAward = Effect.fn("challenges.badges.queueRetroactive")(function*(admin: Principal, id: string) {
  const badge = yield* findBadge(id)
  if (!badge.isActive) return yield* new BadgeInactive({ id })
  const { job } = yield* Effect.flatMap(JobQueue, (q) => q.enqueue({ name: BadgeRetroactiveAwardJobName, payload: { badgeId: badge.id }, maxAttempts: 3 }))
  yield* audit(admin, "retroactive_award_queued", badge, { jobId: job.id })
  return { badgeId: badge.id, job }
})

/**
 * Awards the badge to every JOINED athlete who completed a mapped challenge and does not hold it
 * yet, challenge by challenge, reporting progress; answers how many were newly awarded.
 */
export const runRetroactiveAward = Effect.fn("challenges.badges.runRetroactive")(function*(badgeId: string) {
  const badge = yield* findBadge(badgeId)
  if (!badge.isActive) return 0
  const challengeIds = yield* Effect.flatMap(BadgeRepo, (r) => r.mappedChallengeIds(badge.id))
  const challenges = yield* Effect.flatMap(ChallengeRepo, (r) => r.findByIds(challengeIds))
  const job = yield* Effect.serviceOption(CurrentJob)
  let awarded = 0
  for (const [i, challenge] of challenges.entries()) {
    const completers = (yield* standingsOf(challenge)).filter((e) => e.completed)
    const inserted = yield* Effect.flatMap(BadgeRepo, (r) =>
      r.award(badge.id, completers.flatMap((e) => e.userId === null ? [] : [{ userId: e.userId, challengeId: challenge.id }]), "RETROACTIVE"))
    awarded += inserted.length
    if (Option.isSome(job)) {
      yield* job.value.reportProgress({ done: i + 1, total: challenges.length, message: `${awarded} athlete(s) awarded` })
    }
  }
  return awarded
})

/** The job handler of the retroactive award (its payload names the badge). */
export const retroactiveAwardHandler = jobHandler(Schema.Struct({ badgeId: Schema.String }), (payload) =>
  runRetroactiveAward(payload.badgeId).pipe(
    Effect.tap((n) => Effect.logInfo(`badge ${payload.badgeId}: ${n} athlete(s) awarded retroactively`)),
    Effect.asVoid
  ))
