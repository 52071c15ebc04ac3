/** Records of the clubs context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"

export const ClubStatuses = ["DRAFT", "PENDING_APPROVAL", "ACTIVE", "SUSPENDED"] as const
export type ClubStatus = (typeof ClubStatuses)[number]

/** COMMUNITY clubs are free to join; CLUB_MEMBERSHIP clubs sell paid tiers (and have revenue streams). */
export const ClubTypes = ["COMMUNITY", "CLUB_MEMBERSHIP"] as const
export type ClubType = (typeof ClubTypes)[number]

/** The verified badge: NONE until the club asks, QUEUED while admins look, then VERIFIED or REJECTED. */
export const ClubVerificationStatuses = ["NONE", "QUEUED", "VERIFIED", "REJECTED"] as const
export type ClubVerificationStatus = (typeof ClubVerificationStatuses)[number]

export const Club = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  description: Schema.NullOr(Schema.String),
  sportIds: Schema.Array(Schema.String),
  city: Schema.NullOr(Schema.String),
  clubType: Schema.Literal(...ClubTypes),
  /** A gated club: joining (or a share-link invite) needs an admin's approval. */
  requiresApproval: Schema.Boolean,
  status: Schema.Literal(...ClubStatuses),
  /** The admin's onboarding rejection reason, verbatim; cleared on resubmit. */
  rejectionReason: Schema.NullOr(Schema.String),
  /** Admin deactivation, independent of onboarding; a deactivated club is hidden from athletes. */
  isActive: Schema.Boolean,
  deactivationReason: Schema.NullOr(Schema.String),
  verificationStatus: Schema.Literal(...ClubVerificationStatuses),
  verificationReason: Schema.NullOr(Schema.String),
  /** Payouts held by an admin (payout requests answer CLUB_PAYOUT_FROZEN). */
  payoutFrozen: Schema.Boolean,
  /** The athlete who created the club; its creator wallet is the club's RC wallet. */
  ownerUserId: Schema.String,
  submittedAt: Schema.NullOr(Instant),
  reviewedAt: Schema.NullOr(Instant),
  reviewedBy: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
})
export interface Club extends Schema.Schema.Type<typeof Club> {}

export const ClubRoles = ["OWNER", "ADMIN", "MODERATOR", "MEMBER"] as const
export type ClubRole = (typeof ClubRoles)[number]

/** PENDING: awaiting a club admin's approval (gated club); LEFT and REMOVED keep the history. */
export const MemberStatuses = ["ACTIVE", "PENDING", "LEFT", "REMOVED"] as const
export type MemberStatus = (typeof MemberStatuses)[number]

export const ClubMember = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  userId: Schema.String,
  role: Schema.Literal(...ClubRoles),
  status: Schema.Literal(...MemberStatuses),
  /** The paid tier the membership is on (CLUB_MEMBERSHIP clubs); null for a free membership. */
  tierId: Schema.NullOr(Schema.String),
  joinedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
})
export interface ClubMember extends Schema.Schema.Type<typeof ClubMember> {}

export const RcGrantStatuses = ["REQUESTED", "APPROVED", "REJECTED", "CANCELLED"] as const
export type RcGrantStatus = (typeof RcGrantStatuses)[number]

export const RcGrant = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  requestedRc: Schema.Number,
  /** What the admin granted (≤ requestedRc); null until approved. */
  approvedRc: Schema.NullOr(Schema.Number),
  reason: Schema.String,
  status: Schema.Literal(...RcGrantStatuses),
  requestedBy: Schema.String,
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Instant),
  /** The admin's rejection reason, verbatim. */
  rejectionReason: Schema.NullOr(Schema.String),
  cancelledBy: Schema.NullOr(Schema.String),
  cancelledAt: Schema.NullOr(Instant),
  /** The ledger transfer that credited the club creator wallet. */
  ledgerTransferId: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
})
export interface RcGrant extends Schema.Schema.Type<typeof RcGrant> {}

