/**
 * Club RC grants (A section 3; B "Club RC grants"; C "Club RC grants"). The club side (OWNER/ADMIN):
 * list with the granted-RC position (`outstandingRc`, `estimatedFiatAtCurrentRate` in paise at
 * `rateUsed`, the configured RC→INR rate), request `{requestedRc, reason}` (one open request per
 * club: 409 CLUB_RC_GRANT_REQUEST_ALREADY_OPEN), cancel while REQUESTED. The admin side
 * (`clubs.money`): the queue (oldest first), one grant with its club's outstanding debt, approve
 * `{approvedRc?}` (never above the request; idempotent; credits the club creator wallet in the same
 * transaction) and reject `{reason}` (10-1000 characters, verbatim).
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntBetween, OneOf, Optional, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubManagers, Ok, PageParams, Requires } from "../common/index.js"

export const RcGrantView = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  requestedRc: Schema.Number,
  approvedRc: Schema.NullOr(Schema.Number),
  reason: Schema.String,
  status: Schema.Literal("REQUESTED", "APPROVED", "REJECTED", "CANCELLED"),
  requestedBy: Schema.String,
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Schema.Date),
  rejectionReason: Schema.NullOr(Schema.String),
  cancelledAt: Schema.NullOr(Schema.Date),
  ledgerTransferId: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "ClubRcGrant" })
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
  .add(
    HttpApiEndpoint.get("listClubRcGrants", "/v2/clubs/:clubId/rc-grants")
      .middleware(ClubManagers)
      .setPath(Schema.Struct({ clubId: Schema.String }))
      .setUrlParams(Query(PageParams))
      .addSuccess(Ok(ClubRcGrantsPage))
      .annotate(OpenApi.Summary, "The club's RC grant requests (newest first) with outstandingRc, estimatedFiatAtCurrentRate and rateUsed")
  )
  .add(
    HttpApiEndpoint.post("requestClubRcGrant", "/v2/clubs/:clubId/rc-grants")
      .middleware(ClubManagers)
      .setPath(Schema.Struct({ clubId: Schema.String }))
      .setPayload(RcGrantRequestBody)
      .addSuccess(Ok(RcGrantView, { status: 201 }))
      .annotate(OpenApi.Summary, "Request RC coins `{requestedRc (1-10000000), reason (10-1000)}`; one open request per club")
      .annotate(OpenApi.Description, "409 CLUB_RC_GRANT_REQUEST_ALREADY_OPEN while a request awaits review; 409 CLUB_NOT_ACTIVE for a club that is not ACTIVE.")
  )
  .add(
    HttpApiEndpoint.post("cancelClubRcGrant", "/v2/clubs/:clubId/rc-grants/:id/cancel")
      .middleware(ClubManagers)
      .setPath(GrantPath)
      .addSuccess(Ok(RcGrantView))
      .annotate(OpenApi.Summary, "Cancel the club's request while it awaits review (REQUESTED → CANCELLED); an approved grant cannot be cancelled (409)")
  )
  .annotate(OpenApi.Title, "Club RC grants")
{}

export class AdminClubRcGrantsGroup extends HttpApiGroup.make("adminClubRcGrants")
  .add(
    HttpApiEndpoint.get("clubRcGrantQueue", "/v2/admin/club-rc-grants")
      .middleware(Authenticated)
      .setUrlParams(Query({ ...PageParams, status: Optional(OneOf("REQUESTED", "APPROVED", "REJECTED", "CANCELLED")), clubId: Optional(UuidStr) }))
      .addSuccess(Ok(Schema.Struct({ items: Schema.Array(RcGrantView), total: Schema.Number, page: Schema.Number, limit: Schema.Number })))
      .annotate(OpenApi.Summary, "RC grant requests, oldest first (`?status` REQUESTED|APPROVED|REJECTED|CANCELLED, `?clubId`, `?page`, `?limit`)")
  )
  .add(
    HttpApiEndpoint.get("getClubRcGrant", "/v2/admin/club-rc-grants/:id")
      .middleware(Authenticated)
      .setPath(AdminGrantPath)
      .addSuccess(Ok(AdminRcGrantView))
      .annotate(OpenApi.Summary, "One grant request plus its club's outstanding granted-RC debt in coins and the rupee estimate")
  )
  .add(
    HttpApiEndpoint.post("approveClubRcGrant", "/v2/admin/club-rc-grants/:id/approve")
      .middleware(Authenticated)
      .setPath(AdminGrantPath)
      .setPayload(Body({ approvedRc: Optional(IntBetween(1, 10_000_000)) }))
      .addSuccess(Ok(RcGrantView))
      .annotate(OpenApi.Summary, "REQUESTED → APPROVED and credit the club creator wallet, in one transaction; idempotent")
      .annotate(OpenApi.Description, "`approvedRc` is optional (default: the requested amount) and never larger than asked (400). Approving an APPROVED grant answers it unchanged and credits nothing.")
  )
  .add(
    HttpApiEndpoint.post("rejectClubRcGrant", "/v2/admin/club-rc-grants/:id/reject")
      .middleware(Authenticated)
      .setPath(AdminGrantPath)
      .setPayload(Body({ reason: StrLength(10, 1000) }))
      .addSuccess(Ok(RcGrantView))
      .annotate(OpenApi.Summary, "REQUESTED → REJECTED with a reason (10-1000) kept verbatim")
  )
  .annotate(Requires, AdminPermission("clubs.money"))
  .annotate(OpenApi.Title, "Club RC grants (admin)")
{}
