/**
 * Helpers of the registrations tests: a published event with one slot and one ticket seeded through
 * the events repositories (the events routes are built on their own branch), athletes, bookings
 * through HTTP and payments through the local gateway simulator.
 */
import { Events, Payments } from "@podium/core"
import { LocalGatewayControl } from "@podium/providers"
import { Context, Effect } from "effect"
import { newAthlete } from "../organizers/support.js"
import type { RealHost } from "../support/real-host.js"

export { newAthlete }

export interface SeededEvent {
  readonly eventId: string
  readonly slotId: string
  readonly ticketId: string
}

/** A published event of `organizerId` starting in `startsInMs` (default 1 h: check-in is open), one slot, one ticket. */
export const seedEvent = (host: RealHost, organizerId: string, options: {
  readonly price?: number
  readonly capacity?: number
  readonly slotCapacity?: number
  readonly startsInMs?: number
} = {}): Promise<SeededEvent> =>
  host.run(Effect.gen(function*() {
    const events = yield* Events.EventRepo
    const inventory = yield* Events.EventInventoryRepo
    const startsAt = new Date(Date.now() + (options.startsInMs ?? 3_600_000))
    const event = yield* events.create({
      organizerId,
      title: `City Run ${Math.random().toString(36).slice(2, 8)}`,
      description: null,
      sport: "running",
      city: "Pune",
      country: "IN",
      venue: null,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
      timezone: "Asia/Kolkata",
      visibility: "public",
      isTest: false,
      categoryId: null
    })
    yield* events.move(event.id, "submit for approval", { submittedAt: new Date() }).pipe(Effect.orDie)
    yield* events.move(event.id, "approve", { publishedAt: new Date() }).pipe(Effect.orDie)
    const slot = yield* inventory.createSlot({ eventId: event.id, name: "Wave A", startsAt, capacity: options.slotCapacity ?? options.capacity ?? 100 })
    const ticket = yield* inventory.createTicket({
      eventId: event.id,
      slotId: slot.id,
      name: "10K",
      description: null,
      price: options.price ?? 0,
      currency: "INR",
      capacity: options.capacity ?? 100,
      salesStartAt: null,
      salesEndAt: null
    })
    return { eventId: event.id, slotId: slot.id, ticketId: ticket.id }
  }))

/** A second ticket on the event's slot (the slot's capacity bounds both). */
export const addTicket = (host: RealHost, event: SeededEvent, capacity: number, price = 0) =>
  host.run(Effect.flatMap(Events.EventInventoryRepo, (r) =>
    r.createTicket({ eventId: event.eventId, slotId: event.slotId, name: "5K", description: null, price, currency: "INR", capacity, salesStartAt: null, salesEndAt: null })))

/** The ticket as stored (its `sold`). */
export const ticketOf = (host: RealHost, event: SeededEvent, ticketId = event.ticketId) =>
  host.run(Effect.map(Effect.flatMap(Events.EventInventoryRepo, (r) => r.findTicket(event.eventId, ticketId)), (t) => t.pipe((o) => (o._tag === "Some" ? o.value : undefined))))

let people = 0
export const person = (over: Record<string, unknown> = {}) => ({
  firstName: "Asha",
  lastName: `Runner${people++}`,
  email: `asha${people}@example.com`,
  ...over
})

/** Books through HTTP and answers the raw answer. */
export const bookAs = (host: RealHost, headers: Record<string, string>, event: SeededEvent, participants = [person()], ticketId = event.ticketId) =>
  host.http.post("/v2/event-participations", { eventId: event.eventId, ticketId, participants }, headers)

/** Pays a gateway order on the local simulator and ingests its signed `payment.captured` webhook. */
export const payAndDeliver = async (host: RealHost, orderId: string) => {
  const control = Context.get(host.context, LocalGatewayControl)
  const paid = await Effect.runPromise(control.pay(orderId))
  const hook = await Effect.runPromise(control.webhook("payment.captured", paid.paymentId))
  const ingest = () => host.run(Payments.ingestGatewayWebhook("local", hook.rawBody, hook.signature, hook.eventId))
  return { paymentId: paid.paymentId, ingest }
}
