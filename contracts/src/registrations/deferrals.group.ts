/**
 * Deferrals (C "Events / Deferrals"): an athlete asks to move a confirmed seat to a future edition
 * before the organizer's deadline and may cancel the request; the event's organizer team lists the
 * pending ones, fulfils into a future event of theirs (a seat is taken there, the original
 * released once), issues a complimentary entry (the original released) or rejects with a reason.
 * The organizer's routes name the organizer like the organizer portal (`x-organizer-id`, or the
 * caller's own); another organizer's deferral is 404.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Deferral, Optional, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OrganizerManagers, OrganizerReaders, Requires, Role } from "../common/index.js"
import { BookingView, PageQuery } from "./registrations.dto.js"

const athlete = Role("user")

export const RequestDeferralBody = Body({ participantId: UuidStr, reason: Optional(StrLength(1, 1000)) })
export const FulfilDeferralBody = Body({ targetEventId: UuidStr, ticketId: UuidStr })
export const IssueCompBody = Body({ note: Optional(StrLength(1, 500)) })
export const RejectDeferralBody = Body({ reason: StrLength(3, 500) })
export const PendingDeferralsQuery = Query({ ...PageQuery, eventId: Optional(UuidStr) })
export const PendingDeferrals = Schema.Struct({ items: Schema.Array(Deferral), total: Schema.Number, page: Schema.Number, limit: Schema.Number })
export const FulfilledDeferral = Schema.Struct({ deferral: Deferral, booking: BookingView }).annotations({ identifier: "FulfilledDeferral" })

const Id = Schema.Struct({ deferralId: UuidStr })
const base = "/v2/event-participations/deferrals"

export class DeferralsGroup extends HttpApiGroup.make("deferrals")
  .add(op.post("requestDeferral", base, { body: RequestDeferralBody, ok: Deferral, status: 201, summary: "Ask to move a participant's seat to a future edition (409 DEFERRALS_DISABLED, DEFERRAL_DEADLINE_PASSED, DEFERRAL_ALREADY_REQUESTED, PARTICIPANT_NOT_DEFERRABLE)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.del("cancelDeferral", `${base}/:deferralId`, { path: Id, ok: Deferral, summary: "The requester cancels a REQUESTED deferral" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("fulfilDeferral", `${base}/:deferralId/fulfil`, { path: Id, body: FulfilDeferralBody, ok: FulfilledDeferral, summary: "Move the seat into a future edition of the organizer's (a seat of the ticket is taken there; 409 TICKET_SOLD_OUT, DEFERRAL_TARGET_INVALID)" }).middleware(OrganizerManagers))
  .add(op.post("issueDeferralComp", `${base}/:deferralId/issue-comp`, { path: Id, body: IssueCompBody, ok: Deferral, summary: "Release the seat and send the athlete a complimentary entry code" }).middleware(OrganizerManagers))
  .add(op.post("rejectDeferral", `${base}/:deferralId/reject`, { path: Id, body: RejectDeferralBody, ok: Deferral, summary: "Reject with a reason (the seat stays)" }).middleware(OrganizerManagers))
  .add(op.get("myDeferrals", `${base}/mine`, { ok: Schema.Array(Deferral), summary: "The caller's deferral requests, newest first" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("pendingDeferrals", `${base}/pending`, { query: PendingDeferralsQuery, ok: PendingDeferrals, summary: "REQUESTED deferrals of the organizer's events, oldest first (?eventId, page, limit)" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Events / Deferrals")
  .annotate(OpenApi.Description, "Moving a seat to a future edition")
{}
