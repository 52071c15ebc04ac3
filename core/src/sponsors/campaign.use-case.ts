/**
 * Sponsor campaigns and cohorts: brands draft and submit them (brand tenancy guard), admins with
 * `sponsors.review` list the queue (default PENDING_APPROVAL) and decide. Every change is one
 * conditional update plus its audit row, in one transaction.
 */
import type { SponsorCampaignStatus, SponsorCohortDefinition, SponsorReviewStatus } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { ActivityRepo } from "../activities/activity.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { SponsorCampaignNotFound, SponsorCohortNotFound } from "./campaign.model.js"
import { SponsorCampaignRepo, SponsorCohortRepo } from "./campaign.port.js"
import { SponsorInputInvalid } from "./sponsor.model.js"
import { auditAccountAct } from "./sponsor.use-case.js"
import type { BrandActor, PageRequest } from "./workspace.use-case.js"

const windowOf = (p: PageRequest) => ({ limit: p.limit, offset: (p.page - 1) * p.limit })
const DayMs = 86_400_000

const recordAct = (actor: BrandActor, action: string, data: Readonly<Record<string, unknown>>) =>
  actor.accountId === null
    ? auditSubject(action, actor.principal, { kind: "sponsor_brand", id: actor.brandId }, { data })
    : auditAccountAct(actor.principal, actor.accountId, action, { brandId: actor.brandId, ...data })

/**
 * How many athletes a definition matches now: distinct athletes with at least `minActivities`
 * eligible activities (of the given sports) started in the last `activeWithinDays` days. Read
 * through the activities port, so both backends count the same rows; the window is at most a year
 * of activities, which is read once per creation or submission, never per request of the audience.
 */
export const estimateAudience = Effect.fn("sponsors.cohorts.estimate")(function*(definition: SponsorCohortDefinition) {
  const now = yield* Clock.currentTimeMillis
  const window = { from: new Date(now - definition.activeWithinDays * DayMs), to: new Date(now + 1) }
  const repo = yield* ActivityRepo
  const perAthlete = new Map<string, number>()
  for (const sport of definition.sports ?? [undefined]) {
    for (const activity of yield* repo.listEligible({ ...window, sport })) perAthlete.set(activity.userId, (perAthlete.get(activity.userId) ?? 0) + 1)
  }
  return [...perAthlete.values()].filter((n) => n >= definition.minActivities).length
})

// ---- cohorts ----

export const createCohort = Effect.fn("sponsors.cohorts.create")(function*(actor: BrandActor, input: { readonly name: string; readonly definition: SponsorCohortDefinition }) {
  const estimatedSize = yield* estimateAudience(input.definition)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const cohort = yield* Effect.flatMap(SponsorCohortRepo, (r) => r.create({ brandId: actor.brandId, name: input.name, definition: input.definition, estimatedSize, createdBy: actor.principal.accountId }))
    yield* recordAct(actor, "sponsors.cohort.created", { cohortId: cohort.id, estimatedSize })
    return cohort
  }))
})

export const listBrandCohorts = Effect.fn("sponsors.cohorts.listForBrand")(function*(actor: BrandActor, page: PageRequest) {
  const found = yield* Effect.flatMap(SponsorCohortRepo, (r) => r.list({ brandId: actor.brandId, oldestFirst: false, ...windowOf(page) }))
  return { ...found, ...page }
})

const findCohort = (id: string, brandId?: string) =>
  Effect.flatMap(SponsorCohortRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none()))).pipe(
    Effect.map(Option.filter((c) => brandId === undefined || c.brandId === brandId)),
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new SponsorCohortNotFound({ id })), onSome: Effect.succeed }))
  )

/** Sends a draft (or a rejected cohort) for review with a fresh estimate. */
export const submitCohort = Effect.fn("sponsors.cohorts.submit")(function*(actor: BrandActor, id: string) {
  const cohort = yield* findCohort(id, actor.brandId)
  const estimatedSize = yield* estimateAudience(cohort.definition)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const moved = yield* Effect.flatMap(SponsorCohortRepo, (r) => r.move(cohort.id, "submit", { estimatedSize }))
    yield* recordAct(actor, "sponsors.cohort.submitted", { cohortId: cohort.id, estimatedSize })
    return moved
  }))
})

export const cohortQueue = Effect.fn("sponsors.cohorts.queue")(function*(input: { readonly status?: SponsorReviewStatus | undefined } & PageRequest) {
  const found = yield* Effect.flatMap(SponsorCohortRepo, (r) => r.list({ status: input.status ?? "PENDING_APPROVAL", oldestFirst: true, ...windowOf(input) }))
  return { ...found, page: input.page, limit: input.limit }
})

/** An admin's decision on a cohort (409 SPONSOR_COHORT_MOVE_REFUSED unless PENDING_APPROVAL). */
export const decideCohort = Effect.fn("sponsors.cohorts.decide")(function*(admin: Principal, id: string, decision: { readonly move: "approve" | "reject"; readonly reason?: string | undefined }) {
  const cohort = yield* findCohort(id)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const moved = yield* Effect.flatMap(SponsorCohortRepo, (r) => r.move(cohort.id, decision.move, { reviewedBy: admin.accountId, rejectionReason: decision.reason }))
    yield* auditSubject(`sponsors.cohort.${decision.move === "approve" ? "approved" : "rejected"}`, admin, { kind: "sponsor_brand", id: cohort.brandId }, {
      ...(decision.reason === undefined ? {} : { reason: decision.reason }),
      data: { cohortId: cohort.id }
    })
    return moved
  }))
})

