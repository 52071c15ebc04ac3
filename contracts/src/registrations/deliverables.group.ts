/**
 * Race packs and deliverables (C "Events / Participations"): the athlete reads what their booking
 * gets (a bib per participant, the add-ons bought with it), gives an address to have an add-on
 * shipped and claims a deliverable on receipt; the organizer's desk collects an add-on at the
 * venue and reconciles a pack against what it handed over. `{bookingId}` is the booking number.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, BookingAddOn, ParticipationStatus, ShippingAddress, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OrganizerManagers, Requires, Role } from "../common/index.js"

const BookingNumber = Schema.Struct({ bookingId: StrLength(7, 20) })
const DeliverablePath = Schema.Struct({ bookingId: StrLength(7, 20), deliverableId: UuidStr })

export const DeliverablesView = Schema.Struct({ bookingId: Schema.String, items: Schema.Array(BookingAddOn) }).annotations({ identifier: "Deliverables" })
export const RacePackView = Schema.Struct({
  bookingId: Schema.String,
  eventId: UuidStr,
  status: ParticipationStatus,
  participants: Schema.Array(Schema.Struct({ participantId: UuidStr, name: Schema.String, bib: Schema.NullOr(Schema.String) })),
  addOns: Schema.Array(BookingAddOn),
  /** Every add-on to pick up was collected. */
  complete: Schema.Boolean
}).annotations({ identifier: "RacePack" })
const Items = Schema.Struct({ bibs: Schema.Array(Schema.String), addOnIds: Schema.Array(Schema.String) })
export const RacePackReconciliation = Schema.Struct({
  bookingId: Schema.String,
  matched: Items,
  missing: Items,
  unexpected: Items,
  complete: Schema.Boolean
}).annotations({ identifier: "RacePackReconciliation" })
export const ReconcileBody = Body({
  bibs: Schema.optionalWith(Schema.Array(StrLength(1, 20)).pipe(Schema.maxItems(10)), { default: () => [] }),
  addOnIds: Schema.optionalWith(Schema.Array(UuidStr).pipe(Schema.maxItems(100)), { default: () => [] })
})

export class DeliverablesGroup extends HttpApiGroup.make("deliverables")
  .add(op.get("myDeliverables", "/v2/event-participations/:bookingId/deliverables", { path: BookingNumber, ok: DeliverablesView, summary: "What the caller's booking gets: the add-ons bought with it, each collected, shipped or claimed" }))
  .add(op.post("shipDeliverable", "/v2/event-participations/:bookingId/deliverables/:deliverableId/address", { path: DeliverablePath, body: Body(ShippingAddress.fields), ok: BookingAddOn, summary: "Have a deliverable shipped to this address instead of collected at the venue (409 DELIVERABLE_REFUSED once collected or claimed)" }))
  .add(op.post("claimDeliverable", "/v2/event-participations/:bookingId/deliverables/:deliverableId/claim", { path: DeliverablePath, ok: BookingAddOn, summary: "Confirm receipt of a deliverable, once (409 DELIVERABLE_REFUSED again)" }))
  .add(op.get("myRacePack", "/v2/event-participations/:bookingId/race-pack", { path: BookingNumber, ok: RacePackView, summary: "The caller's race pack: each participant's bib and the booking's add-ons, and whether everything to pick up was collected" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Events / Race packs and deliverables")
  .annotate(OpenApi.Description, "404 for a booking that is not the caller's, 404 BOOKING_ADD_ON_NOT_FOUND for a deliverable of another booking; 409 DELIVERABLE_REFUSED while the booking is not CONFIRMED.")
{}

export class RacePackDeskGroup extends HttpApiGroup.make("racePackDesk")
  .add(op.post("collectAddOn", "/v2/event-participations/addons/:addOnId/collect", { path: Schema.Struct({ addOnId: UuidStr }), ok: BookingAddOn, summary: "Hand a booked add-on over at the venue: COLLECTED once (the id is the booking's add-on line; of two desks at once one wins, the other 409 DELIVERABLE_REFUSED)" }))
  .add(op.post("reconcileRacePack", "/v2/event-participations/:bookingId/race-pack/reconcile", { path: BookingNumber, body: ReconcileBody, ok: RacePackReconciliation, summary: "Reconcile a booking's pack against what the desk handed over (bibs by label, add-ons by line id): handed add-ons are collected; matched, missing and unexpected items" }))
  .middleware(OrganizerManagers)
  .annotate(OpenApi.Title, "Events / Race pack desk")
  .annotate(OpenApi.Description, "The event's organizer team (OWNER or ADMIN); a booking or add-on of another organizer's event is 404.")
{}
