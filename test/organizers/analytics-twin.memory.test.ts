/**
 * The organizer analytics source's memory twin reads the memory repositories of events,
 * registrations and clubs: bookings, check-ins and club memberships written there show in the
 * analytics exactly as the Postgres adapter shows them (the HTTP tests cover the adapter).
 */
import { Clubs, Events, HybridRace, Organizers, Registrations } from "@podium/core"
import { contextsMemory } from "@podium/host-common"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { testConfig } from "../support/infra.js"

let n = 0
const uuid = () => `00000000-0000-4000-a000-${(++n).toString(16).padStart(12, "0")}`

describe("organizer analytics memory twin", () => {
  it("computes the aggregate, audience, first-timers, hybrid racing and club affiliations from the memory repositories", async () => {
    const config = await testConfig()
    const outcome = await Effect.runPromise(Effect.gen(function*() {
      const organizer = yield* Effect.flatMap(Organizers.OrganizerRepo, (r) =>
        r.create({ name: "Twin Org", phoneNumber: "+919800000123", email: null, companyName: "Twin", approvalStatus: "APPROVED" }, { phoneNumber: "+919800000123", email: null, userId: null }))
      const events = yield* Events.EventRepo
      const inventory = yield* Events.EventInventoryRepo
      const seed = (price: number) =>
        Effect.gen(function*() {
          const startsAt = new Date(Date.now() + 86_400_000)
          const event = yield* events.create({
            organizerId: organizer.id, title: `Twin Run ${price}`, description: null, sport: "running", city: "Pune", country: "IN", venue: null,
            startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), timezone: "Asia/Kolkata", visibility: "public", isTest: false, categoryId: null
          })
          const slot = yield* inventory.createSlot({ eventId: event.id, name: "A", startsAt, capacity: 10 })
          const ticket = yield* inventory.createTicket({ eventId: event.id, slotId: slot.id, name: "10K", description: null, price, currency: "INR", capacity: 10, salesStartAt: null, salesEndAt: null })
          return { eventId: event.id, slotId: slot.id, ticketId: ticket.id }
        })
      const first = yield* seed(0)
      const second = yield* seed(30_000)
      const bookings = yield* Registrations.ParticipationRepo
      const book = (event: { eventId: string; slotId: string; ticketId: string }, userId: string, amount: number, email: string) =>
        bookings.book({
          id: uuid(), bookingIds: [String(1_000_000 + n)], eventId: event.eventId, slotId: event.slotId, ticketId: event.ticketId, userId,
          status: "CONFIRMED", amount, currency: "INR", holdExpiresAt: null,
          participants: [{ id: uuid(), firstName: "Twin", lastName: "Runner", email, phoneNumber: null, ticketCode: `code-${n}` }],
          addOns: [], coupon: null, discount: 0
        }, new Date(), { action: "booked", actor: `user:${userId}` })
      const a = uuid()
      const b = uuid()
      const aFirst = yield* book(first, a, 0, "a@example.com")
      yield* book(first, b, 0, "b@example.com")
      yield* book(second, a, 30_000, "a@example.com")
      const seat = aFirst.participants[0]!
      yield* Effect.flatMap(Registrations.CheckInRepo, (r) =>
        r.checkIn({ id: uuid(), eventId: first.eventId, participantId: seat.id, participationId: aFirst.participation.id, method: "manual", scannedAt: new Date(), checkedInAt: new Date(), checkedInBy: "test" }))
      const club = yield* Effect.flatMap(Clubs.ClubRepo, (r) =>
        r.create({ name: "Pune Striders", slug: "pune-striders-twin", description: null, sportIds: [], city: "Pune", clubType: "COMMUNITY", requiresApproval: false, ownerUserId: a }))
      yield* Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.upsert(club.id, a, "ACTIVE", "MEMBER"))
      yield* Effect.flatMap(HybridRace.HybridRaceRepo, (r) => r.start(second.eventId, a, new Date()))
      yield* Effect.flatMap(HybridRace.HybridRaceRepo, (r) => r.start(second.eventId, uuid(), new Date()))
      const grant = { organizerId: organizer.id, role: "ADMIN", memberId: null } as unknown as Organizers.OrganizerAccessGrant
      return {
        aggregate: yield* Organizers.analyticsAggregate(grant),
        audience: yield* Organizers.listAudience(grant, { page: 1, limit: 10 }),
        split: yield* Organizers.analyticsFirstTimerSplit(grant, second.eventId),
        clubs: yield* Organizers.analyticsClubAffiliations(grant),
        hybrid: yield* Organizers.analyticsHybrid(grant),
        a
      }
    }).pipe(Effect.provide(contextsMemory(config))))
    expect(outcome.aggregate).toMatchObject({ events: 2, bookings: 3, seats: 3, checkedIn: 1, athletes: 2, revenue: [{ currency: "INR", amount: 30_000 }] })
    expect(outcome.audience.total).toBe(2)
    expect(outcome.audience.items[0]).toMatchObject({ userId: outcome.a, email: "a@example.com", events: 2 })
    expect(outcome.split).toMatchObject({ athletes: 1, firstTimers: 0, returning: 1 })
    expect(outcome.hybrid).toMatchObject({ bookedAthletes: 3, hybridAthletes: 1, running: 1 })
    expect(outcome.clubs).toMatchObject({ athletes: 2, affiliated: 1, unaffiliated: 1, clubs: [{ clubName: "Pune Striders", athletes: 1, share: 0.5 }] })
  })
})
