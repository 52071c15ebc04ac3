/**
 * Mobile experiences and promotions (A 4.7). Admins with `promotions.manage` write in-app
 * promotional placements — a creative uploaded through the blob store, a destination inside the app
 * (an event, challenge or club that must exist, an https URL, a list screen), an audience, a
 * schedule and a per-session frequency cap — and move them DRAFT → PUBLISHED ⇄ PAUSED, any →
 * ARCHIVED (one conditional update each). Athletes read the published experiences of a placement
 * that are in schedule, meant for them and under their session's cap, and record impressions
 * (counted up to the cap, per session) and clicks (once per session). Organizers read the
 * experiences that promote their events and their numbers.
 */
import { type DestinationRoute, type ExperienceAudience, type ExperiencePlacement, type MobileExperience, type User } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import { ChallengeRepo } from "../challenges/challenge.port.js"
import { ClubRepo } from "../clubs/club.port.js"
import { EventRepo } from "../events/event.port.js"
import type { Principal } from "../identity/principal.model.js"
import { checkUpload, type FileKind, ImageRule, MiB, type Upload, type UploadRule } from "../media/file-type.model.js"
import { mediaUrl } from "../media/media-token.model.js"
import { putUpload } from "../media/stored-file.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import {
  DestinationCatalog,
  DestinationNotFound,
  type EntityRoute,
  ExperienceArchived,
  ExperienceEnded,
  ExperienceInvalid,
  type ExperienceMove,
  ExperienceNotFound,
  isEntityRoute,
  PromotionLimits,
  PromotionNotFound,
  PromotionUserNotFound
} from "./mobile-experience.model.js"
import { ExperienceCreativeRepo, type ExperienceFields, type ExperienceFilter, MobileExperienceRepo, PromotionEngagementRepo } from "./mobile-experience.port.js"


/** What an upsert body carries (create requires name, purpose, placement and title). */
export interface ExperienceInput {
  readonly name?: string | undefined
  readonly purpose?: MobileExperience["purpose"] | undefined
  readonly placement?: ExperiencePlacement | undefined
  readonly format?: MobileExperience["format"] | undefined
  readonly title?: string | undefined
  readonly body?: string | null | undefined
  readonly ctaLabel?: string | null | undefined
  readonly creativeId?: string | null | undefined
  readonly destinationRoute?: DestinationRoute | undefined
  readonly destinationId?: string | null | undefined
  readonly audience?: Partial<ExperienceAudience> | undefined
  readonly priority?: number | undefined
  readonly frequencyCapPerSession?: number | undefined
  readonly startsAt?: Date | null | undefined
  readonly endsAt?: Date | null | undefined
}

const NoAudience: ExperienceAudience = { newUsersWithinDays: null, minAccountAgeDays: null, includeUserIds: [], excludeUserIds: [] }

const invalid = (...messages: ReadonlyArray<string>) => new ExperienceInvalid({ messages })

/** One promotional creative: an image (5 MB) or an MP4 video of at most 50 MB. */
const CreativeRule: UploadRule = { kinds: ["png", "jpeg", "webp", "mp4"], maxBytes: 50 * MiB }
const isImage = (kind: FileKind) => ImageRule.kinds.includes(kind)

export const findExperience = Effect.fn("promotions.experiences.find")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(MobileExperienceRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found)) return yield* new ExperienceNotFound({ id })
  return found.value
})

/** The record the destination names, as the admin form shows it (none when it does not exist). */
const resolveEntity = (route: EntityRoute, id: string) =>
  Effect.gen(function*() {
    if (!isUuid(id)) return Option.none<{ readonly id: string; readonly label: string; readonly organizerId: string | null; readonly status: string }>()
    switch (route) {
      case "EVENT":
        return Option.map(yield* Effect.flatMap(EventRepo, (r) => r.findById(id)), (e) => ({ id: e.id, label: e.title, organizerId: e.organizerId, status: e.status as string }))
      case "CHALLENGE":
        return Option.map(yield* Effect.flatMap(ChallengeRepo, (r) => r.findById(id)), (c) => ({ id: c.id, label: c.title, organizerId: null, status: c.status as string }))
      case "CLUB":
        return Option.map(yield* Effect.flatMap(ClubRepo, (r) => r.findById(id)), (c) => ({ id: c.id, label: c.name, organizerId: null, status: c.status as string }))
    }
  })