// ---- campaigns ----

/** A draft campaign; its target cohort, when named, must be one of the brand's own. */
export const createCampaign = Effect.fn("sponsors.campaigns.create")(function*(
  actor: BrandActor,
  input: { readonly name: string; readonly objective: "AWARENESS" | "ENGAGEMENT" | "PARTICIPATION" | "SALES"; readonly budgetMinor: number; readonly startDate: Date; readonly endDate: Date; readonly cohortId?: string | undefined }
) {
  if (input.endDate.getTime() <= input.startDate.getTime()) return yield* new SponsorInputInvalid({ messages: ["endDate must be after startDate"] })
  if (input.cohortId !== undefined) yield* findCohort(input.cohortId, actor.brandId)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const campaign = yield* Effect.flatMap(SponsorCampaignRepo, (r) =>
      r.create({ brandId: actor.brandId, name: input.name, objective: input.objective, budgetMinor: input.budgetMinor, startDate: input.startDate, endDate: input.endDate, cohortId: input.cohortId ?? null, createdBy: actor.principal.accountId }))
    yield* recordAct(actor, "sponsors.campaign.created", { campaignId: campaign.id })
    return campaign
  }))
})

export const listBrandCampaigns = Effect.fn("sponsors.campaigns.listForBrand")(function*(actor: BrandActor, page: PageRequest) {
  const found = yield* Effect.flatMap(SponsorCampaignRepo, (r) => r.list({ brandId: actor.brandId, oldestFirst: false, ...windowOf(page) }))
  return { ...found, ...page }
})

const findCampaign = (id: string, brandId?: string) =>
  Effect.flatMap(SponsorCampaignRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none()))).pipe(
    Effect.map(Option.filter((c) => brandId === undefined || c.brandId === brandId)),
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new SponsorCampaignNotFound({ id })), onSome: Effect.succeed }))
  )

/** Sends a draft (or a rejected campaign) for review; a campaign already over cannot be sent (400). */
export const submitCampaign = Effect.fn("sponsors.campaigns.submit")(function*(actor: BrandActor, id: string) {
  const campaign = yield* findCampaign(id, actor.brandId)
  const now = yield* Clock.currentTimeMillis
  if (campaign.endDate.getTime() <= now) return yield* new SponsorInputInvalid({ messages: ["endDate must be in the future"] })
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const moved = yield* Effect.flatMap(SponsorCampaignRepo, (r) => r.move(campaign.id, "submit", {}))
    yield* recordAct(actor, "sponsors.campaign.submitted", { campaignId: campaign.id })
    return moved
  }))
})

export const campaignQueue = Effect.fn("sponsors.campaigns.queue")(function*(input: { readonly status?: SponsorCampaignStatus | undefined } & PageRequest) {
  const found = yield* Effect.flatMap(SponsorCampaignRepo, (r) => r.list({ status: input.status ?? "PENDING_APPROVAL", oldestFirst: true, ...windowOf(input) }))
  return { ...found, page: input.page, limit: input.limit }
})

/**
 * Approves a PENDING_APPROVAL campaign: LIVE when its startDate has come, else SCHEDULED; or
 * rejects it with the reason (409 SPONSOR_CAMPAIGN_MOVE_REFUSED from any other status).
 */
export const decideCampaign = Effect.fn("sponsors.campaigns.decide")(function*(admin: Principal, id: string, decision: { readonly move: "approve" | "reject"; readonly reason?: string | undefined }) {
  const campaign = yield* findCampaign(id)
  const now = yield* Clock.currentTimeMillis
  const move = decision.move === "reject" ? "reject" : campaign.startDate.getTime() <= now ? "goLive" : "schedule"
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const moved = yield* Effect.flatMap(SponsorCampaignRepo, (r) => r.move(campaign.id, move, { reviewedBy: admin.accountId, rejectionReason: decision.reason }))
    yield* auditSubject(`sponsors.campaign.${decision.move === "approve" ? "approved" : "rejected"}`, admin, { kind: "sponsor_brand", id: campaign.brandId }, {
      ...(decision.reason === undefined ? {} : { reason: decision.reason }),
      data: { campaignId: campaign.id, to: moved.status }
    })
    return moved
  }))
})

/** The scheduler's sweep: SCHEDULED campaigns whose startDate has come go LIVE, each audited. */
export const startDueCampaigns = Effect.fn("sponsors.campaigns.startDue")(function*() {
  const at = new Date(yield* Clock.currentTimeMillis)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const started = yield* Effect.flatMap(SponsorCampaignRepo, (r) => r.startDue(at))
    yield* Effect.forEach(started, (c) =>
      auditSubject("sponsors.campaign.started", undefined, { kind: "sponsor_brand", id: c.brandId }, { data: { campaignId: c.id, startDate: c.startDate.toISOString() } }), { discard: true })
    return started.length
  }))
})