export const SettlementStatuses = ["PENDING", "ELIGIBLE", "PAYOUT_REQUESTED", "PAID"] as const
export type SettlementStatus = (typeof SettlementStatuses)[number]

export const PayeeTypes = ["CLUB", "ORGANIZER"] as const
export type PayeeType = (typeof PayeeTypes)[number]

export const Settlement = Schema.Struct({
  id: Schema.String,
  /** The club whose books the earnings belong to. */
  clubId: Schema.String,
  payeeType: Schema.Literal(...PayeeTypes),
  payeeId: Schema.String,
  /** The period [periodStart, periodEnd) the earnings were made in. */
  periodStart: Instant,
  periodEnd: Instant,
  /** What buyers paid in the period: the club's revenue credits plus the platform commission on them (paise). */
  grossAmount: Schema.Number,
  /** The platform's commission on the period's payments (paise). */
  commissionAmount: Schema.Number,
  /** Other debits of the club's revenue in the period: refunds, reversals (paise, positive). */
  deductionsAmount: Schema.Number,
  /** grossAmount − commissionAmount − deductionsAmount: what is paid out (paise). */
  amount: Schema.Number,
  currency: Schema.Literal("INR"),
  entryCount: Schema.Number,
  status: Schema.Literal(...SettlementStatuses),
  /** When the hold ends and a payout may be requested. */
  eligibleAt: Instant,
  ledgerTransferId: Schema.NullOr(Schema.String),
  paidAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
})
export interface Settlement extends Schema.Schema.Type<typeof Settlement> {}

export const PayoutRequestStatuses = ["REQUESTED", "UNDER_REVIEW", "APPROVED", "PAID", "REJECTED", "CANCELLED"] as const
export type PayoutRequestStatus = (typeof PayoutRequestStatuses)[number]

export const PayoutRequest = Schema.Struct({
  id: Schema.String,
  settlementId: Schema.String,
  clubId: Schema.NullOr(Schema.String),
  payeeType: Schema.Literal(...PayeeTypes),
  payeeId: Schema.String,
  amount: Schema.Number,
  currency: Schema.Literal("INR"),
  status: Schema.Literal(...PayoutRequestStatuses),
  requestedBy: Schema.String,
  reviewedBy: Schema.NullOr(Schema.String),
  approvedBy: Schema.NullOr(Schema.String),
  paidBy: Schema.NullOr(Schema.String),
  paymentReference: Schema.NullOr(Schema.String),
  rejectionReason: Schema.NullOr(Schema.String),
  cancelReason: Schema.NullOr(Schema.String),
  ledgerTransferId: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Instant),
  approvedAt: Schema.NullOr(Instant),
  paidAt: Schema.NullOr(Instant),
  rejectedAt: Schema.NullOr(Instant),
  cancelledAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
})
export interface PayoutRequest extends Schema.Schema.Type<typeof PayoutRequest> {}

/**
 * An invite into a club. TARGETED invites name one athlete and, when accepted by them, make an
 * ACTIVE member even in a gated club; LINK invites (share links) may be used by anyone (up to
 * `maxUses`) and still face `requiresApproval` (→ PENDING). Only the SHA-256-HMAC of the token is
 * stored; the token itself (32 random bytes, base64url) is shown once, at creation.
 */
export const InviteKinds = ["TARGETED", "LINK"] as const
export type InviteKind = (typeof InviteKinds)[number]

export const ClubInvite = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  kind: Schema.Literal(...InviteKinds),
  targetUserId: Schema.NullOr(Schema.String),
  /** The role the invitee gets (MEMBER or MODERATOR; managers are appointed by admins). */
  role: Schema.Literal(...ClubRoles),
  createdByKind: Schema.String,
  createdBy: Schema.NullOr(Schema.String),
  expiresAt: Instant,
  /** Null: unlimited until expiry (targeted invites have 1). */
  maxUses: Schema.NullOr(Schema.Number),
  uses: Schema.Number,
  revokedAt: Schema.NullOr(Instant),
  createdAt: Instant
})
export interface ClubInvite extends Schema.Schema.Type<typeof ClubInvite> {}

