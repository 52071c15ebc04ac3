/**
 * Official partners (A 4.6): admins holding `partners.manage` designate an approved, active
 * organizer or an active club as an official partner (one current partnership per subject: a
 * unique index decides between concurrent designations), change or remove it (removal keeps the
 * row as history, so the subject may be designated again), upload logos, and configure the single
 * athlete exclusive partner tab. The public reads answer only what is live: an ACTIVE partnership
 * of a subject that is still eligible. Every change is written with its audit row in one transaction.
 */
import {
  type OfficialPartner,
  type OfficialPartnerStatus,
  type PartnerBenefit,
  PartnerBenefitDefinitions,
  type PartnerExclusiveTab,
  type PartnerSubjectType,
  type PartnerTier,
  PartnerTierDefinitions
} from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { ClubRepo } from "../clubs/club.port.js"
import { Hmac } from "../identity/crypto.port.js"
import type { Principal } from "../identity/principal.model.js"
import { BlobStore } from "../media/blob-store.port.js"
import { checkUpload, ImageRule, type Upload } from "../media/file-type.model.js"
import { issueMediaToken, mediaUrl } from "../media/media-token.model.js"
import { putUpload } from "../media/stored-file.js"
import { OrganizerRepo } from "../organizers/organizer.port.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import type { ListQuery } from "../platform/list-query.model.js"
import { Transactor } from "../platform/transactor.port.js"
import {
  ExclusiveTabBenefit,
  ExclusiveTabTargetNotEligible,
  isTabTarget,
  OfficialPartnerNotFound,
  OfficialPartnerRemoved,
  OfficialPartnerSubject,
  PartnerInputInvalid,
  PartnerLogoNotFound,
  partnerStatus,
  PartnerSubjectNotEligible,
  PartnerSubjectNotFound,
  tierBenefits
} from "./partner.model.js"
import { ExclusiveTabRepo, OfficialPartnerRepo, type PartnerFields, PartnerLogoRepo } from "./partner.port.js"

const nowDate = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** The tiers and benefits partnerships draw from. */
export const benefitDefinitions = () => ({ tiers: PartnerTierDefinitions, benefits: PartnerBenefitDefinitions })

// ---------------------------------------------------------------------------------------------
// Subjects

interface SubjectFacts {
  readonly name: string
  readonly city: string | null
  readonly verified: boolean
  /** Why it may not be a partner now; null when it may. */
  readonly ineligible: string | null
}

/** What the partners context needs to know of an organizer or a club; none when it does not exist. */
const subjectFacts = (subjectType: PartnerSubjectType, subjectId: string) =>
  Effect.gen(function*() {
    if (!isUuid(subjectId)) return Option.none<SubjectFacts>()
    if (subjectType === "organizer") {
      const found = yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(subjectId))
      return Option.map(found, (o): SubjectFacts => ({
        name: o.name,
        city: o.city,
        verified: o.approvalStatus === "APPROVED",
        ineligible: o.approvalStatus !== "APPROVED" ? `it is ${o.approvalStatus}, not APPROVED` : !o.isActive ? "it is deactivated" : null
      }))
    }
    const found = yield* Effect.flatMap(ClubRepo, (r) => r.findById(subjectId))
    return Option.map(found, (c): SubjectFacts => ({
      name: c.name,
      city: c.city,
      verified: c.verificationStatus === "VERIFIED",
      ineligible: c.status !== "ACTIVE" ? `it is ${c.status}, not ACTIVE` : !c.isActive ? "it is deactivated" : null
    }))
  })

/** Organizers that may be partners: APPROVED and active (the admin organizer list's query, built here). */
const approvedOrganizers = (search: string | undefined, limit: number, offset: number): ListQuery => {
  const cond = (field: string, operator: "$eq" | "$contL", value: string | boolean) => ({ _tag: "Cond" as const, condition: { field, operator, value } })
  return {
    fields: undefined,
    where: {
      _tag: "And",
      items: [
        cond("approvalStatus", "$eq", "APPROVED"),
        cond("isActive", "$eq", true),
        ...(search === undefined ? [] : [{ _tag: "Or" as const, items: [cond("name", "$contL", search), cond("companyName", "$contL", search)] }])
      ]
    },
    sort: [{ field: "name", order: "ASC" }, { field: "id", order: "ASC" }],
    joins: [],
    limit,
    offset,
    page: Math.floor(offset / Math.max(limit, 1)) + 1,
    resetCache: false
  }
}