const isHttpsUrl = (s: string) => {
  try {
    return new URL(s).protocol === "https:"
  } catch {
    return false
  }
}

/** The merged fields checked as a whole (400 with every problem), with the organizer an event destination belongs to. */
const checkedFields = (merged: Omit<ExperienceFields, "organizerId">) =>
  Effect.gen(function*() {
    const messages: Array<string> = []
    let organizerId: string | null = null
    const route = merged.destinationRoute
    const needsId = DestinationCatalog.find((d) => d.route === route)?.needsId ?? false
    if (needsId && merged.destinationId === null) messages.push(`destinationId should not be empty for route ${route}`)
    if (!needsId && merged.destinationId !== null) messages.push(`destinationId must be empty for route ${route}`)
    if (merged.destinationId !== null && route === "URL" && !isHttpsUrl(merged.destinationId)) messages.push("destinationId must be an https URL")
    if (merged.destinationId !== null && isEntityRoute(route)) {
      const target = yield* resolveEntity(route, merged.destinationId)
      if (Option.isNone(target)) messages.push(`destinationId must name an existing ${route.toLowerCase()}`)
      else organizerId = target.value.organizerId
    }
    if (merged.creativeId !== null) {
      const creative = isUuid(merged.creativeId) ? yield* Effect.flatMap(ExperienceCreativeRepo, (r) => r.findById(merged.creativeId!)) : Option.none()
      if (Option.isNone(creative)) messages.push("creativeId must name an uploaded creative")
    }
    if (merged.startsAt !== null && merged.endsAt !== null && merged.endsAt.getTime() <= merged.startsAt.getTime()) messages.push("endsAt must be after startsAt")
    const a = merged.audience
    if (a.newUsersWithinDays !== null && a.minAccountAgeDays !== null && a.minAccountAgeDays > a.newUsersWithinDays) {
      messages.push("audience.minAccountAgeDays must not be greater than audience.newUsersWithinDays")
    }
    if (messages.length > 0) return yield* invalid(...messages)
    const fields: ExperienceFields = { ...merged, organizerId }
    return fields
  })

const merge = (base: Omit<ExperienceFields, "organizerId">, input: ExperienceInput): Omit<ExperienceFields, "organizerId"> => {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as ExperienceInput
  return {
    ...base,
    ...defined,
    // The body's text fields trimmed; whitespace alone clears them.
    body: defined.body === undefined ? base.body : defined.body?.trim() || null,
    ctaLabel: defined.ctaLabel === undefined ? base.ctaLabel : defined.ctaLabel?.trim() || null,
    audience: { ...base.audience, ...(defined.audience ?? {}) }
  } as Omit<ExperienceFields, "organizerId">
}

const audit = (principal: Principal, action: string, e: MobileExperience, data: Record<string, unknown> = {}) =>
  auditSubject(`promotions.experience.${action}`, principal, { kind: "mobile_experience", id: e.id }, { data: { status: e.status, ...data } })

export const createExperience = Effect.fn("promotions.experiences.create")(function*(principal: Principal, input: ExperienceInput) {
  const fields = yield* checkedFields(merge({
    name: "",
    purpose: "ANNOUNCEMENT",
    placement: "HOME_BANNER",
    format: "CARD",
    title: "",
    body: null,
    ctaLabel: null,
    creativeId: null,
    destinationRoute: "NONE",
    destinationId: null,
    audience: NoAudience,
    priority: 0,
    frequencyCapPerSession: 1,
    startsAt: null,
    endsAt: null
  }, input))
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const created = yield* Effect.flatMap(MobileExperienceRepo, (r) => r.create(fields, principal.accountId))
      yield* audit(principal, "created", created)
      return created
    })))
})