export const TierCurrency = "INR" as const

export const BillingPeriods = ["MONTHLY", "QUARTERLY", "YEARLY"] as const
export type BillingPeriod = (typeof BillingPeriods)[number]

export const TierStatuses = ["ACTIVE", "ARCHIVED"] as const
export type TierStatus = (typeof TierStatuses)[number]

export const ClubTier = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  /** Paise per billing period. */
  priceAmount: Schema.Number,
  currency: Schema.Literal(TierCurrency),
  billingPeriod: Schema.Literal(...BillingPeriods),
  benefits: Schema.Array(Schema.String),
  status: Schema.Literal(...TierStatuses),
  sortOrder: Schema.Number,
  /** The tier commission override in basis points; null: the club's or platform's applies. */
  commissionBps: Schema.NullOr(Schema.Number),
  createdAt: Instant,
  updatedAt: Instant
})
export interface ClubTier extends Schema.Schema.Type<typeof ClubTier> {}

export const TierMembership = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  /** The club membership row (clubs.members.id). */
  memberId: Schema.String,
  userId: Schema.String,
  tierId: Schema.String,
  /** Stored status (ACTIVE or CANCELED); `effectiveStatus` adds EXPIRED. */
  status: Schema.Literal("ACTIVE", "CANCELED"),
  currentPeriodStart: Instant,
  currentPeriodEnd: Instant,
  cancelAtPeriodEnd: Schema.Boolean,
  canceledAt: Schema.NullOr(Instant),
  lastPaymentId: Schema.NullOr(Schema.String),
  /** The proration of the last admin change-tier (paise; > 0 owed by the member, < 0 credit). */
  lastProrationAmount: Schema.NullOr(Schema.Number),
  createdAt: Instant,
  updatedAt: Instant
})
export interface TierMembership extends Schema.Schema.Type<typeof TierMembership> {}

export const PromoDiscountTypes = ["PERCENT", "AMOUNT"] as const
export type PromoDiscountType = (typeof PromoDiscountTypes)[number]

export const PromoStatuses = ["ACTIVE", "ARCHIVED"] as const
export type PromoStatus = (typeof PromoStatuses)[number]

export const TierPromo = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  tierId: Schema.String,
  /** Upper-case, 3-32 letters, digits, - or _ ; unique per tier among ACTIVE promos. */
  code: Schema.String,
  discountType: Schema.Literal(...PromoDiscountTypes),
  /** PERCENT: 1-90; AMOUNT: paise. */
  discountValue: Schema.Number,
  maxRedemptions: Schema.NullOr(Schema.Number),
  redemptions: Schema.Number,
  validFrom: Schema.NullOr(Instant),
  validUntil: Schema.NullOr(Instant),
  status: Schema.Literal(...PromoStatuses),
  createdBy: Schema.String,
  createdAt: Instant,
  archivedAt: Schema.NullOr(Instant)
})
export interface TierPromo extends Schema.Schema.Type<typeof TierPromo> {}

export const RecognitionMetrics = ["points", "runs_attended"] as const
export type RecognitionMetric = (typeof RecognitionMetrics)[number]

export const RecognitionPeriods = ["week", "month"] as const
export type RecognitionPeriod = (typeof RecognitionPeriods)[number]

export const RecognitionRuleStatuses = ["DISABLED", "ENABLED"] as const
export type RecognitionRuleStatus = (typeof RecognitionRuleStatuses)[number]

export const RecognitionRule = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  name: Schema.String,
  metric: Schema.Literal(...RecognitionMetrics),
  period: Schema.Literal(...RecognitionPeriods),
  threshold: Schema.Number,
  awardName: Schema.String,
  status: Schema.Literal(...RecognitionRuleStatuses),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
})
export interface RecognitionRule extends Schema.Schema.Type<typeof RecognitionRule> {}