export interface PartnerCandidate {
  readonly subjectType: PartnerSubjectType
  readonly subjectId: string
  readonly name: string
  readonly city: string | null
  readonly verified: boolean
  /** The subject's current partnership, when it already is a partner. */
  readonly partnerId: string | null
}

/**
 * Who could be designated: approved, active organizers (by name) then active clubs (by name),
 * paged over the two lists one after the other so the page is exact without reading either whole.
 */
export const partnerCandidates = Effect.fn("partners.candidates")(function*(input: {
  readonly subjectType?: PartnerSubjectType | undefined
  readonly search?: string | undefined
  readonly page: number
  readonly limit: number
}) {
  const offset = (input.page - 1) * input.limit
  const organizers = yield* OrganizerRepo
  const clubs = yield* ClubRepo
  const partners = yield* OfficialPartnerRepo
  const wantOrganizers = input.subjectType !== "club"
  const wantClubs = input.subjectType !== "organizer"
  const items: Array<PartnerCandidate> = []
  let organizerTotal = 0
  if (wantOrganizers) {
    const page = yield* organizers.list(approvedOrganizers(input.search, input.limit, offset))
    organizerTotal = page.total
    const current = yield* partners.currentOf("organizer", page.data.map((o) => o.id!))
    for (const o of page.data) {
      items.push({ subjectType: "organizer", subjectId: o.id!, name: o.name!, city: o.city ?? null, verified: true, partnerId: current.find((p) => p.subjectId === o.id)?.id ?? null })
    }
  }
  let clubTotal = 0
  if (wantClubs) {
    const clubOffset = Math.max(0, offset - organizerTotal)
    const room = input.limit - items.length
    const page = yield* clubs.list({ publicOnly: true, ...(input.search === undefined ? {} : { search: input.search }), limit: Math.max(room, 1), offset: clubOffset, oldestFirst: true })
    clubTotal = page.total
    if (room > 0) {
      const sorted = [...page.items]
      const current = yield* partners.currentOf("club", sorted.map((c) => c.id))
      for (const c of sorted) {
        items.push({ subjectType: "club", subjectId: c.id, name: c.name, city: c.city, verified: c.verificationStatus === "VERIFIED", partnerId: current.find((p) => p.subjectId === c.id)?.id ?? null })
      }
    }
  }
  return { items, total: organizerTotal + clubTotal }
})

// ---------------------------------------------------------------------------------------------
// Partnerships

/** An admin's view of a partnership: the record, its status now and a fresh logo URL. */
export const partnerView = (p: OfficialPartner, now: Date) =>
  Effect.map(
    p.logoKey === null || p.logoContentType === null ? Effect.succeed(null) : mediaUrl({ key: p.logoKey, contentType: p.logoContentType }, "public"),
    (logoUrl) => ({ ...p, status: partnerStatus(p, now), logoUrl })
  )

const findPartner = Effect.fn("partners.find")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(OfficialPartnerRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found)) return yield* new OfficialPartnerNotFound({ id })
  return found.value
})

export const getPartner = Effect.fn("partners.get")(function*(id: string) {
  return yield* partnerView(yield* findPartner(id), yield* nowDate)
})

export const listPartners = Effect.fn("partners.list")(function*(input: {
  readonly status?: OfficialPartnerStatus | undefined
  readonly subjectType?: PartnerSubjectType | undefined
  readonly tier?: PartnerTier | undefined
  readonly search?: string | undefined
  readonly page: number
  readonly limit: number
}) {
  const now = yield* nowDate
  const page = yield* Effect.flatMap(OfficialPartnerRepo, (r) => r.list({ ...input, now, offset: (input.page - 1) * input.limit }))
  return { items: yield* Effect.forEach(page.items, (p) => partnerView(p, now)), total: page.total }
})

