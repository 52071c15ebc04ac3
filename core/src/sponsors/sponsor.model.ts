/**
 * Sponsors (B "Sponsor accounts"): brands and the accounts of the users who act for them. The
 * spec shows `PATCH /brands/{brandId}/approval` without its states; ours: a brand is created
 * PENDING, approved (PENDING, REJECTED or SUSPENDED → APPROVED: an approval also reinstates),
 * rejected (PENDING → REJECTED) or suspended (APPROVED → SUSPENDED). Accounts are ACTIVE or
 * SUSPENDED, each target status reached by exactly one move.
 */
import { defineMoves, DomainError, type SponsorAccountStatus, type SponsorBrandStatus, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"

export const SponsorBrandMoves = defineMoves<SponsorBrandStatus>()({ machine: "sponsor brand", code: "SPONSOR_BRAND_MOVE_REFUSED" }, {
  approve: { from: ["PENDING", "REJECTED", "SUSPENDED"], to: "APPROVED" },
  reject: { from: ["PENDING"], to: "REJECTED" },
  suspend: { from: ["APPROVED"], to: "SUSPENDED" }
})
export type SponsorBrandMove = keyof typeof SponsorBrandMoves.table

export const SponsorAccountMoves = defineMoves<SponsorAccountStatus>()({ machine: "sponsor account", code: "SPONSOR_ACCOUNT_STATUS_MOVE_REFUSED" }, {
  SUSPENDED: { from: ["ACTIVE"], to: "SUSPENDED" },
  ACTIVE: { from: ["SUSPENDED"], to: "ACTIVE" }
})

export class SponsorBrandNotFound extends DomainError<SponsorBrandNotFound>()("SponsorBrandNotFound", { kind: "not-found", code: "SPONSOR_BRAND_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Brand not found"
  }
}

export class SponsorAccountNotFound extends DomainError<SponsorAccountNotFound>()("SponsorAccountNotFound", { kind: "not-found", code: "SPONSOR_ACCOUNT_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Sponsor account not found"
  }
}

/** The user named for a new account does not exist. */
export class SponsorUserNotFound extends DomainError<SponsorUserNotFound>()("SponsorUserNotFound", { kind: "not-found", code: "USER_NOT_FOUND" }, {
  userId: Schema.String
}) {
  override get message() {
    return "User not found"
  }
}

/** One account per brand and user. */
export class SponsorAccountExists extends DomainError<SponsorAccountExists>()("SponsorAccountExists", { kind: "conflict", code: "SPONSOR_ACCOUNT_EXISTS" }, {
  brandId: Schema.String,
  userId: Schema.String
}) {
  override get message() {
    return "This user already holds an account of this brand"
  }
}

/** The brand exists but is not APPROVED, so nothing may be done in its name (403 with a code). */
export class SponsorBrandNotApproved extends DomainError<SponsorBrandNotApproved>()("SponsorBrandNotApproved", { kind: "forbidden", code: "SPONSOR_BRAND_NOT_APPROVED" }, {
  id: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `The brand is ${this.status}; only an APPROVED brand may act`
  }
}

/** Input failures found after decoding: 400 with the list. */
export class SponsorInputInvalid extends InputInvalid<SponsorInputInvalid>()("SponsorInputInvalid") {}

/** The caller holds no ACTIVE account of the brand (403). */
export class SponsorAccessDenied extends DomainError<SponsorAccessDenied>()("SponsorAccessDenied", { kind: "forbidden", message: "Access Denied" }, {
  brandId: Schema.String
}) {}