export const ClubAward = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  userId: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  ruleId: Schema.NullOr(Schema.String),
  /** The rule's period key (YYYY-MM or YYYY-WW) when given by a rule. */
  periodKey: Schema.NullOr(Schema.String),
  awardedBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
})
export interface ClubAward extends Schema.Schema.Type<typeof ClubAward> {}

/** A filter over a club's ACTIVE members; every given condition must hold. */
export const SegmentFilter = Schema.Struct({
  roles: Schema.optional(Schema.Array(Schema.Literal(...ClubRoles))),
  tierIds: Schema.optional(Schema.Array(Schema.String)),
  joinedBefore: Schema.optional(Instant),
  joinedAfter: Schema.optional(Instant),
  /** All-time points at least this. */
  minPoints: Schema.optional(Schema.Number),
  /** Runs attended (present) at least this. */
  minAttendedRuns: Schema.optional(Schema.Number)
})
export interface SegmentFilter extends Schema.Schema.Type<typeof SegmentFilter> {}

export const SegmentKinds = ["AUDIENCE", "MEMBER"] as const
export type SegmentKind = (typeof SegmentKinds)[number]

export const SegmentStatuses = ["ACTIVE", "ARCHIVED"] as const
export type SegmentStatus = (typeof SegmentStatuses)[number]

export const ClubSegment = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  kind: Schema.Literal(...SegmentKinds),
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  filter: SegmentFilter,
  status: Schema.Literal(...SegmentStatuses),
  /** Attached challenge ids (audience segments). */
  challengeIds: Schema.Array(Schema.String),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
})
export interface ClubSegment extends Schema.Schema.Type<typeof ClubSegment> {}

export const AttendanceSources = ["MANUAL", "INFERRED"] as const
export type AttendanceSource = (typeof AttendanceSources)[number]

export const RunAttendance = Schema.Struct({
  runId: Schema.String,
  userId: Schema.String,
  present: Schema.Boolean,
  source: Schema.Literal(...AttendanceSources),
  markedBy: Schema.NullOr(Schema.String),
  markedAt: Instant
})
export interface RunAttendance extends Schema.Schema.Type<typeof RunAttendance> {}

export const PointsEntryKinds = ["GRANT", "DEBIT", "REVERSAL"] as const
export type PointsEntryKind = (typeof PointsEntryKinds)[number]

export const PointsEntry = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  userId: Schema.String,
  /** Positive for a grant, negative for a debit; a reversal is the opposite of its original. */
  points: Schema.Number,
  kind: Schema.Literal(...PointsEntryKinds),
  reason: Schema.String,
  sportId: Schema.NullOr(Schema.String),
  /** Set on a REVERSAL: the entry it reverses. */
  reversesEntryId: Schema.NullOr(Schema.String),
  /** Set on an entry that was reversed: the REVERSAL entry. */
  reversedByEntryId: Schema.NullOr(Schema.String),
  idempotencyKey: Schema.NullOr(Schema.String),
  createdBy: Schema.String,
  /** When the points count for the period boards (the original's time for a reversal). */
  occurredAt: Instant,
  monthKey: Schema.String,
  weekKey: Schema.String,
  createdAt: Instant
})
export interface PointsEntry extends Schema.Schema.Type<typeof PointsEntry> {}

export const ClubChannel = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  name: Schema.String,
  topic: Schema.NullOr(Schema.String),
  /** Only club staff may post (announcement-style channels). */
  staffOnly: Schema.Boolean,
  archived: Schema.Boolean,
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
})
export interface ClubChannel extends Schema.Schema.Type<typeof ClubChannel> {}

export const ClubAnnouncement = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  title: Schema.String,
  body: Schema.String,
  pinned: Schema.Boolean,
  authorKind: Schema.String,
  authorId: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
})
export interface ClubAnnouncement extends Schema.Schema.Type<typeof ClubAnnouncement> {}
