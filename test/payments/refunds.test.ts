/**
 * Refunds through the real host: an organizer's event cancel refunds each paid booking once
 * (payments.refunds), cancels free and unpaid ones and releases their seats — two processing runs
 * at once and a run after the last one change nothing more; the refunds job sends refunds to the
 * local gateway with the refund id as idempotency key, retries a 503 and fails a refusal; an
 * organizer's cancel of a paid booking and a payment captured after its hold lapsed request their
 * refunds; admin routes (#500-502) with 401/403/400/404/409 and racing moves; finance truth
 * (#1120-1121) for the payer, the organizer's OWNER/ADMIN and payments admins, 404 for others.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Events, Payments, Platform, Registrations } from "@podium/core"
import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { newAdmin, newAthlete, seedOrganizer } from "../organizers/support.js"
import { addTicket, bookAs, payAndDeliver, seedEvent, type SeededEvent, ticketOf } from "../registrations/support.js"
import { useRealHost } from "../support/real-host.js"
import { adminWith, control } from "./support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

const Price = 49_900

/** A confirmed booking paid on the local gateway (webhook ingested). */
const paidBooking = async (event: SeededEvent, headers: Record<string, string>) => {
  const booked = (await bookAs(host(), headers, event)).body.data
  const { paymentId, ingest } = await payAndDeliver(host(), booked.payment.orderId)
  await ingest()
  return { id: booked.id as string, paymentId }
}

const refundOf = async (participationId: string) =>
  Option.getOrUndefined(await host().run(Effect.flatMap(Payments.RefundRepo, (r) => r.findBySource("booking", participationId))))
const bookingStatus = async (id: string) => Option.getOrThrow(await host().run(Effect.flatMap(Registrations.ParticipationRepo, (r) => r.find(id)))).participation.status
const processCancellations = () => host().run(Registrations.processEventCancellations())
const runRefunds = () => host().run(Payments.runRefunds())

/** Leaves no refund of earlier tests PENDING, so the gateway failures a test injects hit its own refund. */
const drainPending = async () => {
  await sql((s) => s`update payments.refunds set status = 'CANCELLED' where status = 'PENDING'`)
}

