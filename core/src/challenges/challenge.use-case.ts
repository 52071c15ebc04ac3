/**
 * Challenges: creation by an organizer's OWNER/ADMIN, a club's OWNER/ADMIN, a user holding an ACTIVE
 * account of an APPROVED brand (sponsors context) or an admin, set-up changes, the life cycle
 * (review, toggle, cancel, force-close, reopen, close at the end date) and discovery. Every move is
 * one conditional update plus its audit row, in one transaction.
 *
 * Who manages a challenge: an admin (the routes require `challenges.manage` of admins), or an
 * OWNER/ADMIN of the organizer or club that created it. Club routes name the club in the path and
 * are authorized by the club tenancy guard before they reach here (`scope`).
 */
import {
  type Challenge,
  type ChallengeCreatorType,
  type ChallengeParticipation,
  type ChallengeStatus,
  ChallengeTagSlugs,
  ChallengeTagTaxonomy,
  type ChallengeTemplate
} from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { requireClubRole } from "../clubs/tenancy.policy.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid, requireOrganizerRole } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { PaymentGateway } from "../payments/payment-gateway.port.js"
import { requestRefund } from "../payments/refund.use-case.js"
import { Transactor } from "../platform/transactor.port.js"
import { auditAccountAct, requireBrandActor } from "../sponsors/sponsor.use-case.js"
import { challengeCalendar } from "./calendar.js"
import {
  ChallengeAccessDenied,
  ChallengeCreatorNotFound,
  ChallengeEnded,
  ChallengeInputInvalid,
  type ChallengeMove,
  ChallengeNotFound,
  ChallengeNotReady,
  ChallengeTagNotFound,
  ChallengeTemplateNotFound,
  PublicStatuses,
  readinessReasons,
  slugify
} from "./challenge.model.js"
import { requireVerifiedCharity } from "./charity.use-case.js"
import {
  type ChallengeFilter,
  ChallengeRepo,
  type ChallengeSetup,
  ChallengeTemplateRepo,
  type MoveFacts,
  type PageRequest,
  ParticipationRepo as ChallengeParticipationRepo
} from "./challenge.port.js"
import { checkPrizes, type PrizeInput, replacePrizes } from "./rewards.use-case.js"

/** A creator, as the path of a club route names it (already authorized by the tenancy guard). */
export interface CreatorScope {
  readonly creatorType: ChallengeCreatorType
  readonly creatorId: string
  /** The brand account the caller acts through (brand creators, not admins), whose activity records the act. */
  readonly brandAccountId?: string | undefined
}

export const isAdmin = (principal: Principal) => principal.accountKind === "admin" && principal.role === "admin"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/**
 * The creator the caller may create and manage challenges for. Admins may act for any existing
 * organizer or club, and create the platform's own (`admin`) challenges.
 */
export const authorizeChallengeCreator = Effect.fn("challenges.authorizeChallengeCreator")(function*(
  principal: Principal,
  creatorType: ChallengeCreatorType,
  creatorId: string | undefined
) {
  const admin = isAdmin(principal)
  if (creatorType === "admin") {
    if (!admin) return yield* new ChallengeAccessDenied({ ref: "admin" })
    return { creatorType, creatorId: principal.accountId } satisfies CreatorScope
  }
  const id = creatorId ?? ""
  if (creatorType === "brand") {
    // An unknown brand is not found like any creator; a brand not APPROVED is 403 SPONSOR_BRAND_NOT_APPROVED.
    const acting = yield* requireBrandActor(principal, id, { platformAdmin: admin }).pipe(
      Effect.catchTags({
        SponsorBrandNotFound: () => new ChallengeCreatorNotFound({ creatorType, creatorId: id }),
        SponsorAccessDenied: () => new ChallengeAccessDenied({ ref: id })
      })
    )
    return { creatorType, creatorId: acting.brand.id, brandAccountId: acting.account?.id } satisfies CreatorScope
  }
  if (creatorType === "organizer") {
    yield* requireOrganizerRole(principal, id, ["OWNER", "ADMIN"], { platformAdmin: true }).pipe(
      Effect.catchTag("OrganizerNotFound", () => new ChallengeCreatorNotFound({ creatorType, creatorId: id }))
    )
  } else {
    yield* requireClubRole(principal, id, ["OWNER", "ADMIN"], { platformAdmin: true }).pipe(
      Effect.catchTag("ClubNotFound", () => new ChallengeCreatorNotFound({ creatorType, creatorId: id }))
    )
  }
  return { creatorType, creatorId: id } satisfies CreatorScope
})

