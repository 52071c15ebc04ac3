/** Refunds in memory: the Postgres adapter's visible behaviour (unique source, leases, conditional moves). */
import type { MoveRefused, Refund } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { RefundInFlight, RefundMoves, RefundNotFound } from "../payments/refund.model.js"
import { RefundRepo } from "../payments/refund.port.js"

export const makeRefundRepoMemory = () => {
  const rows = new Map<string, Refund & { lockedUntil: number | null }>()
  const visible = ({ lockedUntil: _, ...r }: Refund & { lockedUntil: number | null }): Refund => r
  const free = (r: { lockedUntil: number | null }, now: number) => r.lockedUntil === null || r.lockedUntil < now
  return RefundRepo.of({
    request: (input) =>
      Effect.sync(() => {
        const existing = [...rows.values()].find((r) => r.sourceKind === input.sourceKind && r.sourceId === input.sourceId)
        if (existing !== undefined) return { refund: visible(existing), created: false }
        const now = new Date()
        const row = {
          id: crypto.randomUUID(),
          ...input,
          gatewayRefundId: null,
          status: "PENDING" as const,
          attempts: 0,
          lastError: null,
          resolvedBy: null,
          resolutionNote: null,
          refundedAt: null,
          createdAt: now,
          updatedAt: now,
          lockedUntil: null
        }
        rows.set(row.id, row)
        return { refund: visible(row), created: true }
      }),
    find: (id) => Effect.sync(() => Option.map(Option.fromNullable(rows.get(id)), visible)),
    findBySource: (kind, sourceId) =>
      Effect.sync(() => Option.map(Option.fromNullable([...rows.values()].find((r) => r.sourceKind === kind && r.sourceId === sourceId)), visible)),
    list: (q) =>
      Effect.sync(() => {
        const all = [...rows.values()]
          .filter((r) =>
            (q.status === undefined || r.status === q.status) && (q.sourceKind === undefined || r.sourceKind === q.sourceKind) &&
            (q.eventId === undefined || r.eventId === q.eventId) && (q.userId === undefined || r.userId === q.userId)
          )
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        return { items: all.slice((q.page - 1) * q.limit, q.page * q.limit).map(visible), total: all.length }
      }),
    lease: (status, leaseSeconds, limit) =>
      Effect.sync(() => {
        const now = Date.now()
        const due = [...rows.values()]
          .filter((r) => r.status === status && free(r, now))
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .slice(0, limit)
        return due.map((r) => {
          const leased = { ...r, attempts: r.attempts + (status === "PENDING" ? 1 : 0), lockedUntil: now + leaseSeconds * 1000, updatedAt: new Date() }
          rows.set(r.id, leased)
          return visible(leased)
        })
      }),
    release: (id, lastError) =>
      Effect.sync(() => {
        const r = rows.get(id)
        if (r !== undefined) rows.set(id, { ...r, lockedUntil: null, lastError, updatedAt: new Date() })
      }),
    move: (id, move, fields, options) =>
      Effect.suspend((): Effect.Effect<Refund, MoveRefused | RefundNotFound | RefundInFlight> => {
        const r = rows.get(id)
        if (r === undefined) return Effect.fail(new RefundNotFound({ id }))
        const to = RefundMoves.transition(r.status, move)
        if (Either.isLeft(to)) return Effect.fail(to.left)
        if (options?.unleasedOnly === true && !free(r, Date.now())) return Effect.fail(new RefundInFlight({ id }))
        const now = new Date()
        const next = {
          ...r,
          status: to.right,
          lockedUntil: null,
          updatedAt: now,
          ...(fields.gatewayRefundId === undefined ? {} : { gatewayRefundId: fields.gatewayRefundId }),
          ...(fields.lastError === undefined ? {} : { lastError: fields.lastError }),
          ...(fields.resolvedBy === undefined ? {} : { resolvedBy: fields.resolvedBy }),
          ...(fields.resolutionNote === undefined ? {} : { resolutionNote: fields.resolutionNote }),
          ...(to.right === "REFUNDED" || to.right === "MANUALLY_REFUNDED" ? { refundedAt: now } : {})
        }
        rows.set(id, next)
        return Effect.succeed(visible(next))
      })
  })
}

export const RefundRepoMemory = Layer.sync(RefundRepo, makeRefundRepoMemory)