describe("event cancellation refund cascade", () => {
  it("refunds each paid booking once, cancels free and unpaid ones, releases seats; racing and repeated runs change nothing more", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: Price, capacity: 10 })
    const free = await addTicket(host(), event, 5, 0)
    const payer = await newAthlete(host())
    const paid = await paidBooking(event, payer.headers)
    const freeBooking = (await bookAs(host(), (await newAthlete(host())).headers, event, undefined, free.id)).body.data
    const unpaid = (await bookAs(host(), (await newAthlete(host())).headers, event)).body.data
    expect(await bookingStatus(paid.id)).toBe("CONFIRMED")
    expect(freeBooking.status).toBe("CONFIRMED")
    expect(unpaid.status).toBe("PENDING")

    const cancelled = await host().http.post(`/v2/events/${event.eventId}/cancel`, { reason: "Heavy rain forecast" }, org.owner.headers)
    expect(cancelled.status).toBe(200)
    const runs = await Promise.all([processCancellations(), processCancellations()])
    expect(runs.reduce((n, r) => n + r.refundsRequested, 0)).toBe(1)
    expect(runs.reduce((n, r) => n + r.cancelled, 0)).toBe(3)

    const refund = (await refundOf(paid.id))!
    expect(refund).toMatchObject({ sourceKind: "booking", status: "PENDING", amount: Price, currency: "INR", userId: payer.user.id, eventId: event.eventId, gatewayPaymentId: paid.paymentId, reason: "event cancelled: Heavy rain forecast" })
    expect(await refundOf(freeBooking.id)).toBeUndefined()
    expect(await refundOf(unpaid.id)).toBeUndefined()
    for (const id of [paid.id, freeBooking.id, unpaid.id]) expect(await bookingStatus(id)).toBe("CANCELLED")
    expect((await ticketOf(host(), event))!.sold).toBe(0)
    expect((await ticketOf(host(), event, free.id))!.sold).toBe(0)
    expect(await host().run(Effect.flatMap(Events.EventRepo, (r) => r.pendingCancellations(event.eventId)))).toEqual([])
    expect((await processCancellations()).cancelled).toBe(0)
    const all = await sql((s) => s`select count(*)::int as n from payments.refunds where event_id = ${event.eventId}`)
    expect((all as ReadonlyArray<{ n: number }>)[0]!.n).toBe(1)

    // The refunds job: the gateway accepts (PROCESSING), then reports it processed (REFUNDED); once at the gateway.
    await runRefunds()
    const submitted = (await refundOf(paid.id))!
    expect(submitted.status).toBe("PROCESSING")
    const atGateway = control(host()).refunds().filter((r) => r.receipt === refund.id)
    expect(atGateway).toHaveLength(1)
    expect(atGateway[0]).toMatchObject({ paymentId: paid.paymentId, amount: Price, id: submitted.gatewayRefundId })
    await Effect.runPromise(control(host()).settleRefund(submitted.gatewayRefundId!, "processed"))
    await runRefunds()
    await runRefunds()
    expect(await refundOf(paid.id)).toMatchObject({ status: "REFUNDED" })
    expect((await refundOf(paid.id))!.refundedAt).not.toBeNull()
    expect(control(host()).refunds().filter((r) => r.receipt === refund.id)).toHaveLength(1)
  })

  it("an organizer's cancel of a paid booking requests its refund; a 503 leaves it PENDING for the next run, a refusal fails it", async () => {
    await drainPending()
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: Price })
    const athlete = await newAthlete(host())
    const a = await paidBooking(event, athlete.headers)
    const cancel = await host().http.post(`/v2/organizers/events/${event.eventId}/bookings/${a.id}/cancel`, { reason: "Duplicate entry" }, org.owner.headers)
    expect(cancel.status).toBe(200)
    expect(await refundOf(a.id)).toMatchObject({ status: "PENDING", amount: Price, requestedBy: `organizer:${org.owner.memberId}` })
    await Effect.runPromise(control(host()).failNext("unavailable"))
    await runRefunds()
    expect(await refundOf(a.id)).toMatchObject({ status: "PENDING", attempts: 1, lastError: "Payment gateway unavailable (simulated)" })
    await runRefunds()
    expect(await refundOf(a.id)).toMatchObject({ status: "PROCESSING", attempts: 2, lastError: null })

    const b = await paidBooking(event, athlete.headers)
    await host().http.post(`/v2/organizers/events/${event.eventId}/bookings/${b.id}/cancel`, {}, org.owner.headers)
    await Effect.runPromise(control(host()).failNext("rejected"))
    await runRefunds()
    expect(await refundOf(b.id)).toMatchObject({ status: "FAILED", lastError: "Refund refused (simulated)" })
  })

  it("runs as the worker's jobs: registrations.cancellations.process, then payments.refunds.run on the host's gateway", async () => {
    await drainPending()
    const runJob = (name: string) =>
      host().run(Effect.flatMap(Platform.JobHandlers, (handlers) => handlers.get(name)!(null)).pipe(
        Effect.provideService(Platform.CurrentJob, { job: {} as never, reportProgress: () => Effect.void }),
        Effect.orDie
      ))
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: Price })
    const paid = await paidBooking(event, (await newAthlete(host())).headers)
    await host().http.post(`/v2/events/${event.eventId}/cancel`, { reason: "Flooded course" }, org.owner.headers)
    await runJob("registrations.cancellations.process")
    expect(await bookingStatus(paid.id)).toBe("CANCELLED")
    const refund = (await refundOf(paid.id))!
    expect(refund.status).toBe("PENDING")
    await runJob("payments.refunds.run")
    expect(await refundOf(paid.id)).toMatchObject({ status: "PROCESSING" })
    expect(control(host()).refunds().filter((r) => r.receipt === refund.id)).toHaveLength(1)
  })

  it("a payment captured after its hold lapsed is refunded", async () => {
    await drainPending()
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: Price })
    const athlete = await newAthlete(host())
    const held = (await bookAs(host(), athlete.headers, event)).body.data
    await sql((s) => s`update registrations.participations set hold_expires_at = now() - interval '1 minute' where id = ${held.id}`)
    await host().run(Registrations.expireLapsedHolds(new Date()))
    const { paymentId, ingest } = await payAndDeliver(host(), held.payment.orderId)
    await ingest()
    expect(await refundOf(held.id)).toMatchObject({ status: "PENDING", gatewayPaymentId: paymentId, amount: Price, reason: "payment captured after the booking was EXPIRED" })
  })
})