const findChallenge = (id: string) =>
  Effect.flatMap(ChallengeRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ChallengeNotFound({ ref: id })), onSome: Effect.succeed }))
  )

/** The challenge `id` when the caller may manage it (in `scope` when a club route names the creator). */
export const managedChallenge = Effect.fn("challenges.managed")(function*(principal: Principal, id: string, scope?: CreatorScope) {
  const challenge = yield* findChallenge(id)
  if (scope !== undefined) {
    if (challenge.creatorType !== scope.creatorType || challenge.creatorId !== scope.creatorId) return yield* new ChallengeNotFound({ ref: id })
    return challenge
  }
  if (isAdmin(principal)) return challenge
  if (challenge.creatorType === "admin") return yield* new ChallengeAccessDenied({ ref: id })
  yield* authorizeChallengeCreator(principal, challenge.creatorType, challenge.creatorId)
  return challenge
})

const audit = (principal: Principal | null, action: string, challenge: Challenge, data: Record<string, unknown> = {}, reason?: string | null) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: `challenges.challenge.${action}`,
      actor: principal === null ? { kind: "system", id: null } : { kind: principal.accountKind, id: principal.accountId },
      subject: { kind: "challenge", id: challenge.id },
      ...(reason === undefined || reason === null ? {} : { reason }),
      data: { status: challenge.status, ...data }
    }))

/** A move and its audit row in one transaction. */
const moveAudited = (principal: Principal | null, id: string, move: ChallengeMove, facts: MoveFacts, action: string) =>
  Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(ChallengeRepo, (r) => r.move(id, move, facts))
      yield* audit(principal, action, moved, {}, facts.statusReason)
      return moved
    })))

const checkWindow = (startsAt: Date, endsAt: Date) =>
  endsAt.getTime() > startsAt.getTime() ? Effect.void : Effect.fail(new ChallengeInputInvalid({ messages: ["endsAt must be after startsAt"] }))

// The gateways take no order below 1.00: a fee is free (0) or at least 100 minor units.
const checkFee = (entryFee: number | undefined) =>
  entryFee === undefined || entryFee === 0 || entryFee >= 100
    ? Effect.void
    : Effect.fail(new ChallengeInputInvalid({ messages: ["entryFee must be 0 (free) or at least 100 minor units"] }))

const uniqueTags = (tags: ReadonlyArray<string> | undefined) => [...new Set(tags ?? [])] as Challenge["tags"]

export interface CreateChallengeInput {
  readonly creatorType: ChallengeCreatorType
  readonly creatorId?: string | undefined
  readonly slug?: string | undefined
  readonly title: string
  readonly description?: string | undefined
  readonly activityType: Challenge["activityType"]
  readonly goalType: Challenge["goalType"]
  readonly goalValue: number
  readonly startsAt: Date
  readonly endsAt: Date
  readonly timeZone: string
  readonly maxParticipants?: number | null | undefined
  readonly entryFee?: number | undefined
  readonly charityId?: string | null | undefined
  readonly tags?: ReadonlyArray<Challenge["tags"][number]> | undefined
  readonly coverImageUrl?: string | null | undefined
  /** The prize table (rank slabs and their rewards); absent: none yet. */
  readonly prizes?: ReadonlyArray<PrizeInput> | undefined
}