/** The body of a designation or its change (every field optional on a change). */
export interface PartnerInput {
  readonly subjectType?: PartnerSubjectType | undefined
  readonly subjectId?: string | undefined
  readonly tier?: PartnerTier | undefined
  readonly benefits?: ReadonlyArray<PartnerBenefit> | undefined
  readonly displayName?: string | undefined
  readonly tagline?: string | null | undefined
  readonly description?: string | null | undefined
  readonly websiteUrl?: string | null | undefined
  readonly displayOrder?: number | undefined
  readonly logoImageId?: string | null | undefined
  readonly validFrom?: Date | undefined
  readonly validUntil?: Date | null | undefined
}

/**
 * The fields after `input` is applied to `base`. Benefits must come from the tier's list; when the
 * tier changes and no benefits are given, the partnership takes the new tier's full list (keeping
 * benefits the new tier may not hold would break the rule silently).
 */
const mergeFields = (base: PartnerFields, input: PartnerInput, tierChanged: boolean) =>
  Effect.gen(function*() {
    const tier = input.tier ?? base.tier
    const allowed = tierBenefits(tier)
    const benefits = input.benefits !== undefined ? [...new Set(input.benefits)] : tierChanged ? [...allowed] : [...base.benefits]
    const validFrom = input.validFrom ?? base.validFrom
    const validUntil = input.validUntil === undefined ? base.validUntil : input.validUntil
    const messages: Array<string> = []
    const foreign = benefits.filter((b) => !allowed.includes(b))
    if (foreign.length > 0) messages.push(`benefits of a ${tier} partner must be among: ${allowed.join(", ")}`)
    if (validUntil !== null && validUntil.getTime() <= validFrom.getTime()) messages.push("validUntil must be after validFrom")
    if (messages.length > 0) return yield* new PartnerInputInvalid({ messages })
    let logo = base.logo
    if (input.logoImageId === null) logo = null
    else if (input.logoImageId !== undefined && input.logoImageId !== base.logo?.id) {
      const found = yield* Effect.flatMap(PartnerLogoRepo, (r) => r.findById(input.logoImageId!))
      if (Option.isNone(found)) return yield* new PartnerLogoNotFound({ id: input.logoImageId })
      logo = { id: found.value.id, key: found.value.key, contentType: found.value.contentType }
    }
    const fields: PartnerFields = {
      tier,
      benefits,
      displayName: input.displayName ?? base.displayName,
      tagline: input.tagline === undefined ? base.tagline : input.tagline,
      description: input.description === undefined ? base.description : input.description,
      websiteUrl: input.websiteUrl === undefined ? base.websiteUrl : input.websiteUrl,
      displayOrder: input.displayOrder ?? base.displayOrder,
      logo,
      validFrom,
      validUntil
    }
    return fields
  })

const fieldsOf = (p: OfficialPartner): PartnerFields => ({
  tier: p.tier,
  benefits: p.benefits,
  displayName: p.displayName,
  tagline: p.tagline,
  description: p.description,
  websiteUrl: p.websiteUrl,
  displayOrder: p.displayOrder,
  logo: p.logoImageId === null || p.logoKey === null || p.logoContentType === null ? null : { id: p.logoImageId, key: p.logoKey, contentType: p.logoContentType },
  validFrom: p.validFrom,
  validUntil: p.validUntil
})

/** What an audit row records of a partnership. */
const facts = (p: OfficialPartner) => ({
  subjectType: p.subjectType,
  subjectId: p.subjectId,
  tier: p.tier,
  benefits: p.benefits,
  displayName: p.displayName,
  validFrom: p.validFrom.toISOString(),
  validUntil: p.validUntil?.toISOString() ?? null,
  logoImageId: p.logoImageId
})

