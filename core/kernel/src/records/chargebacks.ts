/** Records of the payments context's chargebacks (B "Chargebacks", "Chargeback defend") whose stored shape is their wire shape (see ../record.ts). */
import { ParseResult, Schema } from "effect"
import { Instant } from "../record.js"
import { OneOf, says, UuidStr } from "../validation.js"

/**
 * Where the defence of a chargeback stands. OPEN: reported by the gateway, nothing prepared; DRAFT:
 * a draft or evidence saved; SUBMITTED: the defence is ready and must be uploaded at the gateway;
 * WON / LOST / EXPIRED / CANCELLED / ACCEPTED (conceded without a defence) are final.
 */
export const ChargebackDefendStatus = OneOf("OPEN", "DRAFT", "SUBMITTED", "WON", "LOST", "EXPIRED", "CANCELLED", "ACCEPTED")
export type ChargebackDefendStatus = typeof ChargebackDefendStatus.Type

/** The gateway has no API for our evidence bundle, so a submitted defence waits for a manual upload. */
export const GatewaySubmissionStatus = OneOf("NOT_SUBMITTED", "MANUAL_GATEWAY_UPLOAD_REQUIRED")
export type GatewaySubmissionStatus = typeof GatewaySubmissionStatus.Type

/** The kinds of evidence a gateway accepts in a dispute (Razorpay's document types, upper-cased). */
export const ChargebackEvidenceKind = OneOf(
  "SHIPPING_PROOF",
  "BILLING_PROOF",
  "CANCELLATION_PROOF",
  "CUSTOMER_COMMUNICATION",
  "PROOF_OF_SERVICE",
  "EXPLANATION_LETTER",
  "REFUND_CONFIRMATION",
  "ACCESS_ACTIVITY_LOG",
  "REFUND_CANCELLATION_POLICY",
  "TERMS_AND_CONDITIONS",
  "OTHER"
)
export type ChargebackEvidenceKind = typeof ChargebackEvidenceKind.Type

/** One chargeback (a gateway dispute on a payment), with what the payment paid for and its defence. */
export const Chargeback = Schema.Struct({
  id: UuidStr,
  provider: Schema.String,
  /** The gateway's case (dispute) id, e.g. Razorpay `disp_…`; unique per provider. */
  gatewayCaseId: Schema.String,
  gatewayPaymentId: Schema.String,
  /** Our payment, order and what it paid for, when the platform created the order (else null). */
  paymentId: Schema.NullOr(Schema.String),
  orderId: Schema.NullOr(Schema.String),
  gatewayOrderId: Schema.NullOr(Schema.String),
  purpose: Schema.NullOr(Schema.String),
  ownerRef: Schema.NullOr(Schema.String),
  /** Disputed amount in minor units. */
  amount: Schema.Number,
  currency: Schema.String,
  reasonCode: Schema.NullOr(Schema.String),
  reasonDescription: Schema.NullOr(Schema.String),
  /** The gateway's phase (chargeback, pre_arbitration, arbitration, retrieval, fraud). */
  phase: Schema.NullOr(Schema.String),
  /** The gateway's own status of the case (open, under_review, won, lost, closed). */
  gatewayStatus: Schema.String,
  /** The gateway's deadline for a defence. */
  respondBy: Schema.NullOr(Instant),
  defendStatus: ChargebackDefendStatus,
  defenseDraft: Schema.String,
  draftUpdatedAt: Schema.NullOr(Instant),
  draftUpdatedBy: Schema.NullOr(Schema.String),
  evidenceCount: Schema.Number,
  gatewaySubmissionStatus: GatewaySubmissionStatus,
  submittedAt: Schema.NullOr(Instant),
  submittedBy: Schema.NullOr(Schema.String),
  /** Who closed the case (WON, LOST, EXPIRED, CANCELLED, ACCEPTED), when and why. */
  resolvedBy: Schema.NullOr(Schema.String),
  resolvedAt: Schema.NullOr(Instant),
  resolutionReason: Schema.NullOr(Schema.String),
  /** When the gateway stated its newest fact about the case (older deliveries never overwrite it). */
  gatewayEventAt: Instant,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Chargeback" })
export interface Chargeback extends Schema.Schema.Type<typeof Chargeback> {}

/** One evidence item of a chargeback defence: a file at an absolute http(s) URL, or a description, or both. */
export const ChargebackEvidence = Schema.Struct({
  id: UuidStr,
  chargebackId: UuidStr,
  kind: ChargebackEvidenceKind,
  fileUrl: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  addedBy: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "ChargebackEvidence" })
export interface ChargebackEvidence extends Schema.Schema.Type<typeof ChargebackEvidence> {}

/** A chargeback with its evidence, oldest first (the defend detail). */
export const ChargebackDetail = Schema.Struct({
  ...Chargeback.fields,
  evidence: Schema.Array(ChargebackEvidence)
}).annotations({ identifier: "ChargebackDetail" })
export interface ChargebackDetail extends Schema.Schema.Type<typeof ChargebackDetail> {}

/** An absolute http(s) URL with a host (evidence files). */
export const HttpUrl = Schema.String.pipe(
  Schema.filter((s) => s.length <= 2048 && /^https?:\/\/[^\s/?#]+(\/[^\s]*)?$/i.test(s)),
  Schema.annotations({ ...says("must be an absolute http(s) URL"), jsonSchema: { type: "string", format: "uri", maxLength: 2048 } })
)

const DayOrInstantPattern = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/

const dayOrInstant = (endOfDay: boolean) =>
  Schema.transformOrFail(Schema.String, Schema.DateFromSelf, {
    strict: true,
    decode: (s, _, ast) =>
      DayOrInstantPattern.test(s) && !Number.isNaN(Date.parse(s))
        ? ParseResult.succeed(new Date(Date.parse(s) + (endOfDay && s.length === 10 ? 86_400_000 - 1 : 0)))
        : ParseResult.fail(new ParseResult.Type(ast, s, "must be a valid ISO 8601 date string")),
    encode: (d) => ParseResult.succeed(d.toISOString())
  }).annotations({ ...says("must be a valid ISO 8601 date string"), jsonSchema: { type: "string", format: "date-time" } })

/** A day (`2026-03-01`, from its start in UTC) or an instant with its zone, as a list's lower bound gives it. */
export const DayOrInstant = dayOrInstant(false)

/** A day (through its end in UTC) or an instant with its zone, as a list's upper bound gives it. */
export const DayEndOrInstant = dayOrInstant(true)
