/**
 * The single place where payments outcomes get their public meaning (a new error in the union
 * breaks the build here). The spec documents no codes for these; the ones below are ours:
 * 503 PAYMENT_GATEWAY_NOT_CONFIGURED / BANK_VERIFICATION_NOT_CONFIGURED (after the documented
 * SPEECH_PROVIDER_NOT_CONFIGURED pattern), 404 WEBHOOK_EVENT_NOT_FOUND / IFSC_NOT_FOUND /
 * PAYMENT_ORDER_NOT_FOUND, 409 WEBHOOK_EVENT_STATE_CONFLICT / WEBHOOK_EVENT_IN_PROGRESS, 401 for a
 * missing or wrong webhook signature, 429 BANK_VERIFICATION_RATE_LIMITED.
 */
import { BadRequest, Conflict, NotFound, ServiceUnavailable, TooManyRequests, Unauthorized } from "@podium/contracts/common"
import type { Payments } from "@podium/core"
import { Effect, Match } from "effect"

export type PaymentsError =
  | Payments.PaymentGatewayUnavailable
  | Payments.PaymentGatewayRejected
  | Payments.PaymentNotFoundAtGateway
  | Payments.BankVerifierUnavailable
  | Payments.WebhookSignatureInvalid
  | Payments.WebhookPayloadInvalid
  | Payments.WebhookEventNotFound
  | Payments.WebhookEventStateConflict
  | Payments.WebhookEventBusy
  | Payments.PaymentOrderNotFound
  | Payments.PaymentSignatureInvalid
  | Payments.PaymentMismatch
  | Payments.PaymentOrderInvalid
  | Payments.IfscNotFound
  | Payments.PennyDropRateLimited

const toPublic = Match.type<PaymentsError>().pipe(Match.tagsExhaustive({
  PaymentGatewayUnavailable: () =>
    new ServiceUnavailable({ code: "PAYMENT_GATEWAY_NOT_CONFIGURED", message: "Payment gateway is not configured or unavailable" }),
  PaymentGatewayRejected: (e) => new BadRequest({ code: "PAYMENT_GATEWAY_REJECTED", message: e.message }),
  PaymentNotFoundAtGateway: () => new NotFound({ code: "PAYMENT_NOT_FOUND", message: "Payment not found at the gateway" }),
  BankVerifierUnavailable: () =>
    new ServiceUnavailable({ code: "BANK_VERIFICATION_NOT_CONFIGURED", message: "Bank verification is not configured or unavailable" }),
  WebhookSignatureInvalid: (e) => new Unauthorized({ message: e.message }),
  WebhookPayloadInvalid: (e) => new BadRequest({ message: e.messages.join("; ") }),
  WebhookEventNotFound: (e) => new NotFound({ code: "WEBHOOK_EVENT_NOT_FOUND", message: e.message }),
  WebhookEventStateConflict: (e) => new Conflict({ code: "WEBHOOK_EVENT_STATE_CONFLICT", message: e.message }),
  WebhookEventBusy: (e) => new Conflict({ code: "WEBHOOK_EVENT_IN_PROGRESS", message: e.message }),
  PaymentOrderNotFound: (e) => new NotFound({ code: "PAYMENT_ORDER_NOT_FOUND", message: e.message }),
  PaymentSignatureInvalid: (e) => new BadRequest({ code: "PAYMENT_SIGNATURE_INVALID", message: e.message }),
  PaymentMismatch: (e) => new BadRequest({ code: "PAYMENT_MISMATCH", message: e.message }),
  PaymentOrderInvalid: (e) => new BadRequest({ message: e.messages.join("; ") }),
  IfscNotFound: (e) => new NotFound({ code: "IFSC_NOT_FOUND", message: e.message }),
  PennyDropRateLimited: (e) => new TooManyRequests({ code: "BANK_VERIFICATION_RATE_LIMITED", message: e.message })
}))

const Tags: Record<PaymentsError["_tag"], true> = {
  PaymentGatewayUnavailable: true,
  PaymentGatewayRejected: true,
  PaymentNotFoundAtGateway: true,
  BankVerifierUnavailable: true,
  WebhookSignatureInvalid: true,
  WebhookPayloadInvalid: true,
  WebhookEventNotFound: true,
  WebhookEventStateConflict: true,
  WebhookEventBusy: true,
  PaymentOrderNotFound: true,
  PaymentSignatureInvalid: true,
  PaymentMismatch: true,
  PaymentOrderInvalid: true,
  IfscNotFound: true,
  PennyDropRateLimited: true
}

const isTagged = (e: unknown): e is { readonly _tag: string } => typeof e === "object" && e !== null && "_tag" in e

/** Maps every payments error of `effect` to public errors (for routes that may meet any of them, e.g. checkout). */
export const paymentsErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (e): e is Extract<E, PaymentsError> => isTagged(e) && e._tag in Tags, (e) => Effect.fail(toPublic(e as PaymentsError)))

type InboxError = Payments.WebhookEventNotFound | Payments.WebhookEventStateConflict | Payments.WebhookEventBusy
const InboxTags: Record<InboxError["_tag"], true> = { WebhookEventNotFound: true, WebhookEventStateConflict: true, WebhookEventBusy: true }

/** The webhook inbox admin routes' errors: 404 and the two 409s. */
export const webhookInboxErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, InboxError> => isTagged(e) && e._tag in InboxTags,
    (e) => Effect.fail(toPublic(e as InboxError) as NotFound | Conflict)
  )

type BankError = Payments.IfscNotFound | Payments.PennyDropRateLimited | Payments.BankVerifierUnavailable
const BankTags: Record<BankError["_tag"], true> = { IfscNotFound: true, PennyDropRateLimited: true, BankVerifierUnavailable: true }

/** The bank verification routes' errors: 404, 429 and 503. */
export const bankVerificationErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, BankError> => isTagged(e) && e._tag in BankTags,
    (e) => Effect.fail(toPublic(e as BankError) as NotFound | TooManyRequests | ServiceUnavailable)
  )