/** Changes an experience that is not archived (409 MOBILE_EXPERIENCE_ARCHIVED); a live one changes live. */
export const updateExperience = Effect.fn("promotions.experiences.update")(function*(principal: Principal, id: string, input: ExperienceInput) {
  const before = yield* findExperience(id)
  if (before.status === "ARCHIVED") return yield* new ExperienceArchived({ id: before.id })
  const { id: _id, status: _s, publishedAt: _p, archivedAt: _a, createdBy: _c, createdAt: _ca, updatedAt: _u, organizerId: _o, ...base } = before
  const fields = yield* checkedFields(merge(base, input))
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const updated = yield* Effect.flatMap(MobileExperienceRepo, (r) => r.update(before.id, fields))
      yield* audit(principal, "updated", updated)
      return updated
    })))
})

/** Publish, pause or archive: one conditional update (409 MOBILE_EXPERIENCE_MOVE_REFUSED when illegal from where it is). */
export const moveExperience = Effect.fn("promotions.experiences.move")(function*(principal: Principal, id: string, move: ExperienceMove) {
  const before = yield* findExperience(id)
  const now = yield* Clock.currentTimeMillis
  if (move === "publish" && before.endsAt !== null && before.endsAt.getTime() <= now) return yield* new ExperienceEnded({ id: before.id })
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(MobileExperienceRepo, (r) => r.move(before.id, move))
      yield* audit(principal, move === "publish" ? "published" : move === "pause" ? "paused" : "archived", moved, { from: before.status })
      return moved
    })))
})

export const listExperiences = (filter: ExperienceFilter) => Effect.flatMap(MobileExperienceRepo, (r) => r.list(filter))

/** The experience with a short-lived public URL of its creative (null without one). */
export const experienceView = (e: MobileExperience) =>
  Effect.gen(function*() {
    const creative = e.creativeId === null ? Option.none() : yield* Effect.flatMap(ExperienceCreativeRepo, (r) => r.findById(e.creativeId!))
    if (Option.isNone(creative)) return { ...e, mediaUrl: null, mediaContentType: null }
    return { ...e, mediaUrl: yield* mediaUrl(creative.value, "public"), mediaContentType: creative.value.contentType }
  })

/** Uploads one creative (PNG, JPG or WEBP up to 5 MB, or MP4 up to 50 MB, recognised by its bytes). */
export const uploadCreative = Effect.fn("promotions.creatives.upload")(function*(principal: Principal, upload: Upload | undefined) {
  if (upload === undefined) return yield* invalid("file should not be empty")
  const checked = checkUpload("file", upload, CreativeRule)
  if ("error" in checked) return yield* invalid(checked.error)
  if (isImage(checked.kind) && upload.bytes.length > ImageRule.maxBytes) return yield* invalid("file must be at most 5 MB for an image")
  const file = yield* putUpload("mx", "file", upload, CreativeRule)
  const creative = yield* Effect.flatMap(ExperienceCreativeRepo, (r) => r.create({ ...file, createdBy: principal.accountId }))
  return { ...creative, url: yield* mediaUrl(creative, "public") }
})

// ---- eligibility ----

const DayMs = 86_400_000

/** Why `user` may not see `e` at `now` (empty: eligible). */
export const ineligibility = (e: MobileExperience, user: User, now: number): ReadonlyArray<string> => {
  const reasons: Array<string> = []
  if (e.status !== "PUBLISHED") reasons.push(`the experience is ${e.status}`)
  if (e.startsAt !== null && e.startsAt.getTime() > now) reasons.push("the experience has not started")
  if (e.endsAt !== null && e.endsAt.getTime() <= now) reasons.push("the experience has ended")
  const ageDays = (now - user.createdAt.getTime()) / DayMs
  const a = e.audience
  if (a.newUsersWithinDays !== null && ageDays > a.newUsersWithinDays) reasons.push(`the account is older than ${a.newUsersWithinDays} days`)
  if (a.minAccountAgeDays !== null && ageDays < a.minAccountAgeDays) reasons.push(`the account is younger than ${a.minAccountAgeDays} days`)
  if (a.includeUserIds.length > 0 && !a.includeUserIds.includes(user.id)) reasons.push("the user is not in the audience's user list")
  if (a.excludeUserIds.includes(user.id)) reasons.push("the user is excluded from the audience")
  return reasons
}

const findUser = (userId: string) =>
  Effect.gen(function*() {
    const user = isUuid(userId) ? yield* Effect.flatMap(UserRepo, (r) => r.findById(userId)) : Option.none()
    if (Option.isNone(user)) return yield* new PromotionUserNotFound({ userId })
    return user.value
  })

