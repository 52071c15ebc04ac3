/**
 * Check-in (C "Events / Check-in and bib config" and the Participations check-in routes). Every scan
 * answers 200 with a verdict: `ok`, or `rejected` with `already_checked_in` (with who and when),
 * `cancelled`, `unpaid`, `wrong_event`, `not_started` or `unknown` (a forged or unknown code). A
 * scan's `nonce` makes a device's retry answer the first verdict; offline batches carry their own
 * `scannedAt` and nonces and may be replayed. Team managers scan and undo; readers see status,
 * search and summary.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { CheckIn, ScanVerdict, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import {
  ByBookingBody,
  ByBookingVerdict,
  CheckInSearchPage,
  CheckInSearchQuery,
  CheckInState,
  CheckInStatusQuery,
  CheckInSummary,
  ScanBody,
  SyncBatchBody,
  SyncBatchResult,
  UndoBody
} from "./registrations.dto.js"

const Event = Schema.Struct({ eventId: UuidStr })
const base = "/v2/organizer/events/:eventId/check-in"

export class CheckInGroup extends HttpApiGroup.make("checkIn")
  .add(op.post("scanTicket", `${base}/scan`, { path: Event, body: ScanBody, ok: ScanVerdict, summary: "Scan a signed ticket code: a verdict, always 200 (ok | rejected with a reason)" }).middleware(OrganizerManagers))
  .add(op.post("syncCheckInBatch", `${base}/sync-batch`, { path: Event, body: SyncBatchBody, ok: SyncBatchResult, summary: "Upload offline scans (each with its nonce and scannedAt); one verdict per scan in order; a replay changes nothing" }).middleware(OrganizerManagers))
  .add(op.post("undoCheckIn", `${base}/:checkinId/undo`, { path: Schema.Struct({ eventId: UuidStr, checkinId: UuidStr }), body: UndoBody, ok: CheckIn, summary: "Undo a live check-in (audited; 409 CHECK_IN_ALREADY_UNDONE)" }).middleware(OrganizerManagers))
  .add(op.get("checkInStatus", `${base}/status`, { path: Event, query: CheckInStatusQuery, ok: CheckInState, summary: "One participant's check-in state (?participantId)" }).middleware(OrganizerReaders))
  .add(op.get("checkInSearch", `${base}/search`, { path: Event, query: CheckInSearchQuery, ok: CheckInSearchPage, summary: "Participants of the event with their check-in (?q = name, e-mail, phone or booking id; page, limit)" }).middleware(OrganizerReaders))
  .add(op.get("checkInSummary", `${base}/summary`, { path: Event, ok: CheckInSummary, summary: "Checked in / total active participants of confirmed bookings, per wave (slot)" }).middleware(OrganizerReaders))
  .add(op.post("checkInByBooking", "/v2/event-participations/check-in/by-booking/:eventId", { path: Event, body: ByBookingBody, ok: ByBookingVerdict, summary: "Check in every active participant of the booking whose id ends with the 7 digits given" }).middleware(OrganizerManagers))
  .add(op.post("checkInParticipant", "/v2/event-participations/check-in/:participantId", { path: Schema.Struct({ participantId: UuidStr }), ok: ScanVerdict, summary: "Check in one participant picked from the list (same verdicts as a scan)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Check-in")
  .annotate(OpenApi.Description, "Start-line check-in of an event's participants")
{}
