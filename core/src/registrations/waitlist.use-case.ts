/**
 * Waitlist (C "Waitlist" and the waitlist tools of "Organizer event tools"): an athlete joins a
 * sold-out ticket's list (with a party of up to a booking's seats), reads their place, leaves; when
 * seats free up, the first entries whose whole party fits are OFFERED (the seats held for them
 * until the offer lapses, `waitlistOfferHours` of the event's policy) and only they can book them.
 * Organizers list, remove, promote out of order (reason recorded) and re-send offers. Offer
 * notifications are queued in the outbox after the offer committed, by `notifyWaitlistOffers`.
 */
import type { SelfServiceConfig, WaitlistStatus } from "@podium/kernel"
import { Effect, Option } from "effect"
import { EventNotFound, TicketNotFound } from "../events/event.model.js"
import { EventInventoryRepo, EventRepo } from "../events/event.port.js"
import { SecureRandom } from "../identity/crypto.port.js"
import { type OrganizerActor, organizerEvent } from "./organizer-bookings.use-case.js"
import { WaitlistClosed, WaitlistEntryNotFound, WaitlistNotNeeded } from "./waitlist.model.js"
import { notifyWaitlistOffers } from "./waitlist-offers.use-case.js"
import { SelfServiceConfigRepo, WaitlistRepo } from "./waitlist.port.js"

export const joinWaitlist = Effect.fn("registrations.joinWaitlist")(function*(userId: string, input: {
  readonly eventId: string
  readonly ticketId: string
  readonly partySize?: number | undefined
}) {
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(input.eventId))
  if (Option.isNone(event) || event.value.status !== "published" || !event.value.isActive) return yield* new EventNotFound({ ref: input.eventId })
  const ticket = yield* Effect.flatMap(EventInventoryRepo, (r) => r.findTicket(input.eventId, input.ticketId))
  if (Option.isNone(ticket)) return yield* new TicketNotFound({ ticketId: input.ticketId })
  const config = yield* Effect.flatMap(SelfServiceConfigRepo, (r) => r.get(input.eventId))
  if (!config.waitlistEnabled || event.value.startsAt.getTime() <= Date.now()) return yield* new WaitlistClosed({ eventId: input.eventId })
  const partySize = input.partySize ?? 1
  const repo = yield* WaitlistRepo
  // Only a sold-out ticket has a list; a racing booking that frees or takes seats after this read
  // is harmless: a freed seat is offered to the list by the release itself.
  if ((yield* repo.available(input.eventId, input.ticketId, new Date())) >= partySize) return yield* new WaitlistNotNeeded({ ticketId: input.ticketId })
  const entry = yield* repo.join({
    id: yield* Effect.flatMap(SecureRandom, (r) => r.uuid),
    eventId: input.eventId,
    ticketId: input.ticketId,
    slotId: ticket.value.slotId,
    userId,
    partySize
  })
  return Option.getOrThrow(yield* repo.find(entry.id, new Date()))
})

/** The caller's entry, or 404 (another athlete's entry is not revealed). */
const myEntry = (userId: string, id: string) =>
  Effect.flatMap(WaitlistRepo, (r) => r.find(id, new Date())).pipe(
    Effect.flatMap((found) => (Option.isNone(found) || found.value.entry.userId !== userId ? Effect.fail(new WaitlistEntryNotFound({ ref: id })) : Effect.succeed(found.value)))
  )

export const leaveWaitlist = Effect.fn("registrations.leaveWaitlist")(function*(userId: string, id: string) {
  yield* myEntry(userId, id)
  const closed = yield* Effect.flatMap(WaitlistRepo, (r) => r.close(id, "cancel", `user:${userId}`, "left the waitlist", new Date()))
  yield* notifyWaitlistOffers()
  return closed
})

export const myWaitlist = (userId: string) => Effect.flatMap(WaitlistRepo, (r) => r.mine(userId, new Date()))

