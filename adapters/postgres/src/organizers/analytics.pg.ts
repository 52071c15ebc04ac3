/**
 * The organizer analytics source on Postgres: the organizer's events and their bookings (seats'
 * contacts and live check-ins aggregated per booking in SQL), athletes' ACTIVE club memberships and
 * per-event confirmed totals across the platform (for benchmark medians).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

const EventRow = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  city: Schema.String,
  country: Schema.String,
  sport: Schema.String,
  status: Schema.String,
  startsAt: Schema.DateFromSelf
})

const Contact = Schema.Struct({ firstName: Schema.String, lastName: Schema.String, email: Schema.String, phoneNumber: Schema.NullOr(Schema.String) })

const BookingRow = Schema.Struct({
  participationId: Schema.String,
  bookingId: Schema.String,
  eventId: Schema.String,
  ticketId: Schema.String,
  userId: Schema.String,
  status: Schema.String,
  seats: Schema.Number,
  amount: Schema.Number,
  currency: Schema.String,
  createdAt: Schema.DateFromSelf,
  confirmedAt: Schema.NullOr(Schema.DateFromSelf),
  cancelledAt: Schema.NullOr(Schema.DateFromSelf),
  checkedIn: Schema.Number,
  contacts: Schema.Array(Contact)
})

const ClubRow = Schema.Struct({ userId: Schema.String, clubId: Schema.String, clubName: Schema.String })
const HybridRow = Schema.Struct({ eventId: Schema.String, athleteId: Schema.String, status: Schema.String, elapsedSeconds: Schema.NullOr(Schema.Number) })
const TotalsRow = Schema.Struct({ eventId: Schema.String, seats: Schema.Number, revenue: Schema.Number })

export const OrganizerAnalyticsSourcePg = Layer.effect(Organizers.OrganizerAnalyticsSource, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const events = rowsOf(EventRow)
  const bookings = rowsOf(BookingRow)
  const clubs = rowsOf(ClubRow)
  const totals = rowsOf(TotalsRow)
  const hybrid = rowsOf(HybridRow)
  return Organizers.OrganizerAnalyticsSource.of({
    events: (organizerId) =>
      events.all(sql`
        select id::text as id, title, city, country, sport, status, starts_at
        from events.events where organizer_id = ${organizerId} and deleted_at is null
        order by starts_at, id`),
    bookings: (organizerId) =>
      bookings.all(sql`
        select p.id::text as participation_id, p.booking_id, p.event_id::text as event_id, p.ticket_id::text as ticket_id,
               p.user_id::text as user_id, p.status, p.seats, p.amount, p.currency, p.created_at, p.confirmed_at, p.cancelled_at,
               (select count(*)::int from registrations.check_ins c where c.participation_id = p.id and c.undone_at is null) as checked_in,
               coalesce((select json_agg(json_build_object('firstName', s.first_name, 'lastName', s.last_name, 'email', s.email, 'phoneNumber', s.phone_number) order by s.position)
                         from registrations.participants s where s.participation_id = p.id), '[]'::json) as contacts
        from registrations.participations p
        join events.events e on e.id = p.event_id
        where e.organizer_id = ${organizerId} and e.deleted_at is null
        order by p.created_at, p.id
        limit ${Organizers.AnalyticsBookingCap}`),
    clubsOf: (userIds) =>
      userIds.length === 0
        ? Effect.succeed([])
        : clubs.all(sql`
            select m.user_id::text as user_id, c.id::text as club_id, c.name as club_name
            from clubs.members m join clubs.clubs c on c.id = m.club_id
            where m.status = 'ACTIVE' and m.user_id::text in ${sql.in([...new Set(userIds)])}`),
    hybridAttempts: (organizerId) =>
      hybrid.all(sql`
        select a.event_id::text as event_id, a.athlete_id, a.status, a.elapsed_seconds
        from hybrid_race.attempts a join events.events e on e.id = a.event_id
        where e.organizer_id = ${organizerId} and e.deleted_at is null
          and exists (select 1 from registrations.participations p
                      where p.event_id = a.event_id and p.user_id::text = a.athlete_id and p.status = 'CONFIRMED')`),
    platformEventTotals: totals.all(sql`
      select p.event_id::text as event_id, sum(p.seats)::int as seats, sum(p.amount)::bigint::float8 as revenue
      from registrations.participations p join events.events e on e.id = p.event_id
      where p.status = 'CONFIRMED' and e.deleted_at is null
      group by p.event_id`)
  })
}))
