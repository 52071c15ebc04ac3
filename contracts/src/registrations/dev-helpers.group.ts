/**
 * Dev and migration helpers (C "Events / Dev and migration helpers"): platform admins re-issue
 * booking ids (one booking, legacy short ids, one event, or all) and check a participant in
 * without a device. Every one answers 403 DEV_HELPER_DISABLED in production.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, ScanVerdict, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { BookingView } from "./registrations.dto.js"

const admin = Role("admin")
export const ReissueResult = Schema.Struct({ updated: Schema.Int }).annotations({ identifier: "BookingIdReissueResult" })
export const TestCheckInBody = Body({ participantId: UuidStr })
const base = "/v2/event-participations"

export class DevHelpersGroup extends HttpApiGroup.make("registrationDevHelpers")
  .add(op.post("assignBookingId", `${base}/assign-booking-id/:participantId`, { path: Schema.Struct({ participantId: UuidStr }), ok: BookingView, summary: "Give the participant's booking a fresh booking id (403 DEV_HELPER_DISABLED in production)" }).middleware(Authenticated).annotate(Requires, admin))
  .add(op.post("assignBookingIdsAll", `${base}/assign-booking-ids-all`, { ok: ReissueResult, summary: "Give legacy bookings with ids shorter than 10 digits a 10-digit id (disabled in production)" }).middleware(Authenticated).annotate(Requires, admin))
  .add(op.post("reassignAllBookingIds", `${base}/reassign-all-booking-ids`, { ok: ReissueResult, summary: "Re-issue every booking's id, last 7 digits unique per event (disabled in production)" }).middleware(Authenticated).annotate(Requires, admin))
  .add(op.post("reassignEventBookingIds", `${base}/reassign-event-booking-ids/:eventId`, { path: Schema.Struct({ eventId: UuidStr }), ok: ReissueResult, summary: "Re-issue the booking ids of one event (disabled in production)" }).middleware(Authenticated).annotate(Requires, admin))
  .add(op.post("testCheckIn", `${base}/test-check-in`, { body: TestCheckInBody, ok: ScanVerdict, summary: "Check a participant in without a device, recorded as the admin (disabled in production)" }).middleware(Authenticated).annotate(Requires, admin))
  .annotate(OpenApi.Title, "Events / Dev and migration helpers")
  .annotate(OpenApi.Description, "Booking-id and check-in helpers, refused in production")
{}
