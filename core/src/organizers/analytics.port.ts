/**
 * The facts organizer analytics and the audience are computed from: the organizer's events, the
 * bookings of those events (with their seats' contacts and live check-ins) and the clubs of the
 * athletes who booked. A read model over registrations, events and clubs: the Postgres adapter
 * reads them with SQL, the memory twin walks the memory repositories of those contexts, so both
 * answer the same facts and every metric is computed once, in core, from them.
 */
import { Context, type Effect } from "effect"

export interface EventFact {
  readonly id: string
  readonly title: string
  readonly city: string
  readonly country: string
  readonly sport: string
  readonly status: string
  readonly startsAt: Date
}

/** One seat holder of a booking, as the athlete entered them while booking (shared with the organizer). */
export interface SeatContact {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phoneNumber: string | null
}

export interface BookingFact {
  readonly participationId: string
  readonly bookingId: string
  readonly eventId: string
  readonly ticketId: string
  readonly userId: string
  readonly status: string
  readonly seats: number
  readonly amount: number
  readonly currency: string
  readonly createdAt: Date
  readonly confirmedAt: Date | null
  readonly cancelledAt: Date | null
  /** Seats with a live (not undone) check-in. */
  readonly checkedIn: number
  /** Seat holders in seat order (the first is the booker's own seat by the booking form's convention). */
  readonly contacts: ReadonlyArray<SeatContact>
}

export interface ClubAffiliation {
  readonly userId: string
  readonly clubId: string
  readonly clubName: string
}

/** Per event platform-wide: confirmed seats and confirmed revenue (minor units), for benchmarks. */
export interface EventTotals {
  readonly eventId: string
  readonly seats: number
  readonly revenue: number
}

/** A hybrid (remote) race attempt of an athlete who holds a CONFIRMED booking of the event. */
export interface HybridAttemptFact {
  readonly eventId: string
  readonly athleteId: string
  readonly status: string
  readonly elapsedSeconds: number | null
}

/** At most this many bookings are read for one organizer's analytics (beyond it the answer says `truncated`). */
export const AnalyticsBookingCap = 200_000

export class OrganizerAnalyticsSource extends Context.Tag("@podium/core/organizers/OrganizerAnalyticsSource")<OrganizerAnalyticsSource, {
  /** The organizer's events (not deleted), oldest start first. */
  readonly events: (organizerId: string) => Effect.Effect<ReadonlyArray<EventFact>>
  /** Bookings of the organizer's events, oldest first, at most AnalyticsBookingCap. */
  readonly bookings: (organizerId: string) => Effect.Effect<ReadonlyArray<BookingFact>>
  /** ACTIVE club memberships of the listed athletes. */
  readonly clubsOf: (userIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ClubAffiliation>>
  /** Hybrid race attempts on the organizer's events by athletes with a CONFIRMED booking of that event. */
  readonly hybridAttempts: (organizerId: string) => Effect.Effect<ReadonlyArray<HybridAttemptFact>>
  /** Confirmed seats and revenue of every event on the platform that has at least one confirmed booking. */
  readonly platformEventTotals: Effect.Effect<ReadonlyArray<EventTotals>>
}>() {}
