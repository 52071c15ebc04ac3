/**
 * The payment webhook inbox (B "Payments", states.tsv "Payment webhook event log row"): every
 * signed gateway webhook is stored FIRST (deduplicated by the provider's event id, so a gateway
 * retry or a replayed delivery is harmless), then dispatched to the processors registered for its
 * event type. The state machine is data: `WebhookEventMoves` lists every legal move.
 *
 *   RECEIVED     stored; no processor has succeeded yet (none registered for the type, or never run)
 *   PROCESSED    every matching processor succeeded (processors are idempotent)
 *   FAILED       a processor failed; `lastError` says why; replay retries it
 *   ACKNOWLEDGED an admin looked at a RECEIVED/FAILED row and accepted it as handled
 *   CANCELLED    an admin cancelled a poisoned row; it is never dispatched again
 *
 * Decisions where the spec is silent: acknowledge and cancel apply to RECEIVED or FAILED rows only
 * (a PROCESSED row has nothing to acknowledge, a CANCELLED one is final); replay re-dispatches any
 * row but a CANCELLED one, and a replay of a PROCESSED row leaves it PROCESSED whatever happens.
 */
import { DomainError, WebhookEvent, type WebhookEventStatus } from "@podium/kernel"
import { Either, Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { WebhookEventStatuses, WebhookEvent, type WebhookEventStatus } from "@podium/kernel"

export const WebhookEventActions = ["process", "fail", "acknowledge", "cancel", "replay"] as const
export type WebhookEventAction = (typeof WebhookEventActions)[number]

/** Every legal move: from, action, to (`replay` lists the states it may start from; its outcome is process/fail). */
export const WebhookEventMoves: ReadonlyArray<{
  readonly from: WebhookEventStatus
  readonly action: WebhookEventAction
  readonly to: WebhookEventStatus
}> = [
  { from: "RECEIVED", action: "process", to: "PROCESSED" },
  { from: "RECEIVED", action: "fail", to: "FAILED" },
  { from: "FAILED", action: "process", to: "PROCESSED" },
  { from: "FAILED", action: "fail", to: "FAILED" },
  { from: "ACKNOWLEDGED", action: "process", to: "PROCESSED" },
  { from: "ACKNOWLEDGED", action: "fail", to: "FAILED" },
  // A processed event stays processed: processors are idempotent, a replay changes nothing.
  { from: "PROCESSED", action: "process", to: "PROCESSED" },
  { from: "PROCESSED", action: "fail", to: "PROCESSED" },
  { from: "RECEIVED", action: "acknowledge", to: "ACKNOWLEDGED" },
  { from: "FAILED", action: "acknowledge", to: "ACKNOWLEDGED" },
  { from: "RECEIVED", action: "cancel", to: "CANCELLED" },
  { from: "FAILED", action: "cancel", to: "CANCELLED" },
  { from: "RECEIVED", action: "replay", to: "RECEIVED" },
  { from: "FAILED", action: "replay", to: "FAILED" },
  { from: "ACKNOWLEDGED", action: "replay", to: "ACKNOWLEDGED" },
  { from: "PROCESSED", action: "replay", to: "PROCESSED" }
]

/** The states `action` may start from. */
export const webhookEventSources = (action: WebhookEventAction): ReadonlyArray<WebhookEventStatus> =>
  WebhookEventMoves.filter((m) => m.action === action).map((m) => m.from)

/** The signature is missing or does not match the raw body (401). Nothing is stored. */
export class WebhookSignatureInvalid extends DomainError<WebhookSignatureInvalid>()("WebhookSignatureInvalid", { kind: "unauthorized" }, {
  provider: Schema.String,
  reason: Schema.Literal("missing", "mismatch", "unknown_provider")
}) {
  override get message() {
    return this.reason === "missing" ? "Webhook signature required" : "Webhook signature invalid"
  }
}

/** The signed body is not a webhook we understand (not JSON, no event type or id): 400. */
export class WebhookPayloadInvalid extends DomainError<WebhookPayloadInvalid>()("WebhookPayloadInvalid", { kind: "invalid", message: (e) => e.messages.join("; ") }, {
  messages: Schema.Array(Schema.String)
}) {}

export class WebhookEventNotFound extends DomainError<WebhookEventNotFound>()("WebhookEventNotFound", { kind: "not-found", code: "WEBHOOK_EVENT_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Webhook event not found"
  }
}

/** The row is not in a state the action may leave (409 WEBHOOK_EVENT_STATE_CONFLICT). */
export class WebhookEventStateConflict extends DomainError<WebhookEventStateConflict>()("WebhookEventStateConflict", { kind: "conflict", code: "WEBHOOK_EVENT_STATE_CONFLICT" }, {
  status: Schema.String,
  action: Schema.String
}) {
  override get message() {
    return `A webhook event that is ${this.status} cannot be ${
      this.action === "acknowledge" ? "acknowledged" : this.action === "cancel" ? "cancelled" : "replayed"
    }`
  }
}

/** Another dispatch of the row is running (409 WEBHOOK_EVENT_IN_PROGRESS); try again in a minute. */
export class WebhookEventBusy extends DomainError<WebhookEventBusy>()("WebhookEventBusy", { kind: "conflict", code: "WEBHOOK_EVENT_IN_PROGRESS" }, {
  id: Schema.String
}) {
  override get message() {
    return "The webhook event is being processed; try again shortly"
  }
}

/** The status after `action`, or the conflict when the machine has no such move. */
export const moveWebhookEvent = (
  status: WebhookEventStatus,
  action: WebhookEventAction
): Either.Either<WebhookEventStatus, WebhookEventStateConflict> => {
  const move = WebhookEventMoves.find((m) => m.from === status && m.action === action)
  return move === undefined ? Either.left(new WebhookEventStateConflict({ status, action })) : Either.right(move.to)
}

/** What the dispatcher understands of a gateway webhook body (Razorpay's event envelope). */
export interface PaymentEvent {
  /** The inbox row. */
  readonly inboxId: string
  readonly provider: string
  readonly eventId: string
  readonly eventType: string
  readonly payload: unknown
  /** `payload.payment.entity`, when present. */
  readonly payment: GatewayPaymentEntity | null
  /** `payload.order.entity`, when present. */
  readonly order: { readonly id: string; readonly amount: number; readonly currency: string; readonly status: string } | null
  /** The order's/payment's notes (string values only). */
  readonly notes: Readonly<Record<string, string>>
  /** `notes.purpose` (e.g. "club_tier"), which processors match on. */
  readonly purpose: string | null
}

export interface GatewayPaymentEntity {
  readonly id: string
  readonly orderId: string | null
  readonly amount: number
  readonly currency: string
  readonly status: string
  readonly method: string | null
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const stringNotes = (u: unknown): Record<string, string> => {
  if (!isRecord(u)) return {}
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(u)) if (typeof v === "string") out[k] = v
  return out
}

/**
 * Parses a webhook body in the Razorpay event envelope (`{entity: "event", event, payload:
 * {payment: {entity}, order: {entity}}, created_at}`): the event type, the id to deduplicate by
 * (the header id when the provider sends one; else the body's `id`; else `<event>:<entity id>`,
 * which is stable across the gateway's redeliveries of the same fact).
 */
export const parseWebhookBody = (
  rawBody: string,
  headerEventId: string | undefined
): Either.Either<{ readonly eventId: string; readonly eventType: string; readonly payload: unknown; readonly entityId: string | null }, WebhookPayloadInvalid> => {
  let payload: unknown
  try {
    payload = JSON.parse(rawBody)
  } catch {
    return Either.left(new WebhookPayloadInvalid({ messages: ["body must be JSON"] }))
  }
  if (!isRecord(payload)) return Either.left(new WebhookPayloadInvalid({ messages: ["body must be a JSON object"] }))
  const eventType = payload.event
  if (typeof eventType !== "string" || !/^[a-z_]+(\.[a-z_]+)+$/.test(eventType)) {
    return Either.left(new WebhookPayloadInvalid({ messages: ["event must be a dotted event type such as payment.captured"] }))
  }
  const inner = isRecord(payload.payload) ? payload.payload : {}
  const entityOf = (key: string) => {
    const holder = inner[key]
    return isRecord(holder) && isRecord(holder.entity) ? holder.entity : null
  }
  const first = entityOf(eventType.split(".")[0]!) ?? entityOf("payment") ?? entityOf("order")
  const entityId = first !== null && typeof first.id === "string" ? first.id : null
  const header = headerEventId?.trim()
  const eventId = header !== undefined && header !== ""
    ? header
    : typeof payload.id === "string" && payload.id !== ""
    ? payload.id
    : entityId !== null
    ? `${eventType}:${entityId}`
    : null
  if (eventId === null || eventId.length > 200) {
    return Either.left(new WebhookPayloadInvalid({ messages: ["event id missing (x-razorpay-event-id header, id, or an entity id)"] }))
  }
  return Either.right({ eventId, eventType, payload, entityId })
}

/** The dispatcher's view of a stored row. */
export const toPaymentEvent = (row: WebhookEvent): PaymentEvent => {
  const payload = row.payload
  const inner = isRecord(payload) && isRecord(payload.payload) ? payload.payload : {}
  const entityOf = (key: string) => {
    const holder = inner[key]
    return isRecord(holder) && isRecord(holder.entity) ? holder.entity : null
  }
  const p = entityOf("payment")
  const o = entityOf("order")
  const payment: GatewayPaymentEntity | null = p !== null && typeof p.id === "string"
    ? {
      id: p.id,
      orderId: typeof p.order_id === "string" ? p.order_id : null,
      amount: typeof p.amount === "number" ? p.amount : 0,
      currency: typeof p.currency === "string" ? p.currency : "",
      status: typeof p.status === "string" ? p.status : "",
      method: typeof p.method === "string" ? p.method : null
    }
    : null
  const order = o !== null && typeof o.id === "string"
    ? {
      id: o.id,
      amount: typeof o.amount === "number" ? o.amount : 0,
      currency: typeof o.currency === "string" ? o.currency : "",
      status: typeof o.status === "string" ? o.status : ""
    }
    : null
  const notes = { ...stringNotes(o?.notes), ...stringNotes(p?.notes) }
  return {
    inboxId: row.id,
    provider: row.provider,
    eventId: row.eventId,
    eventType: row.eventType,
    payload,
    payment,
    order,
    notes,
    purpose: notes.purpose ?? null
  }
}
