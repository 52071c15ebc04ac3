/**
 * Club event attachments (C "Club admin"): a club's OWNER/ADMIN (the route's tenancy guard) finds
 * the published public upcoming events it has not attached yet, asks to attach one (REQUESTED;
 * emits `club.event_attach.requested`, an audit row of the club like every club event), lists its
 * attachments and detaches. The event's organizer approves or rejects the request (documented
 * extras under /v2/organizers/events/{eventId}/club-attachments: the spec lists the request but no
 * decision, and an organizer's event must not be tied to a club without its organizer's consent).
 * Reports about a club (B "Clubs" moderation-reports) are filed by athletes and read by admins.
 */
import type { Event } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { EventNotFound, isPubliclyVisible } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { Transactor } from "../platform/transactor.port.js"
import { ClubNotFound } from "./club.model.js"
import { ClubRepo } from "./club.port.js"
import { auditClub, getClub } from "./club.use-case.js"
import {
  type ClubEventAttachment,
  ClubEventAttachmentNotFound,
  type ClubEventAttachmentStatus,
  ClubEventEnded,
  type ClubReportCategory,
  type ClubReportStatus,
  ClubReportNotAllowed,
  MaxOpenAttachments
} from "./event-attachment.model.js"
import { ClubEventAttachmentRepo, ClubReportRepo } from "./event-attachment.port.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
const paging = (input: { readonly page: number; readonly limit: number }) => ({ limit: input.limit, offset: (input.page - 1) * input.limit })

/** The event's face on an attachment (null once the event is gone). */
export interface AttachedEventSummary {
  readonly id: string
  readonly title: string
  readonly slug: string
  readonly startsAt: Date
  readonly endsAt: Date
  readonly city: string
  readonly status: string
}
const summaryOf = (e: Event): AttachedEventSummary => ({ id: e.id, title: e.title, slug: e.slug, startsAt: e.startsAt, endsAt: e.endsAt, city: e.city, status: e.status })

/** Attachments with their events' summaries, one events read per page. */
const withEvents = (items: ReadonlyArray<ClubEventAttachment>) =>
  Effect.gen(function*() {
    const ids = [...new Set(items.map((a) => a.eventId))]
    const found = ids.length === 0 ? [] : (yield* Effect.flatMap(EventRepo, (r) => r.list({ ids, now: new Date(0), limit: ids.length, offset: 0 }))).data
    const byId = new Map(found.map((e) => [e.id, summaryOf(e)]))
    return items.map((a) => ({ ...a, event: byId.get(a.eventId) ?? null }))
  })

export interface DiscoverableQuery {
  readonly q?: string | undefined
  readonly city?: string | undefined
  readonly sport?: string | undefined
  readonly page: number
  readonly limit: number
}

/** Published, public, active, non-test events that have not started, minus those the club holds REQUESTED or ATTACHED; soonest first, searchable (`q`). */
export const discoverableEvents = Effect.fn("clubs.attachments.discoverable")(function*(clubId: string, query: DiscoverableQuery) {
  const excludeIds = yield* Effect.flatMap(ClubEventAttachmentRepo, (r) => r.openEventIds(clubId))
  const at = yield* now
  const page = yield* Effect.flatMap(EventRepo, (r) =>
    r.list({
      publicOnly: true,
      timeframe: "upcoming",
      search: query.q === undefined || query.q.trim() === "" ? undefined : query.q.trim(),
      city: query.city,
      sport: query.sport,
      excludeIds,
      order: "startsAt",
      now: at,
      ...paging(query)
    }))
  return { items: page.data, total: page.total, page: query.page, limit: query.limit }
})

/**
 * Asks to attach a published public event that has not ended. Asking again while REQUESTED or
 * ATTACHED answers the attachment as is; after a rejection or a detach it is asked anew. The
 * request and its `club.event_attach.requested` row commit together, once per request.
 */
export const attachEvent = Effect.fn("clubs.attachments.attach")(function*(principal: Principal, clubId: string, eventId: string) {
  const found = isUuid(eventId) ? yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId)) : Option.none<Event>()
  if (Option.isNone(found) || !isPubliclyVisible(found.value)) return yield* new EventNotFound({ ref: eventId })
  const event = found.value
  if (event.endsAt.getTime() <= (yield* now).getTime()) return yield* new ClubEventEnded({ eventId: event.id })
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const { attachment, requested } = yield* Effect.flatMap(ClubEventAttachmentRepo, (r) =>
        r.request({ clubId, eventId: event.id, organizerId: event.organizerId, requestedBy: principal.accountId }, MaxOpenAttachments))
      if (requested) {
        yield* auditClub("club.event_attach.requested", principal, clubId, { data: { attachmentId: attachment.id, eventId: event.id, organizerId: event.organizerId } })
      }
      return { ...attachment, event: summaryOf(event) }
    })))
})

export const listClubAttachments = Effect.fn("clubs.attachments.list")(function*(
  clubId: string,
  input: { readonly status?: ClubEventAttachmentStatus | undefined; readonly page: number; readonly limit: number }
) {
  const found = yield* Effect.flatMap(ClubEventAttachmentRepo, (r) => r.list({ clubId, status: input.status, ...paging(input) }))
  return { items: yield* withEvents(found.items), total: found.total, page: input.page, limit: input.limit }
})

