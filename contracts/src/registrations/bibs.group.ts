/**
 * Bib numbering and scan-by-bib (C "Check-in and bib config"): the event's prefix and ranges (per
 * ticket or one default; overlapping ranges are refused), a number pinned by hand (409 BIB_TAKEN
 * when another participant holds it), auto-assign filling each ticket's range from its lowest
 * free number without duplicates and never moving a pinned bib, and a start-line scan of a bib
 * answering the same verdicts as a ticket code.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Bib, BibConfig, BibRange, Body, IntBetween, Optional, ScanVerdict, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"

export const BibConfigBody = Body({
  prefix: Optional(BibConfig.fields.prefix),
  ranges: Optional(Schema.Array(BibRange))
})
const BibNumber = IntBetween(1, 999_999)
export const AssignBibBody = Body({ participantId: UuidStr, number: BibNumber })
export const ParticipantBibBody = Body({ number: BibNumber })
export const AutoAssignResult = Schema.Struct({ assigned: Schema.Int, unassigned: Schema.Int, bibs: Schema.Array(Bib) }).annotations({ identifier: "BibAutoAssignResult" })
export const ScanBibBody = Body({ bib: StrLength(1, 20), nonce: Optional(StrLength(1, 100)) })

const Event = Schema.Struct({ eventId: UuidStr })
const base = "/v2/organizer/events/:eventId"

export class BibsGroup extends HttpApiGroup.make("bibs")
  .add(op.get("bibConfig", `${base}/bib-config`, { path: Event, ok: BibConfig, summary: "The event's bib prefix and number ranges" }).middleware(OrganizerReaders))
  .add(op.patch("updateBibConfig", `${base}/bib-config`, { path: Event, body: BibConfigBody, ok: BibConfig, summary: "Set the prefix and the ranges (one per ticket and one default; no overlap)" }).middleware(OrganizerManagers))
  .add(op.post("assignBib", `${base}/bibs/assign`, { path: Event, body: AssignBibBody, ok: Bib, summary: "Pin a number on a participant (409 BIB_TAKEN, BIB_NOT_ASSIGNABLE)" }).middleware(OrganizerManagers))
  .add(op.post("autoAssignBibs", `${base}/bibs/auto-assign`, { path: Event, ok: AutoAssignResult, summary: "Number every active participant without a bib from their ticket's range, lowest free first (pinned bibs stay)" }).middleware(OrganizerManagers))
  .add(op.patch("updateParticipantBib", `${base}/participants/:participantId/bib`, { path: Schema.Struct({ eventId: UuidStr, participantId: UuidStr }), body: ParticipantBibBody, ok: Bib, summary: "Change a participant's number by hand (pinned; 409 BIB_TAKEN)" }).middleware(OrganizerManagers))
  .add(op.post("scanBib", `${base}/check-in/scan-by-bib`, { path: Event, body: ScanBibBody, ok: ScanVerdict, summary: "Check in by bib number (prefix optional): a verdict, always 200, like a ticket scan" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Bibs")
  .annotate(OpenApi.Description, "Bib numbering of an event's participants and scan-by-bib")
{}