/** Designates an eligible organizer or club (404 when unknown, 409 when ineligible or already a partner). */
export const designatePartner = Effect.fn("partners.designate")(function*(admin: Principal, input: PartnerInput & {
  readonly subjectType: PartnerSubjectType
  readonly subjectId: string
  readonly tier: PartnerTier
}) {
  const subject = yield* subjectFacts(input.subjectType, input.subjectId)
  if (Option.isNone(subject)) return yield* new PartnerSubjectNotFound({ subjectType: input.subjectType, subjectId: input.subjectId })
  if (subject.value.ineligible !== null) {
    return yield* new PartnerSubjectNotEligible({ subjectType: input.subjectType, subjectId: input.subjectId, why: subject.value.ineligible })
  }
  const now = yield* nowDate
  const defaults: PartnerFields = {
    tier: input.tier,
    benefits: [],
    // The subject's own name is the natural display name; admins may write a shorter one.
    displayName: subject.value.name.length >= 2 ? subject.value.name.slice(0, 120) : `${subject.value.name} partner`,
    tagline: null,
    description: null,
    websiteUrl: null,
    displayOrder: 0,
    logo: null,
    validFrom: now,
    validUntil: null
  }
  const fields = yield* mergeFields(defaults, input, true)
  const created = yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const row = yield* Effect.flatMap(OfficialPartnerRepo, (r) =>
        r.create({ ...fields, subjectType: input.subjectType, subjectId: input.subjectId, createdBy: admin.accountId }))
      yield* auditSubject("partners.designated", admin, { kind: OfficialPartnerSubject, id: row.id }, { data: facts(row) })
      return row
    })))
  return yield* partnerView(created, now)
})

/**
 * Changes a current partnership. The subject is the partnership's identity: naming another one is
 * refused (remove this partnership and designate the other subject instead). The row is locked
 * while the merged fields are checked and written, so two changes apply one after the other.
 */
export const updatePartner = Effect.fn("partners.update")(function*(admin: Principal, id: string, input: PartnerInput) {
  const before = yield* findPartner(id)
  const moved: Array<string> = []
  if (input.subjectType !== undefined && input.subjectType !== before.subjectType) moved.push("subjectType cannot change; remove this partnership and designate the new subject")
  if (input.subjectId !== undefined && input.subjectId !== before.subjectId) moved.push("subjectId cannot change; remove this partnership and designate the new subject")
  if (moved.length > 0) return yield* new PartnerInputInvalid({ messages: moved })
  const now = yield* nowDate
  const updated = yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const repo = yield* OfficialPartnerRepo
      const locked = yield* repo.lockById(before.id)
      if (Option.isNone(locked)) return yield* new OfficialPartnerNotFound({ id })
      if (locked.value.removedAt !== null) return yield* new OfficialPartnerRemoved({ id: before.id })
      const fields = yield* mergeFields(fieldsOf(locked.value), input, input.tier !== undefined && input.tier !== locked.value.tier)
      const row = yield* repo.update(before.id, fields, admin.accountId)
      if (Option.isNone(row)) return yield* new OfficialPartnerRemoved({ id: before.id })
      yield* auditSubject("partners.updated", admin, { kind: OfficialPartnerSubject, id: row.value.id }, { data: { before: facts(locked.value), after: facts(row.value) } })
      return row.value
    })))
  return yield* partnerView(updated, now)
})

/** Removes a current partnership with the admin's reason (409 OFFICIAL_PARTNER_REMOVED when it already was). */
export const removePartner = Effect.fn("partners.remove")(function*(admin: Principal, id: string, reason: string) {
  const before = yield* findPartner(id)
  const now = yield* nowDate
  const removed = yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const row = yield* Effect.flatMap(OfficialPartnerRepo, (r) => r.remove(before.id, admin.accountId, reason))
      if (Option.isNone(row)) return yield* new OfficialPartnerRemoved({ id: before.id })
      yield* auditSubject("partners.removed", admin, { kind: OfficialPartnerSubject, id: row.value.id }, { reason, data: facts(row.value) })
      return row.value
    })))
  return yield* partnerView(removed, now)
})

/** Stores a logo checked by its bytes (PNG, JPG or WEBP, 5 MB) and records it for later designations. */
export const uploadPartnerLogo = Effect.fn("partners.logo.upload")(function*(admin: Principal, upload: Upload) {
  const checked = checkUpload("logoImage", upload, ImageRule)
  if ("error" in checked) return yield* new PartnerInputInvalid({ messages: [checked.error] })
  const file = yield* putUpload("p", "logoImage", upload, ImageRule)
  const logo = yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const row = yield* Effect.flatMap(PartnerLogoRepo, (r) =>
        r.create({ key: file.key, contentType: file.contentType, fileName: file.fileName, size: file.size, uploadedBy: admin.accountId }))
      yield* auditSubject("partners.logo.uploaded", admin, { kind: "official_partner_logo", id: row.id }, { data: { key: row.key, contentType: row.contentType, size: row.size } })
      return row
    }))).pipe(
      // The file is useless without its row: take it back when the row could not be written.
      Effect.onError(() => Effect.flatMap(BlobStore, (b) => b.remove(file.key)).pipe(Effect.ignore))
    )
  return { ...logo, url: yield* mediaUrl(file, "public") }
})

