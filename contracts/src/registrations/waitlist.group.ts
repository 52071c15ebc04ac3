/**
 * Waitlist (C "Events / Waitlist") and the organizer's waitlist and self-service tools (C "Organizer
 * event tools"). An athlete joins a sold-out ticket's list (409 TICKET_AVAILABLE while seats are on
 * sale), reads their place and leaves; freed seats are OFFERED to the first entries whose whole
 * party fits and held for them until the offer lapses (the event's `waitlistOfferHours`, 12 h by
 * default). Organizers list, remove, promote out of order with a reason, and re-send offers.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  IntBetween,
  MaxSeatsPerBooking,
  Optional,
  Query,
  says,
  SelfServiceConfig,
  StrLength,
  UuidStr,
  WaitlistEntry,
  WaitlistStatus
} from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OrganizerManagers, OrganizerReaders, Requires, Role } from "../common/index.js"
import { IsoInstant, PageQuery } from "./registrations.dto.js"

const athlete = Role("user")

/** An entry with its place in its ticket's queue (1 = next; 0 while OFFERED; null once closed). */
export const WaitlistPlace = Schema.Struct({ ...WaitlistEntry.fields, position: Schema.NullOr(Schema.Int) }).annotations({ identifier: "WaitlistPlace" })
export const WaitlistPage = Schema.Struct({ items: Schema.Array(WaitlistPlace), total: Schema.Number, page: Schema.Number, limit: Schema.Number })
export const JoinWaitlistBody = Body({ eventId: UuidStr, ticketId: UuidStr, partySize: Optional(IntBetween(1, MaxSeatsPerBooking)) })
export const WaitlistPositionQuery = Query({ eventId: UuidStr })
export const WaitlistPosition = Schema.Struct({
  entryId: UuidStr,
  ticketId: UuidStr,
  position: Schema.NullOr(Schema.Int),
  status: WaitlistStatus,
  partySize: Schema.Int,
  offerExpiresAt: WaitlistEntry.fields.offerExpiresAt
}).annotations({ identifier: "WaitlistPosition" })
export const EventWaitlistQuery = Query({ ...PageQuery, status: Optional(WaitlistStatus) })
export const PromoteBody = Body({ reason: StrLength(3, 500) })
export const RenotifyResult = Schema.Struct({ ...WaitlistPlace.fields, notified: Schema.Boolean })

const f = SelfServiceConfig.fields
const NullableInstant = Schema.NullOr(IsoInstant).annotations(says("must be a valid ISO 8601 date string"))
export const SelfServiceConfigBody = Body({
  allowSelfEdit: Optional(f.allowSelfEdit),
  editableFields: Optional(f.editableFields),
  nameChangeIsTransfer: Optional(f.nameChangeIsTransfer),
  allowTransfers: Optional(f.allowTransfers),
  maxTransfersPerParticipant: Optional(f.maxTransfersPerParticipant),
  transferDeadline: Optional(NullableInstant),
  allowDeferrals: Optional(f.allowDeferrals),
  deferralDeadline: Optional(NullableInstant),
  waitlistEnabled: Optional(f.waitlistEnabled),
  waitlistOfferHours: Optional(f.waitlistOfferHours)
})

const Entry = Schema.Struct({ entryId: UuidStr })
const Event = Schema.Struct({ eventId: UuidStr })
const EventEntry = Schema.Struct({ eventId: UuidStr, entryId: UuidStr })
const base = "/v2/organizer/events/:eventId"

export class WaitlistGroup extends HttpApiGroup.make("waitlist")
  .add(op.post("joinWaitlist", "/v2/event-participations/waitlist", { body: JoinWaitlistBody, ok: WaitlistPlace, status: 201, summary: "Join a sold-out ticket's waitlist with a party of 1–10 (409 TICKET_AVAILABLE, WAITLIST_ALREADY_JOINED, WAITLIST_DISABLED)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.del("leaveWaitlist", "/v2/event-participations/waitlist/:entryId", { path: Entry, ok: WaitlistEntry, summary: "Leave the waitlist; an open offer's seats pass to the next entry" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("myWaitlist", "/v2/event-participations/waitlist/mine", { ok: Schema.Array(WaitlistPlace), summary: "The caller's waitlist entries with their places, newest first" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("waitlistPosition", "/v2/event-participations/waitlist/position", { query: WaitlistPositionQuery, ok: WaitlistPosition, summary: "The caller's open place for the event (?eventId): position, status, offer expiry (404 when not on the list)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("eventWaitlist", `${base}/waitlist`, { path: Event, query: EventWaitlistQuery, ok: WaitlistPage, summary: "The event's waitlist in join order (?status, page, limit)" }).middleware(OrganizerReaders))
  .add(op.del("removeWaitlistEntry", `${base}/waitlist/:entryId`, { path: EventEntry, ok: WaitlistEntry, summary: "Remove an entry; an open offer's seats pass to the next entry" }).middleware(OrganizerManagers))
  .add(op.post("renotifyWaitlistEntry", `${base}/waitlist/:entryId/notify`, { path: EventEntry, ok: RenotifyResult, summary: "Re-send an open offer's notification (409 unless OFFERED)" }).middleware(OrganizerManagers))
  .add(op.post("promoteWaitlistEntry", `${base}/waitlist/:entryId/promote`, { path: EventEntry, body: PromoteBody, ok: WaitlistPlace, summary: "Offer seats to a waiting entry out of order; the reason is recorded (409 TICKET_SOLD_OUT when the party does not fit)" }).middleware(OrganizerManagers))
  .add(op.get("selfServiceConfig", `${base}/self-service-config`, { path: Event, ok: SelfServiceConfig, summary: "What participants may do themselves: self-edit, transfers, deferrals, waitlist offers" }).middleware(OrganizerReaders))
  .add(op.patch("updateSelfServiceConfig", `${base}/self-service-config`, { path: Event, body: SelfServiceConfigBody, ok: SelfServiceConfig, summary: "Update the event's self-service policy (waitlistOfferHours 1–168)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Waitlist")
  .annotate(OpenApi.Description, "Waitlists of sold-out tickets and the event's self-service policy")
{}
