/**
 * Bib numbering and scan-by-bib (C "Check-in and bib config"): the event's prefix and ranges (per
 * ticket or one default; overlapping ranges are refused), a number pinned by hand (409 BIB_TAKEN
 * when another participant holds it), auto-assign filling each ticket's range from its lowest
 * free number without duplicates and never moving a pinned bib, and a start-line scan of a bib
 * answering the same verdicts as a ticket code. Digital bibs (C "Digital bibs"): issued to every
 * numbered participant behind an unguessable public link `/v2/b/{slug}`, reissued (new link, the
 * old one 404s) or revoked with the reason audited, the roster, and the booker's own bibs with the
 * printed name and emergency contact they may set where the self-service policy allows self-edits
 * (409 SELF_EDIT_DISABLED otherwise).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Bib, BibConfig, BibRange, BibRosterRow, Body, DigitalBib, IntBetween, Optional, PublicBibCard, Query, ScanVerdict, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OrganizerManagers, OrganizerReaders, Requires, Role } from "../common/index.js"
import { PageQuery } from "./registrations.dto.js"

export const BibConfigBody = Body({
  prefix: Optional(BibConfig.fields.prefix),
  ranges: Optional(Schema.Array(BibRange))
})
const BibNumber = IntBetween(1, 999_999)
export const AssignBibBody = Body({ participantId: UuidStr, number: BibNumber })
export const ParticipantBibBody = Body({ number: BibNumber })
export const AutoAssignResult = Schema.Struct({ assigned: Schema.Int, unassigned: Schema.Int, bibs: Schema.Array(Bib) }).annotations({ identifier: "BibAutoAssignResult" })
export const ScanBibBody = Body({ bib: StrLength(1, 20), nonce: Optional(StrLength(1, 100)) })

export const IssueDigitalBibsResult = Schema.Struct({ issued: Schema.Int, bibs: Schema.Array(DigitalBib) }).annotations({ identifier: "DigitalBibsIssued" })
export const BibRosterPage = Schema.Struct({ items: Schema.Array(BibRosterRow), total: Schema.Number, page: Schema.Number, limit: Schema.Number })
export const BibRosterQuery = Query(PageQuery)
export const ReissueBibBody = Body({ reason: Optional(StrLength(3, 500)) })
export const RevokeBibBody = Body({ reason: StrLength(3, 500) })
export const MyBibBody = Body({
  participantId: UuidStr,
  displayName: Optional(DigitalBib.fields.displayName),
  emergencyContact: Optional(DigitalBib.fields.emergencyContact)
})

const athlete = Role("user")
const Event = Schema.Struct({ eventId: UuidStr })
const EventParticipant = Schema.Struct({ eventId: UuidStr, participantId: UuidStr })
const base = "/v2/organizer/events/:eventId"

export class BibsGroup extends HttpApiGroup.make("bibs")
  .add(op.get("bibConfig", `${base}/bib-config`, { path: Event, ok: BibConfig, summary: "The event's bib prefix and number ranges" }).middleware(OrganizerReaders))
  .add(op.patch("updateBibConfig", `${base}/bib-config`, { path: Event, body: BibConfigBody, ok: BibConfig, summary: "Set the prefix and the ranges (one per ticket and one default; no overlap)" }).middleware(OrganizerManagers))
  .add(op.post("assignBib", `${base}/bibs/assign`, { path: Event, body: AssignBibBody, ok: Bib, summary: "Pin a number on a participant (409 BIB_TAKEN, BIB_NOT_ASSIGNABLE)" }).middleware(OrganizerManagers))
  .add(op.post("autoAssignBibs", `${base}/bibs/auto-assign`, { path: Event, ok: AutoAssignResult, summary: "Number every active participant without a bib from their ticket's range, lowest free first (pinned bibs stay)" }).middleware(OrganizerManagers))
  .add(op.patch("updateParticipantBib", `${base}/participants/:participantId/bib`, { path: Schema.Struct({ eventId: UuidStr, participantId: UuidStr }), body: ParticipantBibBody, ok: Bib, summary: "Change a participant's number by hand (pinned; 409 BIB_TAKEN)" }).middleware(OrganizerManagers))
  .add(op.get("publicBib", "/v2/b/:slug", { path: Schema.Struct({ slug: StrLength(1, 64) }), ok: PublicBibCard, summary: "A digital bib's public card: number, printed name, event (404 once revoked or reissued)" }))
  .add(op.get("myBibs", "/v2/events/:eventId/bibs/me", { path: Event, ok: Schema.Array(BibRosterRow), summary: "The caller's participants in the event with their numbers and digital bibs" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.patch("updateMyBib", "/v2/events/:eventId/bibs/me", { path: Event, body: MyBibBody, ok: DigitalBib, summary: "Set a participant's printed name or emergency contact (409 SELF_EDIT_DISABLED when the policy forbids self-edits)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("issueDigitalBibs", `${base}/bibs/issue`, { path: Event, ok: IssueDigitalBibsResult, summary: "Issue a digital bib to every numbered participant without one (audited; again issues only the new ones)" }).middleware(OrganizerManagers))
  .add(op.get("bibRoster", `${base}/bibs/roster`, { path: Event, query: BibRosterQuery, ok: BibRosterPage, summary: "Active participants by bib number with their digital bibs (page, limit)" }).middleware(OrganizerReaders))
  .add(op.post("reissueBib", `${base}/participants/:participantId/bib/reissue`, { path: EventParticipant, body: ReissueBibBody, ok: DigitalBib, summary: "Reissue a digital bib: a new link, the old one dies (audited)" }).middleware(OrganizerManagers))
  .add(op.post("revokeBib", `${base}/participants/:participantId/bib/revoke`, { path: EventParticipant, body: RevokeBibBody, ok: DigitalBib, summary: "Revoke a digital bib with a reason (audited; 409 when already revoked)" }).middleware(OrganizerManagers))
  .add(op.post("scanBib", `${base}/check-in/scan-by-bib`, { path: Event, body: ScanBibBody, ok: ScanVerdict, summary: "Check in by bib number (prefix optional): a verdict, always 200, like a ticket scan" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Bibs")
  .annotate(OpenApi.Description, "Bib numbering of an event's participants and scan-by-bib")
{}