describe("admin refunds", () => {
  const failedRefund = async () => {
    await drainPending()
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: Price })
    const booking = await paidBooking(event, (await newAthlete(host())).headers)
    await host().http.post(`/v2/organizers/events/${event.eventId}/bookings/${booking.id}/cancel`, {}, org.owner.headers)
    return { event, refund: (await refundOf(booking.id))!, bookingId: booking.id }
  }

  it("needs a signed-in admin with payments.manage", async () => {
    const { refund } = await failedRefund()
    const plain = await newAdmin(host())
    const athlete = await newAthlete(host())
    expect((await host().http.get("/v2/admin/refunds")).status).toBe(401)
    expect((await host().http.get("/v2/admin/refunds", plain.headers)).status).toBe(403)
    expect((await host().http.get("/v2/admin/refunds", athlete.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/admin/refunds/${refund.id}/cancel`, {}, plain.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/admin/refunds/${refund.id}/mark-manual-refunded`, { note: "NEFT UTR 1234" }, plain.headers)).status).toBe(403)
  })

  it("lists with filters, cancels a PENDING refund once (racing cancels: one 200, one 409), and answers 400 and 404", async () => {
    const { event, refund } = await failedRefund()
    const admin = await adminWith(host(), ["payments.manage"])
    const list = await host().http.get(`/v2/admin/refunds?eventId=${event.eventId}&status=PENDING`, admin.headers)
    expect(list.status).toBe(200)
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 20 })
    expect(list.body.data.items[0]).toMatchObject({ id: refund.id, status: "PENDING", sourceKind: "booking" })
    expect((await host().http.get("/v2/admin/refunds?status=nope", admin.headers)).body.message).toEqual([
      "status must be one of the following values: PENDING, PROCESSING, REFUNDED, FAILED, CANCELLED, MANUALLY_REFUNDED"
    ])
    expect((await host().http.post(`/v2/admin/refunds/${refund.id}/cancel`, { reason: "x" }, admin.headers)).status).toBe(400)
    const [a, b] = await Promise.all([
      host().http.post(`/v2/admin/refunds/${refund.id}/cancel`, { reason: "Athlete chose a credit" }, admin.headers),
      host().http.post(`/v2/admin/refunds/${refund.id}/cancel`, { reason: "Athlete chose a credit" }, admin.headers)
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect((a.status === 409 ? a : b).body.code).toBe("REFUND_STATUS_CONFLICT")
    expect((a.status === 200 ? a : b).body.data).toMatchObject({ status: "CANCELLED", resolutionNote: "Athlete chose a credit", resolvedBy: `admin:${admin.admin.id}` })
    expect((await host().http.post(`/v2/admin/refunds/${refund.id}/mark-manual-refunded`, { note: "NEFT UTR 1234" }, admin.headers)).body.code).toBe("REFUND_STATUS_CONFLICT")
    expect((await host().http.post(`/v2/admin/refunds/${crypto.randomUUID()}/cancel`, {}, admin.headers)).status).toBe(404)
    expect((await host().http.post(`/v2/admin/refunds/not-an-id/cancel`, {}, admin.headers)).status).toBe(404)
  })

  it("marks a FAILED refund manually refunded with a note; never one the job is sending (409 REFUND_IN_FLIGHT) or in flight at the gateway", async () => {
    const { refund } = await failedRefund()
    const admin = await adminWith(host(), ["payments.manage"])
    // The job holds the row: admins wait.
    const leased = await host().run(Effect.flatMap(Payments.RefundRepo, (r) => r.lease("PENDING", 60, 50)))
    expect(leased.map((r) => r.id)).toContain(refund.id)
    const inFlight = await host().http.post(`/v2/admin/refunds/${refund.id}/cancel`, {}, admin.headers)
    expect(inFlight.status).toBe(409)
    expect(inFlight.body.code).toBe("REFUND_IN_FLIGHT")
    await host().run(Effect.flatMap(Payments.RefundRepo, (r) => r.move(refund.id, "fail", { lastError: "refused" })))
    const missingNote = await host().http.post(`/v2/admin/refunds/${refund.id}/mark-manual-refunded`, {}, admin.headers)
    expect(missingNote.status).toBe(400)
    expect(missingNote.body.message).toEqual(["note must be longer than or equal to 3 and shorter than or equal to 500 characters"])
    const done = await host().http.post(`/v2/admin/refunds/${refund.id}/mark-manual-refunded`, { note: "NEFT UTR 1234" }, admin.headers)
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ status: "MANUALLY_REFUNDED", resolutionNote: "NEFT UTR 1234" })
    expect(done.body.data.refundedAt).not.toBeNull()
  })
})

