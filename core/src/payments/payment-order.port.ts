/** Gateway orders and their payments (Postgres adapter in @podium/postgres, memory twin in @podium/core/testing). */
import { Context, type Effect, type Option } from "effect"
import type { PaymentOrder, PaymentOrderStatus, PaymentRecord, PaymentStatus } from "./payment-order.model.js"

export interface NewPaymentOrder {
  readonly provider: string
  readonly gatewayOrderId: string
  readonly purpose: string
  readonly ownerRef: string
  readonly amount: number
  readonly currency: string
  readonly receipt: string
  readonly notes: Readonly<Record<string, string>>
  readonly createdBy: string | null
}

export interface PaymentUpsert {
  readonly provider: string
  readonly gatewayOrderId: string
  readonly gatewayPaymentId: string
  readonly amount: number
  readonly currency: string
  readonly status: PaymentStatus
  readonly method: string | null
  readonly source: string
}

export interface PaymentOrderQuery {
  readonly status?: PaymentOrderStatus | undefined
  readonly purpose?: string | undefined
  readonly provider?: string | undefined
  readonly ownerRef?: string | undefined
  readonly page: number
  readonly limit: number
}

export class PaymentOrderRepo extends Context.Tag("@podium/core/payments/PaymentOrderRepo")<PaymentOrderRepo, {
  readonly create: (input: NewPaymentOrder) => Effect.Effect<PaymentOrder>
  readonly findByGatewayOrderId: (provider: string, gatewayOrderId: string) => Effect.Effect<Option.Option<PaymentOrder>>
  /** Newest first, each with its payments. */
  readonly list: (query: PaymentOrderQuery) => Effect.Effect<{ readonly items: ReadonlyArray<PaymentOrder>; readonly total: number }>
  /**
   * Records a payment of a known order: inserts it, or moves its status forward only
   * (`paymentStatusAdvances`, under a row lock); a captured payment marks the order PAID and an
   * attempt marks it ATTEMPTED. None when the order is unknown. `changed` is false for a no-op.
   */
  readonly upsertPayment: (input: PaymentUpsert) => Effect.Effect<Option.Option<{ readonly payment: PaymentRecord; readonly changed: boolean }>>
}>() {}
