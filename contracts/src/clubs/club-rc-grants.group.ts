/**
 * Club RC grants (A section 3; B "Club RC grants"; C "Club RC grants"). The club side (OWNER/ADMIN):
 * list with the granted-RC position (`outstandingRc`, `estimatedFiatAtCurrentRate` in paise at
 * `rateUsed`, the configured RC→INR rate), request `{requestedRc, reason}` (one open request per
 * club: 409 CLUB_RC_GRANT_REQUEST_ALREADY_OPEN), cancel while REQUESTED. The admin side
 * (`clubs.money`): the queue (oldest first), one grant with its club's outstanding debt, approve
 * `{approvedRc?}` (never above the request; idempotent; credits the club creator wallet in the same
 * transaction) and reject `{reason}` (10-1000 characters, verbatim).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntBetween, OneOf, Optional, Query, RcGrant, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubManagers, op, PageParams, Requires } from "../common/index.js"

export const RcGrantView = RcGrant.omit("cancelledBy").annotations({ identifier: "ClubRcGrant" })
export type RcGrantView = typeof RcGrantView.Type

/** The club's granted-RC position at the configured rate. */
export const RcGrantPositionFields = {
  /** RC approved for the club so far (its granted-RC debt, in coins). */
  outstandingRc: Schema.Number,
  /** outstandingRc at the current rate, in paise. */
  estimatedFiatAtCurrentRate: Schema.Struct({ amountMinor: Schema.Number, currency: Schema.Literal("INR") }),
  /** The RC→INR rate used: paise per RC coin (CLUB_RC_INR_PAISE_PER_RC). */
  rateUsed: Schema.Struct({ paisePerRc: Schema.Number, currency: Schema.Literal("INR") })
}

export const ClubRcGrantsPage = Schema.Struct({
  items: Schema.Array(RcGrantView),
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  ...RcGrantPositionFields
}).annotations({ identifier: "ClubRcGrantsPage" })

export const AdminRcGrantView = Schema.Struct({ grant: RcGrantView, ...RcGrantPositionFields }).annotations({ identifier: "AdminClubRcGrant" })

export const RcGrantRequestBody = Body({
  requestedRc: IntBetween(1, 10_000_000),
  reason: StrLength(10, 1000)
})

const GrantPath = Schema.Struct({ clubId: Schema.String, id: Schema.String })
const AdminGrantPath = Schema.Struct({ id: Schema.String })

export class ClubRcGrantsGroup extends HttpApiGroup.make("clubRcGrants")
  .add(op.get("listClubRcGrants", "/v2/clubs/:clubId/rc-grants", { path: Schema.Struct({ clubId: Schema.String }), query: Query(PageParams), ok: ClubRcGrantsPage, summary: "The club's RC grant requests (newest first) with outstandingRc, estimatedFiatAtCurrentRate and rateUsed" }).middleware(ClubManagers))
  .add(op.post("requestClubRcGrant", "/v2/clubs/:clubId/rc-grants", { path: Schema.Struct({ clubId: Schema.String }), body: RcGrantRequestBody, ok: RcGrantView, status: 201, summary: "Request RC coins `{requestedRc (1-10000000), reason (10-1000)}`; one open request per club" }).middleware(ClubManagers).annotate(OpenApi.Description, "409 CLUB_RC_GRANT_REQUEST_ALREADY_OPEN while a request awaits review; 409 CLUB_NOT_ACTIVE for a club that is not ACTIVE."))
  .add(op.post("cancelClubRcGrant", "/v2/clubs/:clubId/rc-grants/:id/cancel", { path: GrantPath, ok: RcGrantView, summary: "Cancel the club's request while it awaits review (REQUESTED → CANCELLED); an approved grant cannot be cancelled (409)" }).middleware(ClubManagers))
  .annotate(OpenApi.Title, "Club RC grants")
{}

export class AdminClubRcGrantsGroup extends HttpApiGroup.make("adminClubRcGrants")
  .add(op.get("clubRcGrantQueue", "/v2/admin/club-rc-grants", { query: Query({ ...PageParams, status: Optional(OneOf("REQUESTED", "APPROVED", "REJECTED", "CANCELLED")), clubId: Optional(UuidStr) }), ok: Schema.Struct({ items: Schema.Array(RcGrantView), total: Schema.Number, page: Schema.Number, limit: Schema.Number }), summary: "RC grant requests, oldest first (`?status` REQUESTED|APPROVED|REJECTED|CANCELLED, `?clubId`, `?page`, `?limit`)" }).middleware(Authenticated))
  .add(op.get("getClubRcGrant", "/v2/admin/club-rc-grants/:id", { path: AdminGrantPath, ok: AdminRcGrantView, summary: "One grant request plus its club's outstanding granted-RC debt in coins and the rupee estimate" }).middleware(Authenticated))
  .add(op.post("approveClubRcGrant", "/v2/admin/club-rc-grants/:id/approve", { path: AdminGrantPath, body: Body({ approvedRc: Optional(IntBetween(1, 10_000_000)) }), ok: RcGrantView, summary: "REQUESTED → APPROVED and credit the club creator wallet, in one transaction; idempotent" }).middleware(Authenticated).annotate(OpenApi.Description, "`approvedRc` is optional (default: the requested amount) and never larger than asked (400). Approving an APPROVED grant answers it unchanged and credits nothing."))
  .add(op.post("rejectClubRcGrant", "/v2/admin/club-rc-grants/:id/reject", { path: AdminGrantPath, body: Body({ reason: StrLength(10, 1000) }), ok: RcGrantView, summary: "REQUESTED → REJECTED with a reason (10-1000) kept verbatim" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.money"))
  .annotate(OpenApi.Title, "Club RC grants (admin)")
{}