/** Creates a DRAFT challenge for a creator the caller may act for (`scope` already authorized on club routes). */
export const createChallenge = Effect.fn("challenges.create")(function*(principal: Principal, input: CreateChallengeInput, scope?: CreatorScope) {
  const creator = scope ?? (yield* authorizeChallengeCreator(principal, input.creatorType, input.creatorId))
  yield* checkWindow(input.startsAt, input.endsAt)
  yield* checkFee(input.entryFee)
  yield* requireVerifiedCharity(input.charityId)
  const prizes = input.prizes === undefined ? undefined : yield* checkPrizes(creator, input.prizes)
  const suffix = (yield* Effect.sync(() => crypto.randomUUID())).slice(0, 6)
  return yield* Effect.flatMap(Transactor, (tx) => tx.atomically(Effect.gen(function*() {
  const created = yield* Effect.flatMap(ChallengeRepo, (r) =>
    r.create({
      slug: input.slug ?? `${slugify(input.title)}-${suffix}`,
      creatorType: creator.creatorType,
      creatorId: creator.creatorId,
      title: input.title,
      description: input.description ?? "",
      activityType: input.activityType,
      goalType: input.goalType,
      goalValue: input.goalValue,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      timeZone: input.timeZone,
      maxParticipants: input.maxParticipants ?? null,
      entryFee: input.entryFee ?? 0,
      currency: "INR",
      charityId: input.charityId ?? null,
      tags: uniqueTags(input.tags),
      coverImageUrl: input.coverImageUrl ?? null,
      isFeatured: false,
      createdBy: principal.accountId
    }))
  yield* audit(principal, "created", created, { creatorType: created.creatorType, creatorId: created.creatorId })
  if (creator.brandAccountId !== undefined) {
    yield* auditAccountAct(principal, creator.brandAccountId, "sponsors.account.challenge_created", { brandId: created.creatorId, challengeId: created.id })
  }
  if (prizes !== undefined) yield* replacePrizes(principal, created, prizes)
  return created
  })))
})

/** The set-up changes, and optionally the whole new prize table. */
export type UpdateChallengeInput = Partial<ChallengeSetup> & { readonly prizes?: ReadonlyArray<PrizeInput> | undefined }

/** Changes the set-up of an editable challenge; only admins may feature one. */
export const updateChallenge = Effect.fn("challenges.update")(function*(principal: Principal, id: string, input: UpdateChallengeInput, scope?: CreatorScope) {
  const current = yield* managedChallenge(principal, id, scope)
  if (input.isFeatured !== undefined && input.isFeatured !== current.isFeatured && !isAdmin(principal)) {
    return yield* new ChallengeAccessDenied({ ref: id })
  }
  const setup: ChallengeSetup = {
    slug: input.slug ?? current.slug,
    title: input.title ?? current.title,
    description: input.description ?? current.description,
    activityType: input.activityType ?? current.activityType,
    goalType: input.goalType ?? current.goalType,
    goalValue: input.goalValue ?? current.goalValue,
    startsAt: input.startsAt ?? current.startsAt,
    endsAt: input.endsAt ?? current.endsAt,
    timeZone: input.timeZone ?? current.timeZone,
    maxParticipants: input.maxParticipants === undefined ? current.maxParticipants : input.maxParticipants,
    entryFee: input.entryFee ?? current.entryFee,
    charityId: input.charityId === undefined ? current.charityId : input.charityId,
    tags: input.tags === undefined ? current.tags : uniqueTags(input.tags),
    coverImageUrl: input.coverImageUrl === undefined ? current.coverImageUrl : input.coverImageUrl,
    isFeatured: input.isFeatured ?? current.isFeatured
  }
  yield* checkWindow(setup.startsAt, setup.endsAt)
  yield* checkFee(input.entryFee)
  yield* requireVerifiedCharity(input.charityId)
  const prizes = input.prizes === undefined ? undefined : yield* checkPrizes(current, input.prizes)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const updated = yield* Effect.flatMap(ChallengeRepo, (r) => r.update(id, setup))
      yield* audit(principal, "updated", updated, { fields: Object.keys(input) })
      // The update above refused a closed or cancelled challenge, so the table changes only while editable.
      if (prizes !== undefined) yield* replacePrizes(principal, updated, prizes)
      return updated
    })))
})

/** Deletes a challenge that never went live (DRAFT or REJECTED). */
export const deleteChallenge = Effect.fn("challenges.delete")(function*(principal: Principal, id: string) {
  const challenge = yield* managedChallenge(principal, id)
  yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      yield* Effect.flatMap(ChallengeRepo, (r) => r.remove(id))
      yield* audit(principal, "deleted", challenge)
    })))
  return { id, deleted: true as const }
})