/** The caller's open place for the event (an offer first, else the earliest waiting entry). */
export const waitlistPosition = Effect.fn("registrations.waitlistPosition")(function*(userId: string, eventId: string) {
  const mine = yield* myWaitlist(userId)
  const open = mine.filter((q) => q.entry.eventId === eventId && (q.entry.status === "OFFERED" || q.entry.status === "WAITING"))
  const first = open.find((q) => q.entry.status === "OFFERED") ?? open[0]
  if (first === undefined) return yield* new WaitlistEntryNotFound({ ref: `event ${eventId}` })
  return {
    entryId: first.entry.id,
    ticketId: first.entry.ticketId,
    position: first.position,
    status: first.entry.status,
    partySize: first.entry.partySize,
    offerExpiresAt: first.entry.offerExpiresAt
  }
})

/** An entry of the organizer's event. */
const organizerEntry = Effect.fn("registrations.organizerEntry")(function*(who: OrganizerActor, eventId: string, id: string) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(WaitlistRepo, (r) => r.find(id, new Date()))
  if (Option.isNone(found) || found.value.entry.eventId !== eventId) return yield* new WaitlistEntryNotFound({ ref: id })
  return found.value
})

export const eventWaitlist = Effect.fn("registrations.eventWaitlist")(function*(who: OrganizerActor, eventId: string, filter: {
  readonly status?: WaitlistStatus | undefined
  readonly page: number
  readonly limit: number
}) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(WaitlistRepo, (r) => r.list(eventId, filter, new Date()))
})

export const removeWaitlistEntry = Effect.fn("registrations.removeWaitlistEntry")(function*(who: OrganizerActor, eventId: string, id: string, reason: string | null) {
  yield* organizerEntry(who, eventId, id)
  const closed = yield* Effect.flatMap(WaitlistRepo, (r) => r.close(id, "remove", who.actor, reason, new Date()))
  yield* notifyWaitlistOffers()
  return closed
})

export const promoteWaitlistEntry = Effect.fn("registrations.promoteWaitlistEntry")(function*(who: OrganizerActor, eventId: string, id: string, reason: string) {
  yield* organizerEntry(who, eventId, id)
  yield* Effect.flatMap(WaitlistRepo, (r) => r.promote(id, who.actor, reason, new Date()))
  yield* notifyWaitlistOffers()
  return Option.getOrThrow(yield* Effect.flatMap(WaitlistRepo, (r) => r.find(id, new Date())))
})

/** Re-sends an open offer (409 unless OFFERED). */
export const renotifyWaitlistEntry = Effect.fn("registrations.renotifyWaitlistEntry")(function*(who: OrganizerActor, eventId: string, id: string) {
  yield* organizerEntry(who, eventId, id)
  yield* Effect.flatMap(WaitlistRepo, (r) => r.renotify(id))
  const sent = yield* notifyWaitlistOffers()
  return { ...Option.getOrThrow(yield* Effect.flatMap(WaitlistRepo, (r) => r.find(id, new Date()))), notified: sent > 0 }
})

/** The sweep job's body: lapsed offers expire and pass on, free seats go to waiting entries, offers are notified. */
export const sweepWaitlists = (now: Date) =>
  Effect.gen(function*() {
    const swept = yield* Effect.flatMap(WaitlistRepo, (r) => r.sweep(now, 500))
    const notified = yield* notifyWaitlistOffers()
    return { ...swept, notified }
  })

export const selfServiceConfig = Effect.fn("registrations.selfServiceConfig")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(SelfServiceConfigRepo, (r) => r.get(eventId))
})

export const updateSelfServiceConfig = Effect.fn("registrations.updateSelfServiceConfig")(function*(
  who: OrganizerActor,
  eventId: string,
  patch: Partial<Omit<SelfServiceConfig, "eventId" | "updatedAt">>
) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(SelfServiceConfigRepo, (r) => r.update(eventId, patch))
})