const attachmentOf = (id: string, owner: { readonly clubId?: string; readonly eventId?: string }) =>
  Effect.gen(function*() {
    const found = isUuid(id) ? yield* Effect.flatMap(ClubEventAttachmentRepo, (r) => r.findById(id)) : Option.none<ClubEventAttachment>()
    if (
      Option.isNone(found) ||
      (owner.clubId !== undefined && found.value.clubId !== owner.clubId) ||
      (owner.eventId !== undefined && found.value.eventId !== owner.eventId)
    ) return yield* new ClubEventAttachmentNotFound({ attachmentId: id })
    return found.value
  })

/** ATTACHED (or still REQUESTED: the club withdraws its request) → DETACHED; a second detach is 409. */
export const detachEvent = Effect.fn("clubs.attachments.detach")(function*(principal: Principal, clubId: string, attachmentId: string) {
  const attachment = yield* attachmentOf(attachmentId, { clubId })
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(ClubEventAttachmentRepo, (r) => r.move(attachment.id, "detach", { by: principal.accountId }))
      yield* auditClub("club.event_attach.detached", principal, clubId, { data: { attachmentId: moved.id, eventId: moved.eventId, from: attachment.status } })
      return moved
    })))
})

// --- the organizer's side --------------------------------------------------------------------

export interface EventOwner {
  readonly organizerId: string
  /** `organizer:<memberId>` or `admin:<accountId>`. */
  readonly actor: string
  readonly principal: Principal
}

const ownersEvent = (who: EventOwner, eventId: string) =>
  Effect.gen(function*() {
    const event = isUuid(eventId) ? yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId)) : Option.none<Event>()
    if (Option.isNone(event) || event.value.organizerId !== who.organizerId) return yield* new EventNotFound({ ref: eventId })
    return event.value
  })

/** The clubs' attachment requests and attachments of the organizer's event, newest first (`?status`). */
export const eventClubAttachments = Effect.fn("clubs.attachments.ofEvent")(function*(
  who: EventOwner,
  eventId: string,
  input: { readonly status?: ClubEventAttachmentStatus | undefined; readonly page: number; readonly limit: number }
) {
  const event = yield* ownersEvent(who, eventId)
  return { ...(yield* Effect.flatMap(ClubEventAttachmentRepo, (r) => r.list({ eventId: event.id, status: input.status, ...paging(input) }))), page: input.page, limit: input.limit }
})

/** The organizer approves (REQUESTED → ATTACHED) or rejects (→ REJECTED, with a reason); of two concurrent decisions one wins, the other 409. */
export const decideClubAttachment = Effect.fn("clubs.attachments.decide")(function*(
  who: EventOwner,
  eventId: string,
  attachmentId: string,
  decision: { readonly approve: true } | { readonly approve: false; readonly reason: string }
) {
  const event = yield* ownersEvent(who, eventId)
  const attachment = yield* attachmentOf(attachmentId, { eventId: event.id })
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(ClubEventAttachmentRepo, (r) =>
        r.move(attachment.id, decision.approve ? "approve" : "reject", { by: who.actor, reason: decision.approve ? undefined : decision.reason.trim() }))
      yield* auditClub(decision.approve ? "club.event_attach.approved" : "club.event_attach.rejected", who.principal, moved.clubId, {
        data: { attachmentId: moved.id, eventId: event.id, decidedBy: who.actor },
        ...(decision.approve ? {} : { reason: decision.reason.trim() })
      })
      return moved
    })))
})

// --- reports ----------------------------------------------------------------------------------

/** An athlete reports a club they can see; one OPEN report per reporter and club (409 CLUB_REPORT_ALREADY_OPEN). */
export const reportClub = Effect.fn("clubs.reports.file")(function*(
  principal: Principal,
  clubRef: string,
  input: { readonly category: ClubReportCategory; readonly text: string }
) {
  if (principal.accountKind !== "user") return yield* new ClubReportNotAllowed({ reason: "Only athlete accounts can report a club" })
  const club = yield* getClub(principal, clubRef)
  const report = yield* Effect.flatMap(ClubReportRepo, (r) => r.create({ clubId: club.id, reporterId: principal.accountId, category: input.category, text: input.text.trim() }))
  yield* auditClub("club.reported", principal, club.id, { data: { reportId: report.id, category: report.category } })
  return report
})

/** The reports about a club, newest first (`?status`, `?category`), for the platform's moderators. */
export const clubModerationReports = Effect.fn("clubs.reports.list")(function*(
  clubId: string,
  input: { readonly status?: ClubReportStatus | undefined; readonly category?: ClubReportCategory | undefined; readonly page: number; readonly limit: number }
) {
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findByIdOrSlug(clubId))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
  const found = yield* Effect.flatMap(ClubReportRepo, (r) => r.list(club.value.id, { status: input.status, category: input.category, ...paging(input) }))
  return { ...found, page: input.page, limit: input.limit }
})