// ---------------------------------------------------------------------------------------------
// The athlete exclusive partner tab

const targetView = (p: OfficialPartner, now: Date) => ({
  id: p.id,
  subjectType: p.subjectType,
  subjectId: p.subjectId,
  displayName: p.displayName,
  tier: p.tier,
  status: partnerStatus(p, now),
  validFrom: p.validFrom,
  validUntil: p.validUntil
})

/** The partnerships the tab may show: current, not expired, holding the exclusive-tab benefit. */
export const exclusiveTabTargets = Effect.fn("partners.exclusiveTab.targets")(function*() {
  const now = yield* nowDate
  const rows = yield* Effect.flatMap(OfficialPartnerRepo, (r) => r.holding(ExclusiveTabBenefit, now))
  return rows.map((p) => targetView(p, now))
})

/** Whether the tab is shown to athletes now: enabled, its partnership ACTIVE, its subject still eligible. */
const liveTarget = (tab: PartnerExclusiveTab, now: Date) =>
  Effect.gen(function*() {
    if (!tab.enabled || tab.partnerId === null) return Option.none<OfficialPartner>()
    const partner = yield* Effect.flatMap(OfficialPartnerRepo, (r) => r.findById(tab.partnerId!))
    if (Option.isNone(partner) || partnerStatus(partner.value, now) !== "ACTIVE" || !partner.value.benefits.includes(ExclusiveTabBenefit)) {
      return Option.none<OfficialPartner>()
    }
    const subject = yield* subjectFacts(partner.value.subjectType, partner.value.subjectId)
    return Option.isSome(subject) && subject.value.ineligible === null ? partner : Option.none<OfficialPartner>()
  })

/** The admin's view of the tab: the stored configuration, its partnership and whether athletes see it now. */
export const exclusiveTab = Effect.fn("partners.exclusiveTab.get")(function*() {
  const now = yield* nowDate
  const tab = yield* Effect.flatMap(ExclusiveTabRepo, (r) => r.get)
  const partner = tab.partnerId === null ? Option.none() : yield* Effect.flatMap(OfficialPartnerRepo, (r) => r.findById(tab.partnerId!))
  const live = yield* liveTarget(tab, now)
  return { ...tab, partner: Option.isSome(partner) ? targetView(partner.value, now) : null, live: Option.isSome(live) }
})

/**
 * Configures the one tab. Enabling needs a partnership and a title; the partnership must be a
 * target. Its row is locked before the tab's (always in that order), so a concurrent removal of the
 * partnership either happens first (and this is refused) or waits for this change.
 */
export const putExclusiveTab = Effect.fn("partners.exclusiveTab.put")(function*(admin: Principal, input: {
  readonly enabled: boolean
  readonly partnerId?: string | null | undefined
  readonly title?: string | null | undefined
  readonly subtitle?: string | null | undefined
}) {
  const messages: Array<string> = []
  if (input.enabled && (input.partnerId === undefined || input.partnerId === null)) messages.push("partnerId is required when enabled is true")
  if (input.enabled && (input.title === undefined || input.title === null)) messages.push("title is required when enabled is true")
  if (messages.length > 0) return yield* new PartnerInputInvalid({ messages })
  const partnerId = input.partnerId ?? null
  const now = yield* nowDate
  yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      if (partnerId !== null) {
        const partner = yield* Effect.flatMap(OfficialPartnerRepo, (r) => r.lockById(partnerId))
        if (Option.isNone(partner)) return yield* new OfficialPartnerNotFound({ id: partnerId })
        if (!isTabTarget(partner.value, now)) return yield* new ExclusiveTabTargetNotEligible({ partnerId })
      }
      const tabs = yield* ExclusiveTabRepo
      const before = yield* tabs.get
      const after = yield* tabs.put({ enabled: input.enabled, partnerId, title: input.title ?? null, subtitle: input.subtitle ?? null }, admin.accountId)
      yield* auditSubject("partners.exclusive_tab.updated", admin, { kind: "official_partner_exclusive_tab", id: "athlete" }, {
        data: {
          version: after.version,
          before: { enabled: before.enabled, partnerId: before.partnerId, title: before.title, subtitle: before.subtitle },
          after: { enabled: after.enabled, partnerId: after.partnerId, title: after.title, subtitle: after.subtitle }
        }
      })
    })))
  return yield* exclusiveTab()
})

