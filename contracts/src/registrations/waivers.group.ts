/**
 * Waivers (C "Events / Waiver", "Waiver (athlete)"): one active, versioned waiver per event (an
 * update publishes a new version, deactivate withdraws it; its text may use the listed variables),
 * the participants' acceptances (version, exact text, who and when; recorded with the booking,
 * which must name the accepted `waiverVersion`), each downloadable as PDF by the organizer team
 * and by the athlete whose participant accepted it.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, Optional, Query, UuidStr, Waiver, WaiverAcceptance } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OrganizerManagers, OrganizerReaders, Requires, Role } from "../common/index.js"
import { PageQuery } from "./registrations.dto.js"

const athlete = Role("user")
const Pdf = HttpApiSchema.Uint8Array({ contentType: "application/pdf" })

export const CreateWaiverBody = Body({ title: Waiver.fields.title, body: Waiver.fields.body })
export const UpdateWaiverBody = Body({ title: Optional(Waiver.fields.title), body: Optional(Waiver.fields.body) })
export const WaiverAcceptancesQuery = Query({ ...PageQuery })
export const WaiverAcceptancePage = Schema.Struct({ items: Schema.Array(WaiverAcceptance), total: Schema.Number, page: Schema.Number, limit: Schema.Number })
export const WaiverVariableList = Schema.Array(Schema.Struct({ name: Schema.String, placeholder: Schema.String, description: Schema.String }))

const Event = Schema.Struct({ eventId: UuidStr })
const base = "/v2/organizers/events/:eventId/waiver"

export class WaiversGroup extends HttpApiGroup.make("waivers")
  .add(op.get("getWaiver", base, { path: Event, ok: Waiver, summary: "The event's active waiver (404 WAIVER_NOT_FOUND when none)" }).middleware(OrganizerReaders))
  .add(op.post("createWaiver", base, { path: Event, body: CreateWaiverBody, ok: Waiver, status: 201, summary: "Publish the event's waiver, version 1 or the next after a deactivation (409 WAIVER_EXISTS while one is active; 400 WAIVER_VARIABLE_UNKNOWN)" }).middleware(OrganizerManagers))
  .add(op.patch("updateWaiver", base, { path: Event, body: UpdateWaiverBody, ok: Waiver, summary: "Publish a new version of the active waiver (earlier acceptances keep theirs)" }).middleware(OrganizerManagers))
  .add(op.del("deactivateWaiver", base, { path: Event, ok: Waiver, summary: "Withdraw the active waiver (bookings stop requiring it)" }).middleware(OrganizerManagers))
  .add(op.get("waiverAcceptances", `${base}/acceptances`, { path: Event, query: WaiverAcceptancesQuery, ok: WaiverAcceptancePage, summary: "Participants' acceptances, oldest first (page, limit)" }).middleware(OrganizerReaders))
  .add(op.get("downloadWaiverAcceptance", `${base}/acceptances/:participantId/download`, { path: Schema.Struct({ eventId: UuidStr, participantId: UuidStr }), success: Pdf, summary: "What the participant accepted, as PDF (404 WAIVER_ACCEPTANCE_NOT_FOUND)" }).middleware(OrganizerReaders))
  .add(op.get("waiverVariables", `${base}/available-variables`, { path: Event, ok: WaiverVariableList, summary: "The variables a waiver's text may use" }).middleware(OrganizerReaders))
  .add(op.get("downloadMyWaiver", "/v2/event-participations/participants/:participantId/waiver/download", { path: Schema.Struct({ participantId: UuidStr }), success: Pdf, summary: "The waiver a participant of the caller's booking accepted, as PDF" }).middleware(Authenticated).annotate(Requires, athlete))
  .annotate(OpenApi.Title, "Events / Waiver")
  .annotate(OpenApi.Description, "Versioned event waivers and participants' acceptances")
{}