/** An admin's review: APPROVE (DRAFT or REJECTED → ACTIVE) or REJECT with a note (DRAFT → REJECTED). */
export const reviewChallenge = Effect.fn("challenges.review")(function*(
  admin: Principal,
  id: string,
  input: { readonly decision: "APPROVE" | "REJECT"; readonly note?: string | undefined }
) {
  const current = yield* findChallenge(id)
  if (input.decision === "REJECT" && (input.note === undefined || input.note.trim().length === 0)) {
    return yield* new ChallengeInputInvalid({ messages: ["note should not be empty"] })
  }
  const at = yield* now
  if (input.decision === "APPROVE") {
    // The status reason is the move table's to give (409 CHALLENGE_MOVE_REFUSED); content blockers are readiness's.
    const blockers = readinessReasons(current, at).filter((r) => r.code !== "NOT_IN_REVIEW")
    if (blockers.length > 0) return yield* new ChallengeNotReady({ reasons: blockers.map((r) => r.message) })
  }
  return yield* moveAudited(
    admin,
    id,
    input.decision === "APPROVE" ? "approve" : "reject",
    { reviewedBy: admin.accountId, reviewedAt: at, statusReason: input.decision === "REJECT" ? input.note! : null },
    input.decision === "APPROVE" ? "approved" : "rejected"
  )
})

/** The creator's toggle: ACTIVE ↔ PAUSED (a paused challenge takes no joins). */
export const toggleChallenge = Effect.fn("challenges.toggle")(function*(principal: Principal, id: string, scope?: CreatorScope) {
  const current = yield* managedChallenge(principal, id, scope)
  const move: ChallengeMove = current.status === "PAUSED" ? "resume" : "pause"
  return yield* moveAudited(principal, id, move, {}, move === "pause" ? "paused" : "resumed")
})

/**
 * The refund cascade of a cancelled challenge: every paid entry (JOINED, or LEFT after paying) gets
 * its entry fee back through payments.refunds, once per participation. A REVOKED entry is left out:
 * it was removed for cause before the cancellation, and an admin can still refund it by hand.
 */
const refundPaidEntries = (challenge: Challenge, principal: Principal, reason: string | undefined) =>
  Effect.gen(function*() {
    const gateway = yield* PaymentGateway
    const entries = yield* ChallengeParticipationRepo
    for (const status of ["JOINED", "LEFT"] as const) {
      const paid: Array<ChallengeParticipation> = []
      for (let page = 1; ; page++) {
        const { items, total } = yield* entries.list({ challengeId: challenge.id, status }, { page, limit: 500 })
        paid.push(...items.filter((p) => p.paidAt !== null && p.paymentId !== null && p.entryFee > 0))
        if (items.length === 0 || page * 500 >= total) break
      }
      for (const p of paid) {
        yield* requestRefund({
          sourceKind: "challenge_participation",
          sourceId: p.id,
          userId: p.userId,
          eventId: null,
          challengeId: challenge.id,
          provider: gateway.provider,
          gatewayPaymentId: p.paymentId,
          amount: p.entryFee,
          currency: p.currency,
          reason: `challenge cancelled${reason === undefined ? "" : `: ${reason}`}`,
          requestedBy: `${principal.accountKind}:${principal.accountId}`
        })
      }
    }
  })

/** Cancels a challenge that has not closed (creator or admin); its paid entries are refunded in the same unit of work. */
export const cancelChallenge = Effect.fn("challenges.cancel")(function*(principal: Principal, id: string, reason: string | undefined, scope?: CreatorScope) {
  yield* managedChallenge(principal, id, scope)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* moveAudited(principal, id, "cancel", { statusReason: reason ?? null }, "cancelled")
      yield* refundPaidEntries(moved, principal, reason)
      return moved
    })))
})

/** An admin's force-close of an ACTIVE or PAUSED challenge. */
export const forceCloseChallenge = Effect.fn("challenges.forceClose")(function*(admin: Principal, id: string, reason: string | undefined) {
  yield* findChallenge(id)
  return yield* moveAudited(admin, id, "close", { statusReason: reason ?? "closed by an admin" }, "force_closed")
})

/** An admin reopens a CLOSED challenge; its end date must be (or be moved) after now. */
export const reopenChallenge = Effect.fn("challenges.reopen")(function*(admin: Principal, id: string, endsAt: Date | undefined) {
  const current = yield* findChallenge(id)
  const at = yield* now
  const end = endsAt ?? current.endsAt
  if (end.getTime() <= at.getTime()) return yield* new ChallengeEnded({ id })
  yield* checkWindow(current.startsAt, end)
  return yield* moveAudited(admin, id, "reopen", { statusReason: null, ...(endsAt === undefined ? {} : { endsAt }) }, "reopened")
})