// ---------------------------------------------------------------------------------------------
// Public reads

/**
 * Logo URLs in public answers are signed to expire at the end of the next clock hour, so they are
 * valid for at least an hour and, with the hour in the ETag, a client revalidating with
 * `if-none-match` is told to refetch before the URL it holds expires.
 */
const HourSeconds = 3600
const publicLogoUrl = (p: OfficialPartner, nowSeconds: number) => {
  if (p.logoKey === null || p.logoContentType === null) return Effect.succeed(null)
  const expiresAt = (Math.floor(nowSeconds / HourSeconds) + 2) * HourSeconds
  return Effect.map(issueMediaToken({ key: p.logoKey, contentType: p.logoContentType }, "public", expiresAt - nowSeconds), (token) => `/v2/media/content/${token}?download=0`)
}

/** The public-safe projection of a partnership: no admin fields, no removal or audit facts. */
const publicProjection = (p: OfficialPartner, logoUrl: string | null) => ({
  subjectType: p.subjectType,
  subjectId: p.subjectId,
  tier: p.tier,
  benefits: p.benefits,
  displayName: p.displayName,
  tagline: p.tagline,
  description: p.description,
  websiteUrl: p.websiteUrl,
  logoUrl,
  validFrom: p.validFrom,
  validUntil: p.validUntil
})

/** The ACTIVE partnership of an eligible organizer or club (404 otherwise). */
export const publicPartner = Effect.fn("partners.public.get")(function*(subjectType: PartnerSubjectType, subjectId: string) {
  const notFound = new OfficialPartnerNotFound({ id: `${subjectType}/${subjectId}` })
  if (!isUuid(subjectId)) return yield* notFound
  const now = yield* nowDate
  const found = yield* Effect.flatMap(OfficialPartnerRepo, (r) => r.findCurrent(subjectType, subjectId))
  if (Option.isNone(found) || partnerStatus(found.value, now) !== "ACTIVE") return yield* notFound
  const subject = yield* subjectFacts(subjectType, subjectId)
  if (Option.isNone(subject) || subject.value.ineligible !== null) return yield* notFound
  return publicProjection(found.value, yield* publicLogoUrl(found.value, Math.floor(now.getTime() / 1000)))
})

/**
 * The tab as athletes' apps read it, with its entity tag: a digest of what the answer says (the
 * logo's key and the hour its URL is signed for rather than the URL itself, whose signature
 * carries the second it was issued), so an unchanged tab keeps its tag within the hour.
 */
export const publicExclusiveTabConfig = Effect.fn("partners.public.exclusiveTab")(function*() {
  const now = yield* nowDate
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const tab = yield* Effect.flatMap(ExclusiveTabRepo, (r) => r.get)
  const live = yield* liveTarget(tab, now)
  const partner = Option.isSome(live) ? publicProjection(live.value, yield* publicLogoUrl(live.value, nowSeconds)) : null
  const config = {
    enabled: Option.isSome(live),
    title: Option.isSome(live) ? tab.title : null,
    subtitle: Option.isSome(live) ? tab.subtitle : null,
    partner
  }
  const tagged = JSON.stringify({
    ...config,
    partner: partner === null ? null : { ...partner, logoUrl: live.pipe(Option.map((p) => p.logoKey), Option.getOrNull), hour: Math.floor(nowSeconds / HourSeconds) }
  })
  const digest = yield* Effect.flatMap(Hmac, (h) => h.digest("partners:exclusive-tab-etag", tagged))
  return { config, etag: `"${digest.slice(0, 32)}"` }
})

/** Whether an `if-none-match` header value matches `etag` (RFC 9110 weak comparison; `*` matches any). */
export const etagMatches = (header: string, etag: string) => {
  const bare = (t: string) => t.trim().replace(/^W\//, "")
  return header.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag))
}

