/**
 * Sponsor accounts (B "Sponsor accounts", permission `sponsors.manage`): a brand's accounts (list,
 * add a user as OWNER or MEMBER), the brand's approval decision (approve, reject, suspend; illegal
 * from its status 409 SPONSOR_BRAND_MOVE_REFUSED), an account's status (ACTIVE ↔ SUSPENDED; 409
 * SPONSOR_ACCOUNT_STATUS_MOVE_REFUSED) and its activity (its audit rows, newest first). The
 * groups sit in the athletes area next to the brand challenges they enable; brands themselves are
 * created by operators (CLI `sponsors create-brand`), as the spec shows no creation route.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Instant, IntFromText, OneOf, Optional, Query, SponsorAccount, SponsorAccountRole, SponsorAccountStatus, SponsorBrand, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

const BrandPath = Schema.Struct({ brandId: Schema.String })
const AccountPath = Schema.Struct({ accountId: Schema.String })

export const SponsorAccountActivityView = Schema.Struct({
  accountId: Schema.String,
  items: Schema.Array(Schema.Struct({
    seq: Schema.Number,
    id: Schema.String,
    occurredAt: Instant,
    action: Schema.String,
    actorKind: Schema.String,
    actorId: Schema.NullOr(Schema.String),
    reason: Schema.NullOr(Schema.String),
    data: Schema.Record({ key: Schema.String, value: Schema.Unknown })
  })),
  /** Pass as `beforeSeq` for the next (older) page; null on the last page. */
  nextBeforeSeq: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "SponsorAccountActivity" })

const base = "/v2/admin/sponsors"

export class AdminSponsorAccountsGroup extends HttpApiGroup.make("adminSponsorAccounts")
  .add(op.get("sponsorAccountActivity", `${base}/accounts/:accountId/activity`, { path: AccountPath, query: Query({ beforeSeq: Optional(IntFromText(1, Number.MAX_SAFE_INTEGER)), limit: Optional(IntFromText(1, 200)) }), ok: SponsorAccountActivityView, summary: "An account's activity: its audit rows (created, status changes, challenges created for the brand), newest first" }))
  .add(op.patch("setSponsorAccountStatus", `${base}/accounts/:accountId/status`, { path: AccountPath, body: Body({ status: SponsorAccountStatus, reason: Optional(StrLength(1, 500)) }), ok: SponsorAccount, summary: "Suspend (ACTIVE → SUSPENDED) or reinstate (SUSPENDED → ACTIVE) an account; audited" }).annotate(OpenApi.Description, "409 SPONSOR_ACCOUNT_STATUS_MOVE_REFUSED when the account already has that status; of two concurrent changes one wins."))
  .add(op.get("sponsorBrandAccounts", `${base}/brands/:brandId/accounts`, { path: BrandPath, ok: Schema.Struct({ items: Schema.Array(SponsorAccount), total: Schema.Number }), summary: "A brand's accounts, oldest first (404 SPONSOR_BRAND_NOT_FOUND)" }))
  .add(op.post("addSponsorBrandAccount", `${base}/brands/:brandId/accounts`, { path: BrandPath, body: Body({ userId: UuidStr, role: SponsorAccountRole }), ok: SponsorAccount, status: 201, summary: "Give a user an ACTIVE account of the brand (404 USER_NOT_FOUND; 409 SPONSOR_ACCOUNT_EXISTS)" }))
  .add(op.patch("decideSponsorBrandApproval", `${base}/brands/:brandId/approval`, { path: BrandPath, body: Body({ decision: OneOf("approve", "reject", "suspend"), reason: Optional(StrLength(1, 500)) }), ok: SponsorBrand, summary: "Approve (PENDING, REJECTED or SUSPENDED → APPROVED), reject (PENDING → REJECTED) or suspend (APPROVED → SUSPENDED) a brand" }).annotate(OpenApi.Description, "Any other decision 409 SPONSOR_BRAND_MOVE_REFUSED; of two concurrent decisions one wins. Only APPROVED brands create challenges."))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("sponsors.manage"))
  .annotate(OpenApi.Title, "Admin: sponsor accounts")
{}