/** The scheduler's sweep: closes every running challenge whose end date has passed, each audited. */
export const closeEndedChallenges = Effect.fn("challenges.closeEnded")(function*() {
  const at = yield* now
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const closed = yield* Effect.flatMap(ChallengeRepo, (r) => r.closeEnded(at))
      yield* Effect.forEach(closed, (c) => audit(null, "closed", c, { endsAt: c.endsAt.toISOString() }, "end date reached"), { discard: true })
      return closed.length
    })))
})

/** What keeps a managed challenge from going live, as reasons (none: an admin may approve it). */
export const challengeReadiness = Effect.fn("challenges.readiness")(function*(principal: Principal, id: string) {
  const challenge = yield* managedChallenge(principal, id)
  const reasons = readinessReasons(challenge, yield* now)
  return { challengeId: challenge.id, status: challenge.status, ready: reasons.length === 0, reasons }
})

/** A challenge as its manager sees it (any status). */
export const getManagedChallenge = (principal: Principal, id: string) => managedChallenge(principal, id)

/** A challenge the public may see, by id or slug (404 for drafts, rejected and cancelled ones). */
export const getPublicChallenge = Effect.fn("challenges.getPublic")(function*(ref: string) {
  const found = yield* Effect.flatMap(ChallengeRepo, (r) => r.findByRef(ref))
  if (Option.isNone(found) || !PublicStatuses.includes(found.value.status)) return yield* new ChallengeNotFound({ ref })
  return found.value
})

export interface ManagedListQuery {
  readonly creatorType?: ChallengeCreatorType | undefined
  readonly creatorId?: string | undefined
  readonly status?: ChallengeStatus | undefined
  readonly q?: string | undefined
}

/** Challenges of one creator the caller manages; admins may list every challenge. */
export const listManagedChallenges = Effect.fn("challenges.listManaged")(function*(
  principal: Principal,
  query: ManagedListQuery,
  page: PageRequest,
  scope?: CreatorScope
) {
  let creator: CreatorScope | undefined = scope
  if (creator === undefined && !(isAdmin(principal) && query.creatorType === undefined)) {
    if (query.creatorType === undefined) return yield* new ChallengeInputInvalid({ messages: ["creatorType should not be empty"] })
    creator = yield* authorizeChallengeCreator(principal, query.creatorType, query.creatorId)
  }
  const at = yield* now
  return yield* Effect.flatMap(ChallengeRepo, (r) =>
    r.list({
      creatorType: creator?.creatorType,
      creatorId: creator?.creatorId,
      statuses: query.status === undefined ? undefined : [query.status],
      q: query.q,
      now: at,
      sort: "newest"
    }, page))
})

export interface DiscoveryQuery {
  readonly tag?: string | undefined
  readonly activityType?: Challenge["activityType"] | undefined
  readonly q?: string | undefined
}

const publicList = (filter: Omit<ChallengeFilter, "now" | "statuses"> & { readonly statuses?: ReadonlyArray<ChallengeStatus> }, page: PageRequest) =>
  Effect.flatMap(now, (at) => Effect.flatMap(ChallengeRepo, (r) => r.list({ statuses: PublicStatuses, ...filter, now: at }, page)))

/** What an athlete can join now: ACTIVE, not ended, with room; soonest start first. */
export const discoverChallenges = (query: DiscoveryQuery, page: PageRequest) =>
  publicList({ ...query, statuses: ["ACTIVE"], joinable: true, sort: "startsAt" }, page)

/** Browse every public challenge by phase (upcoming, ongoing, past), tag, sport, creator and order. */
export const exploreChallenges = (
  query: DiscoveryQuery & {
    readonly phase?: "upcoming" | "ongoing" | "past" | undefined
    readonly creatorType?: ChallengeCreatorType | undefined
    readonly creatorId?: string | undefined
    readonly sort?: "newest" | "startsAt" | "popular" | undefined
  },
  page: PageRequest
) => publicList({ ...query, sort: query.sort ?? "popular" }, page)

/** Featured challenges that have not ended, soonest start first. */
export const featuredChallenges = (page: PageRequest) => publicList({ statuses: ["ACTIVE", "PAUSED"], featured: true, phase: undefined, joinable: undefined, sort: "startsAt" }, page).pipe(
  Effect.map((result) => result)
)