describe("finance truth", () => {
  it("reconciles a booking's money for the payer, the organizer's OWNER/ADMIN and payments admins; 404 for everyone else", async () => {
    await drainPending()
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: Price })
    const payer = await newAthlete(host())
    const booking = await paidBooking(event, payer.headers)
    const path = `/v2/events/finance-truth/participation/${booking.id}`
    expect((await host().http.get(path)).status).toBe(401)
    const mine = await host().http.get(path, payer.headers)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({ participationId: booking.id, charged: Price, paid: Price, refunded: 0, net: Price, position: "PAID", discrepancies: [], refunds: [] })
    expect(mine.body.data.payments).toEqual([expect.objectContaining({ gatewayPaymentId: booking.paymentId, status: "captured", amount: Price })])
    expect((await host().http.get(path, org.owner.headers)).status).toBe(200)
    expect((await host().http.get(path, org.admin.headers)).status).toBe(200)
    expect((await host().http.get(path, org.viewer.headers)).status).toBe(404)
    expect((await host().http.get(path, (await newAthlete(host())).headers)).status).toBe(404)
    expect((await host().http.get(path, (await seedOrganizer(host(), "Other")).owner.headers)).status).toBe(404)
    expect((await host().http.get(path, (await newAdmin(host())).headers)).status).toBe(404)
    const admin = await adminWith(host(), ["payments.manage"])
    expect((await host().http.get(path, admin.headers)).status).toBe(200)
    expect((await host().http.get(`/v2/events/finance-truth/participation/${crypto.randomUUID()}`, admin.headers)).status).toBe(404)
    expect((await host().http.get("/v2/events/finance-truth/participation/not-an-id", admin.headers)).status).toBe(404)
    expect((await host().http.get("/v2/events/finance-truth/reward-pool/not-an-id", admin.headers)).status).toBe(404)

    await host().http.post(`/v2/organizers/events/${event.eventId}/bookings/${booking.id}/cancel`, {}, org.owner.headers)
    expect((await host().http.get(path, payer.headers)).body.data).toMatchObject({ position: "REFUND_PENDING", refundInFlight: Price, net: Price })
    await runRefunds()
    const refund = (await refundOf(booking.id))!
    await Effect.runPromise(control(host()).settleRefund(refund.gatewayRefundId!, "processed"))
    await runRefunds()
    expect((await host().http.get(path, payer.headers)).body.data).toMatchObject({ position: "REFUNDED", refunded: Price, refundInFlight: 0, net: 0, discrepancies: [] })

    const refundPath = `/v2/events/finance-truth/refund/${refund.id}`
    expect((await host().http.get(refundPath)).status).toBe(401)
    const view = await host().http.get(refundPath, payer.headers)
    expect(view.status).toBe(200)
    expect(view.body.data.refund).toMatchObject({ id: refund.id, status: "REFUNDED" })
    expect(view.body.data.participation).toMatchObject({ participationId: booking.id, position: "REFUNDED" })
    expect((await host().http.get(refundPath, org.owner.headers)).status).toBe(200)
    expect((await host().http.get(refundPath, admin.headers)).status).toBe(200)
    expect((await host().http.get(refundPath, (await newAthlete(host())).headers)).status).toBe(404)
    expect((await host().http.get(`/v2/events/finance-truth/refund/${crypto.randomUUID()}`, payer.headers)).status).toBe(404)
    expect((await host().http.get("/v2/events/finance-truth/refund/not-an-id", payer.headers)).status).toBe(404)
  })

  it("flags a cancelled booking that holds a captured payment without a refund", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: Price })
    const payer = await newAthlete(host())
    const booking = await paidBooking(event, payer.headers)
    // A cancel that bypassed the refund (data repaired by hand, an old release): the view says so.
    await host().run(Effect.flatMap(Registrations.ParticipationRepo, (r) => r.move(booking.id, "cancel", { at: new Date(), timeline: { action: "cancelled", actor: "test" } })))
    const view = await host().http.get(`/v2/events/finance-truth/participation/${booking.id}`, payer.headers)
    expect(view.body.data).toMatchObject({ bookingStatus: "CANCELLED", position: "PAID", net: Price })
    expect(view.body.data.discrepancies).toEqual(["cancelled booking holds a captured payment and no refund was requested"])
  })
})