export const checkEligibility = Effect.fn("promotions.experiences.eligibility")(function*(id: string, userId: string) {
  const e = yield* findExperience(id)
  const user = yield* findUser(userId)
  const reasons = ineligibility(e, user, yield* Clock.currentTimeMillis)
  return { experienceId: e.id, userId: user.id, eligible: reasons.length === 0, reasons }
})

// ---- athletes ----

/** What the app shows of one promotion (never its audience or bookkeeping). */
const promotionView = (e: MobileExperience) =>
  Effect.map(experienceView(e), (v) => ({
    id: v.id,
    placement: v.placement,
    format: v.format,
    title: v.title,
    body: v.body,
    ctaLabel: v.ctaLabel,
    mediaUrl: v.mediaUrl,
    mediaContentType: v.mediaContentType,
    destinationRoute: v.destinationRoute,
    destinationId: v.destinationId,
    priority: v.priority
  }))

/**
 * The published promotions of a placement the athlete is eligible for, priority first; with a
 * `sessionId`, those whose impressions in that session reached their cap are left out.
 */
export const myPromotions = Effect.fn("promotions.me.list")(function*(
  principal: Principal,
  query: { readonly placement: ExperiencePlacement; readonly sessionId?: string | undefined; readonly limit?: number | undefined }
) {
  const user = yield* findUser(principal.accountId)
  const now = yield* Clock.currentTimeMillis
  const candidates = yield* Effect.flatMap(MobileExperienceRepo, (r) => r.servable(query.placement, new Date(now)))
  const seen = query.sessionId === undefined ? new Map<string, number>() : yield* Effect.flatMap(PromotionEngagementRepo, (r) => r.sessionImpressions(user.id, query.sessionId!))
  const chosen = candidates
    .filter((e) => ineligibility(e, user, now).length === 0 && (seen.get(e.id) ?? 0) < e.frequencyCapPerSession)
    .slice(0, query.limit ?? PromotionLimits.defaultPerRead)
  return yield* Effect.forEach(chosen, promotionView)
})

const servableFor = (principal: Principal, promotionId: string) =>
  Effect.gen(function*() {
    const found = isUuid(promotionId) ? yield* Effect.flatMap(MobileExperienceRepo, (r) => r.findById(promotionId)) : Option.none()
    const user = yield* findUser(principal.accountId)
    if (Option.isNone(found) || ineligibility(found.value, user, yield* Clock.currentTimeMillis).length > 0) return yield* new PromotionNotFound({ id: promotionId })
    return { experience: found.value, user }
  })

/** Counts an impression in the session unless it reached the experience's cap (then `counted` is false). */
export const recordImpression = Effect.fn("promotions.me.impression")(function*(principal: Principal, promotionId: string, sessionId: string) {
  const { experience, user } = yield* servableFor(principal, promotionId)
  const counted = yield* Effect.flatMap(PromotionEngagementRepo, (r) => r.impression(experience.id, user.id, sessionId, experience.frequencyCapPerSession))
  return { promotionId: experience.id, sessionId, counted }
})

/** Records the session's click once (a repeated tap in the same session is not counted again). */
export const recordClick = Effect.fn("promotions.me.click")(function*(principal: Principal, promotionId: string, sessionId: string) {
  const { experience, user } = yield* servableFor(principal, promotionId)
  const counted = yield* Effect.flatMap(PromotionEngagementRepo, (r) => r.click(experience.id, user.id, sessionId))
  return { promotionId: experience.id, sessionId, counted }
})

// ---- analytics ----

export const analyticsOf = Effect.fn("promotions.analytics")(function*(e: MobileExperience, from: Date | undefined, to: Date | undefined) {
  if (from !== undefined && to !== undefined && to.getTime() < from.getTime()) return yield* invalid("to must not be before from")
  const c = yield* Effect.flatMap(PromotionEngagementRepo, (r) => r.counts(e.id, from ?? null, to ?? null))
  return {
    experienceId: e.id,
    from: from ?? null,
    to: to ?? null,
    ...c,
    clickThroughRate: c.impressions === 0 ? 0 : Math.round((c.clicks / c.impressions) * 1000) / 10
  }
})