/** The public challenges carrying one taxonomy tag (404 for a slug outside the taxonomy). */
export const challengesByTag = Effect.fn("challenges.byTag")(function*(slug: string, page: PageRequest) {
  if (!(ChallengeTagSlugs as ReadonlyArray<string>).includes(slug)) return yield* new ChallengeTagNotFound({ slug })
  return yield* publicList({ tag: slug, sort: "startsAt" }, page)
})

export const tagTaxonomy = () => ChallengeTagTaxonomy

/** The tags of a public challenge, with their labels. */
export const challengeTags = Effect.fn("challenges.tags")(function*(id: string) {
  const challenge = yield* getPublicChallenge(id)
  return { challengeId: challenge.id, tags: challenge.tags.map((slug) => ChallengeTagTaxonomy.find((t) => t.slug === slug)!) }
})

/** Replaces a challenge's tags (only taxonomy tags reach here; the contract refuses others). */
export const setChallengeTags = Effect.fn("challenges.setTags")(function*(principal: Principal, id: string, tags: ReadonlyArray<string>) {
  yield* managedChallenge(principal, id)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const updated = yield* Effect.flatMap(ChallengeRepo, (r) => r.setTags(id, [...new Set(tags)]))
      yield* audit(principal, "tags_set", updated, { tags: updated.tags })
      return { challengeId: updated.id, tags: updated.tags.map((slug) => ChallengeTagTaxonomy.find((t) => t.slug === slug)!) }
    })))
})

/** The `calendar.ics` of a public challenge. */
export const challengeCalendarFile = Effect.fn("challenges.calendar")(function*(id: string) {
  const challenge = yield* getPublicChallenge(id)
  return challengeCalendar(challenge, yield* now)
})

/** Saves a challenge's set-up as a template of its creator (the dates kept as a duration in days). */
export const saveChallengeTemplate = Effect.fn("challenges.templates.save")(function*(
  principal: Principal,
  input: { readonly challengeId: string; readonly name?: string | undefined }
) {
  const challenge = yield* managedChallenge(principal, input.challengeId)
  const days = Math.max(1, Math.ceil((challenge.endsAt.getTime() - challenge.startsAt.getTime()) / 86_400_000))
  return yield* Effect.flatMap(ChallengeTemplateRepo, (r) =>
    r.create({
      name: input.name ?? challenge.title,
      creatorType: challenge.creatorType,
      creatorId: challenge.creatorId,
      sourceChallengeId: challenge.id,
      title: challenge.title,
      description: challenge.description,
      activityType: challenge.activityType,
      goalType: challenge.goalType,
      goalValue: challenge.goalValue,
      durationDays: Math.min(days, 3660),
      timeZone: challenge.timeZone,
      maxParticipants: challenge.maxParticipants,
      tags: challenge.tags,
      coverImageUrl: challenge.coverImageUrl,
      savedBy: principal.accountId
    }))
})

/** A creator's templates (the caller must manage the creator); admins may list all. */
export const listChallengeTemplates = Effect.fn("challenges.templates.list")(function*(
  principal: Principal,
  query: { readonly creatorType?: ChallengeCreatorType | undefined; readonly creatorId?: string | undefined }
) {
  if (isAdmin(principal) && query.creatorType === undefined) return yield* Effect.flatMap(ChallengeTemplateRepo, (r) => r.list({}))
  if (query.creatorType === undefined) return yield* new ChallengeInputInvalid({ messages: ["creatorType should not be empty"] })
  const creator = yield* authorizeChallengeCreator(principal, query.creatorType, query.creatorId)
  return yield* Effect.flatMap(ChallengeTemplateRepo, (r) => r.list(creator))
})

const findTemplate = (id: string) =>
  Effect.flatMap(ChallengeTemplateRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none<ChallengeTemplate>()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ChallengeTemplateNotFound({ id })), onSome: Effect.succeed }))
  )

/** Deletes a template of a creator the caller manages. */
export const deleteChallengeTemplate = Effect.fn("challenges.templates.delete")(function*(principal: Principal, id: string) {
  const template = yield* findTemplate(id)
  if (!isAdmin(principal)) {
    if (template.creatorType === "admin") return yield* new ChallengeAccessDenied({ ref: id })
    yield* authorizeChallengeCreator(principal, template.creatorType, template.creatorId)
  }
  const removed = yield* Effect.flatMap(ChallengeTemplateRepo, (r) => r.remove(id))
  if (!removed) return yield* new ChallengeTemplateNotFound({ id })
  return { id, deleted: true as const }
})
