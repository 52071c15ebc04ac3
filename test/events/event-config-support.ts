/** Helpers of the event configuration tests: events (and their slots and tickets) seeded through the repositories for a seeded organizer. */
import { Events } from "@podium/core"
import { Effect } from "effect"
import type { RealHost } from "../support/real-host.js"

/** A draft event of `organizerId`, starting in 30 days (Asia/Kolkata). */
export const seedEvent = (host: RealHost, organizerId: string, title = "City Marathon") => {
  const startsAt = new Date(Date.now() + 30 * 86_400_000)
  return host.run(Effect.flatMap(Events.EventRepo, (r) =>
    r.create({
      organizerId,
      title,
      description: null,
      sport: "running",
      city: "Pune",
      country: "IN",
      venue: "Shaniwar Wada",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * 3_600_000),
      timezone: "Asia/Kolkata",
      visibility: "public",
      isTest: false,
      categoryId: null
    })))
}

/** A slot with two tickets of the event. */
export const seedTickets = async (host: RealHost, eventId: string) => {
  const slot = await host.run(Effect.flatMap(Events.EventInventoryRepo, (r) =>
    r.createSlot({ eventId, name: "Wave A", startsAt: new Date(Date.now() + 30 * 86_400_000), capacity: 500 })))
  const ticket = (name: string, price: number) =>
    host.run(Effect.flatMap(Events.EventInventoryRepo, (r) =>
      r.createTicket({ eventId, slotId: slot.id, name, description: null, price, currency: "INR", capacity: 100, salesStartAt: null, salesEndAt: null })))
  return { slot, full: await ticket("Full marathon", 150_000), half: await ticket("Half marathon", 90_000) }
}

/** Suspends the event the way an admin does (configuration writes are then refused). */
export const suspendEvent = (host: RealHost, eventId: string) =>
  host.run(Effect.flatMap(Events.EventRepo, (r) => Effect.orDie(r.move(eventId, "suspend", { reviewReason: "Under review by the platform" }))))