export const experienceAnalytics = Effect.fn("promotions.experiences.analytics")(function*(id: string, from?: Date, to?: Date) {
  return yield* analyticsOf(yield* findExperience(id), from, to)
})

/** An experience promoting one of the organizer's events, published at least once (others read as missing). */
const organizerPromotion = (organizerId: string, promotionId: string) =>
  Effect.gen(function*() {
    const found = isUuid(promotionId) ? yield* Effect.flatMap(MobileExperienceRepo, (r) => r.findById(promotionId)) : Option.none()
    if (Option.isNone(found) || found.value.organizerId !== organizerId || found.value.publishedAt === null) return yield* new PromotionNotFound({ id: promotionId })
    return found.value
  })

export const organizerPromotions = (organizerId: string, page: { readonly page: number; readonly limit: number }) =>
  listExperiences({ organizerId, publishedOnce: true, ...page })

export const organizerPromotionAnalytics = Effect.fn("promotions.organizer.analytics")(function*(organizerId: string, promotionId: string, from?: Date, to?: Date) {
  return yield* analyticsOf(yield* organizerPromotion(organizerId, promotionId), from, to)
})

// ---- destinations ----

/** The routes the app knows, narrowed by route or by words of their label; with `id`, the record it names. */
export const destinations = Effect.fn("promotions.destinations.list")(function*(query: { readonly route?: DestinationRoute | undefined; readonly search?: string | undefined; readonly id?: string | undefined }) {
  const words = query.search?.trim().toLowerCase()
  const routes = DestinationCatalog.filter((d) =>
    (query.route === undefined || d.route === query.route) && (words === undefined || words === "" || d.label.toLowerCase().includes(words) || d.route.toLowerCase().includes(words)))
  if (query.id === undefined) return { routes, target: null }
  if (query.route === undefined || !isEntityRoute(query.route)) return yield* invalid("route must be one of the following values: EVENT, CHALLENGE, CLUB when id is given")
  const target = yield* resolveEntity(query.route, query.id)
  if (Option.isNone(target)) return yield* new DestinationNotFound({ route: query.route, id: query.id })
  return { routes, target: { route: query.route, id: target.value.id, label: target.value.label, status: target.value.status } }
})

const SearchLimit = 20

/**
 * Searches the records an entity route may open: public events (by the words of the search index),
 * active challenges and active clubs (by title or name); `id` narrows to one record.
 */
export const searchDestinations = Effect.fn("promotions.destinations.search")(function*(query: { readonly route: DestinationRoute; readonly q?: string | undefined; readonly id?: string | undefined }) {
  const route = query.route
  if (!isEntityRoute(route)) return yield* invalid("route must be one of the following values: EVENT, CHALLENGE, CLUB")
  if (query.id !== undefined) {
    const target = yield* resolveEntity(route, query.id)
    return { route, items: Option.match(target, { onNone: () => [], onSome: (t) => [{ id: t.id, label: t.label, status: t.status }] }) }
  }
  const q = query.q?.trim() || undefined
  const now = new Date(yield* Clock.currentTimeMillis)
  switch (route) {
    case "EVENT": {
      const page = yield* Effect.flatMap(EventRepo, (r) => r.list({ publicOnly: true, search: q, now, order: "startsAt", limit: SearchLimit, offset: 0 }))
      return { route, items: page.data.map((e) => ({ id: e.id, label: e.title, status: e.status as string })) }
    }
    case "CHALLENGE": {
      const page = yield* Effect.flatMap(ChallengeRepo, (r) => r.list({ q, statuses: ["ACTIVE"], now, sort: "newest" }, { page: 1, limit: SearchLimit }))
      return { route, items: page.items.map((c) => ({ id: c.id, label: c.title, status: c.status as string })) }
    }
    case "CLUB": {
      const page = yield* Effect.flatMap(ClubRepo, (r) => r.list({ publicOnly: true, ...(q === undefined ? {} : { search: q }), limit: SearchLimit, offset: 0 }))
      return { route, items: page.items.map((c) => ({ id: c.id, label: c.name, status: c.status as string })) }
    }
  }
})

