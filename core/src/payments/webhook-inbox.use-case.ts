/**
 * The payment webhook inbox. `ingestGatewayWebhook` is what an inbound webhook route calls with
 * the raw body and signature header: verify (unsigned or wrong → 401, nothing stored), store first
 * (deduplicated by the provider's event id; a redelivery answers the stored row and dispatches
 * nothing), then dispatch to the registered processors and record PROCESSED/FAILED. The admin side
 * (B "Payments") lists and reads rows, acknowledges or cancels RECEIVED/FAILED rows and replays
 * any row but a cancelled one; each admin move appends the named audit event
 * (`webhook_event.acknowledged|cancelled|replayed`).
 */
import { Cause, Effect, Either, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { PaymentGateway } from "./payment-gateway.port.js"
import { PaymentEventProcessors } from "./payment-event-processors.port.js"
import {
  moveWebhookEvent,
  parseWebhookBody,
  toPaymentEvent,
  type WebhookEvent,
  WebhookEventBusy,
  WebhookEventNotFound,
  WebhookEventStateConflict,
  type WebhookEventStatus,
  webhookEventSources,
  WebhookSignatureInvalid
} from "./webhook-event.model.js"
import { WebhookEventRepo } from "./webhook-event.port.js"

/** How long one dispatch may hold a row before another may take it over. */
export const DispatchLeaseSeconds = 60

/**
 * Runs the matching processors of a leased row in one unit of work and records the outcome. No
 * processor for the type leaves the row in its state with a note, so an event that arrives before
 * its processor is deployed can still be replayed (or acknowledged).
 */
const dispatch = (row: WebhookEvent) =>
  Effect.gen(function*() {
    const repo = yield* WebhookEventRepo
    const event = toPaymentEvent(row)
    const processors = yield* Effect.flatMap(PaymentEventProcessors, (r) => r.matching(row.eventType, event.purpose))
    if (processors.length === 0) {
      return yield* repo.finish(row.id, {
        status: row.status,
        lastError: `no processor registered for ${row.eventType}${event.purpose === null ? "" : ` (purpose ${event.purpose})`}`,
        processedBy: null,
        processed: false
      })
    }
    const tx = yield* Transactor
    const outcome = yield* tx.atomically(Effect.forEach(processors, (p) => p.process(event), { discard: true })).pipe(
      Effect.map(() => null),
      Effect.catchAllCause((cause) => {
        const failure = Cause.failureOption(cause)
        const message = Option.isSome(failure) ? `${failure.value.processor}: ${failure.value.message}` : Cause.pretty(cause).split("\n")[0]!
        return Effect.succeed(message.slice(0, 2000))
      })
    )
    const to = moveWebhookEvent(row.status, outcome === null ? "process" : "fail").pipe(Either.getOrElse(() => row.status))
    return yield* repo.finish(row.id, {
      status: to,
      lastError: outcome,
      processedBy: outcome === null ? processors.map((p) => p.name) : null,
      processed: outcome === null
    })
  })

/**
 * Ingests one gateway webhook: `provider` names the gateway the route belongs to, `signature` is
 * the signature header (Razorpay: `x-razorpay-signature`), `eventId` the provider's event id header
 * when it sends one (Razorpay: `x-razorpay-event-id`). Answers the stored row and whether this call
 * stored it (false: a duplicate delivery, answered from the inbox and not dispatched again).
 */
export const ingestGatewayWebhook = Effect.fn("payments.ingestGatewayWebhook")(function*(
  provider: string,
  rawBody: string,
  signature: string | undefined,
  eventId?: string
) {
  const gateway = yield* PaymentGateway
  if (signature === undefined || signature.trim() === "") return yield* new WebhookSignatureInvalid({ provider, reason: "missing" })
  if (provider !== gateway.provider) {
    // Without a configured gateway nothing can be verified: 503, not 401.
    if (gateway.provider === "unconfigured") yield* gateway.verifyWebhookSignature(rawBody, signature)
    return yield* new WebhookSignatureInvalid({ provider, reason: "unknown_provider" })
  }
  const valid = yield* gateway.verifyWebhookSignature(rawBody, signature.trim())
  if (!valid) return yield* new WebhookSignatureInvalid({ provider, reason: "mismatch" })
  const parsed = parseWebhookBody(rawBody, eventId)
  if (Either.isLeft(parsed)) return yield* parsed.left
  const repo = yield* WebhookEventRepo
  const { inserted, row } = yield* repo.insertIfAbsent({
    provider,
    eventId: parsed.right.eventId,
    eventType: parsed.right.eventType,
    payload: parsed.right.payload,
    signatureVerified: true
  })
  if (!inserted) return { event: row, duplicate: true }
  const claimed = yield* repo.claim(row.id, ["RECEIVED"], { replay: false, leaseSeconds: DispatchLeaseSeconds })
  if (Option.isNone(claimed)) return { event: row, duplicate: false }
  return { event: yield* dispatch(claimed.value), duplicate: false }
})

const findEvent = (id: string) =>
  Effect.gen(function*() {
    const found = isUuid(id) ? yield* Effect.flatMap(WebhookEventRepo, (r) => r.findById(id)) : Option.none()
    if (Option.isNone(found)) return yield* new WebhookEventNotFound({ id })
    return found.value
  })

export const getWebhookEvent = Effect.fn("payments.webhookEvents.get")(findEvent)

export const listWebhookEvents = (query: {
  readonly status?: WebhookEventStatus | undefined
  readonly provider?: string | undefined
  readonly eventType?: string | undefined
  readonly page: number
  readonly limit: number
}) => Effect.flatMap(WebhookEventRepo, (r) => r.list(query))

const audit = (admin: Principal, action: string, row: WebhookEvent, data: Record<string, unknown>) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action,
      actor: { kind: admin.accountKind, id: admin.accountId },
      subject: { kind: "payment_webhook_event", id: row.id },
      data: { provider: row.provider, eventId: row.eventId, eventType: row.eventType, ...data }
    }))

