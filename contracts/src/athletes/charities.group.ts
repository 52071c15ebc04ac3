/**
 * Charities (B "Charities"): admins with `charities.manage` register a charity (UNVERIFIED), list
 * and read them, and move one through verification (UNVERIFIED → PENDING → VERIFIED, back to
 * UNVERIFIED from PENDING or VERIFIED; any other move 409 CHARITY_STATUS_MOVE_REFUSED; audited).
 * A challenge may name a VERIFIED charity as where its entry fees go (`charityId`).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Charity, CharityStatus, inputOf, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"

export const RegisterCharityBody = Body(inputOf(Charity, { required: ["name", "registrationNumber", "pan", "address"], optional: [] }).fields)
/** The spec's list filter is `?status=verified or pending`; every status is taken, in either case. */
const StatusFilter = Schema.transform(Schema.Literal("unverified", "pending", "verified", "UNVERIFIED", "PENDING", "VERIFIED"), CharityStatus, {
  strict: true,
  decode: (s) => s.toUpperCase() as CharityStatus,
  encode: (s) => s
})

export class AdminCharitiesGroup extends HttpApiGroup.make("adminCharities")
  .add(op.get("listCharities", "/v2/admin/charities", { query: Query({ ...PageParams, status: Optional(StatusFilter) }), ok: PageOf(Charity), summary: "Charities, newest first, optionally of one status (?status=verified, pending or unverified)" }))
  .add(op.post("registerCharity", "/v2/admin/charities", { body: RegisterCharityBody, ok: Charity, status: 201, summary: "Register a charity (UNVERIFIED); 409 CHARITY_REGISTRATION_TAKEN when its 80G registration is already registered" }))
  .add(op.get("getCharity", "/v2/admin/charities/:id", { path: Schema.Struct({ id: Schema.String }), ok: Charity, summary: "One charity (404 CHARITY_NOT_FOUND)" }))
  .add(op.patch("setCharityStatus", "/v2/admin/charities/:id/status", { path: Schema.Struct({ id: Schema.String }), body: Body({ status: CharityStatus, reason: Optional(StrLength(1, 500)) }), ok: Charity, summary: "Move a charity through verification (legal moves only, audited with the reason)" }).annotate(OpenApi.Description, "UNVERIFIED → PENDING → VERIFIED; PENDING or VERIFIED → UNVERIFIED. Anything else 409 CHARITY_STATUS_MOVE_REFUSED; of two concurrent moves one wins."))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("charities.manage"))
  .annotate(OpenApi.Title, "Charities")
{}
