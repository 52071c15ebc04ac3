/**
 * Memory twin of the organizer analytics source: the same facts, read from the memory repositories
 * of events, registrations and clubs (so a booking made through the API shows in the analytics).
 */
import { Effect, Layer, Option } from "effect"
import { ClubMemberRepo, ClubRepo } from "../clubs/club.port.js"
import { EventRepo } from "../events/event.port.js"
import { HybridRaceRepo } from "../hybrid-race/hybrid-race.port.js"
import { AnalyticsBookingCap, type BookingFact, type EventFact, type HybridAttemptFact, OrganizerAnalyticsSource } from "../organizers/analytics.port.js"
import { CheckInRepo, ParticipationRepo } from "../registrations/participation.port.js"

export const OrganizerAnalyticsSourceMemory: Layer.Layer<OrganizerAnalyticsSource, never, EventRepo | ParticipationRepo | CheckInRepo | ClubRepo | ClubMemberRepo | HybridRaceRepo> = Layer.effect(
  OrganizerAnalyticsSource,
  Effect.gen(function*() {
    const events = yield* EventRepo
    const bookings = yield* ParticipationRepo
    const checkIns = yield* CheckInRepo
    const clubs = yield* ClubRepo
    const members = yield* ClubMemberRepo
    const races = yield* HybridRaceRepo

    const eventsOf = (organizerId: string | undefined) =>
      Effect.map(events.list({ ...(organizerId === undefined ? {} : { organizerId }), now: new Date(), limit: 1_000_000, offset: 0 }), (page) =>
        page.data.map((e): EventFact => ({ id: e.id, title: e.title, city: e.city, country: e.country, sport: e.sport, status: e.status, startsAt: e.startsAt }))
          .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id)))

    const bookingsOf = (eventIds: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        const out: Array<BookingFact> = []
        for (const eventId of eventIds) {
          const page = yield* bookings.list({ eventId, page: 1, limit: 1_000_000 })
          for (const { participation: p, participants } of page.items) {
            let checkedIn = 0
            for (const seat of participants) if (Option.isSome(yield* checkIns.live(seat.id))) checkedIn++
            out.push({
              participationId: p.id,
              bookingId: p.bookingId,
              eventId: p.eventId,
              ticketId: p.ticketId,
              userId: p.userId,
              status: p.status,
              seats: p.seats,
              amount: p.amount,
              currency: p.currency,
              createdAt: p.createdAt,
              confirmedAt: p.confirmedAt,
              cancelledAt: p.cancelledAt,
              checkedIn,
              contacts: participants.map((s) => ({ firstName: s.firstName, lastName: s.lastName, email: s.email, phoneNumber: s.phoneNumber }))
            })
          }
        }
        return out.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.participationId.localeCompare(b.participationId)).slice(0, AnalyticsBookingCap)
      })

    return OrganizerAnalyticsSource.of({
      events: (organizerId) => eventsOf(organizerId),
      bookings: (organizerId) => Effect.flatMap(eventsOf(organizerId), (list) => bookingsOf(list.map((e) => e.id))),
      clubsOf: (userIds) =>
        Effect.gen(function*() {
          const out: Array<{ userId: string; clubId: string; clubName: string }> = []
          for (const userId of new Set(userIds)) {
            for (const m of yield* members.ofUser(userId)) {
              if (m.status !== "ACTIVE") continue
              const club = yield* clubs.findById(m.clubId)
              if (Option.isSome(club)) out.push({ userId, clubId: m.clubId, clubName: club.value.name })
            }
          }
          return out
        }),
      hybridAttempts: (organizerId) =>
        Effect.gen(function*() {
          const list = yield* Effect.flatMap(eventsOf(organizerId), (evs) => bookingsOf(evs.map((e) => e.id)))
          const pairs = new Map<string, { eventId: string; userId: string }>()
          for (const b of list) if (b.status === "CONFIRMED") pairs.set(`${b.eventId}:${b.userId}`, { eventId: b.eventId, userId: b.userId })
          const out: Array<HybridAttemptFact> = []
          for (const { eventId, userId } of pairs.values()) {
            const attempt = yield* races.find(eventId, userId)
            if (Option.isSome(attempt)) out.push({ eventId, athleteId: userId, status: attempt.value.status, elapsedSeconds: attempt.value.elapsedSeconds })
          }
          return out
        }),
      platformEventTotals: Effect.gen(function*() {
        const all = yield* eventsOf(undefined)
        const facts = yield* bookingsOf(all.map((e) => e.id))
        const totals = new Map<string, { seats: number; revenue: number }>()
        for (const b of facts) {
          if (b.status !== "CONFIRMED") continue
          const t = totals.get(b.eventId) ?? { seats: 0, revenue: 0 }
          totals.set(b.eventId, { seats: t.seats + b.seats, revenue: t.revenue + b.amount })
        }
        return [...totals.entries()].map(([eventId, t]) => ({ eventId, ...t }))
      })
    })
  })
)