/** Acknowledge or cancel: a conditional move from RECEIVED/FAILED (of two concurrent moves one wins). */
const resolveEvent = (admin: Principal, id: string, action: "acknowledge" | "cancel") =>
  Effect.gen(function*() {
    const current = yield* findEvent(id)
    const to = moveWebhookEvent(current.status, action)
    if (Either.isLeft(to)) return yield* to.left
    const moved = yield* Effect.flatMap(WebhookEventRepo, (r) => r.resolve(id, webhookEventSources(action), to.right, admin.accountId))
    if (Option.isNone(moved)) {
      const now = yield* findEvent(id)
      return yield* (now.status === current.status ? new WebhookEventBusy({ id }) : new WebhookEventStateConflict({ status: now.status, action }))
    }
    yield* audit(admin, action === "acknowledge" ? "webhook_event.acknowledged" : "webhook_event.cancelled", moved.value, {
      from: current.status
    })
    return moved.value
  })

/** RECEIVED/FAILED → ACKNOWLEDGED (emits webhook_event.acknowledged). */
export const acknowledgeWebhookEvent = Effect.fn("payments.webhookEvents.acknowledge")((admin: Principal, id: string) =>
  resolveEvent(admin, id, "acknowledge")
)

/** A poisoned RECEIVED/FAILED row → CANCELLED, never dispatched again (emits webhook_event.cancelled). */
export const cancelWebhookEvent = Effect.fn("payments.webhookEvents.cancel")((admin: Principal, id: string) => resolveEvent(admin, id, "cancel"))

/**
 * Re-dispatches a row (any state but CANCELLED; emits webhook_event.replayed). Processors are
 * idempotent, so replaying a PROCESSED event changes nothing but the attempt counters.
 */
export const replayWebhookEvent = Effect.fn("payments.webhookEvents.replay")(function*(admin: Principal, id: string) {
  const current = yield* findEvent(id)
  const check = moveWebhookEvent(current.status, "replay")
  if (Either.isLeft(check)) return yield* check.left
  const claimed = yield* Effect.flatMap(WebhookEventRepo, (r) =>
    r.claim(id, webhookEventSources("replay"), { replay: true, leaseSeconds: DispatchLeaseSeconds }))
  if (Option.isNone(claimed)) {
    const now = yield* findEvent(id)
    return yield* (now.status === "CANCELLED" ? new WebhookEventStateConflict({ status: now.status, action: "replay" }) : new WebhookEventBusy({ id }))
  }
  const done = yield* dispatch(claimed.value)
  yield* audit(admin, "webhook_event.replayed", done, { from: current.status, to: done.status, lastError: done.lastError })
  return done
})
