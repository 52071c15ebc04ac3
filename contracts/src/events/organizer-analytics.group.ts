/**
 * Organizer analytics, audience, portal analytics, benchmarking and the team activity log
 * (C "Events": #1328–#1357). Every figure is computed from recorded bookings, seats, check-ins,
 * events, club memberships and the audit log; what the platform does not record answers
 * `{ notInstrumented: true, reason }`. VIEWERs may read; the CSV export and identified lifetime
 * values (contact fields) need OWNER or ADMIN. Money is in minor units, per currency.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, IntBetween, IntFromText, Optional, Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders, PageOf, PageParams } from "../common/index.js"

const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })
const OrgPath = Schema.Struct({ organizerId: Schema.String })
const OrgEventPath = Schema.Struct({ organizerId: Schema.String, eventId: Schema.String })
const OrgAthletePath = Schema.Struct({ organizerId: Schema.String, athleteUserId: Schema.String })
const EventPath = Schema.Struct({ eventId: Schema.String })
const AthletePath = Schema.Struct({ athleteUserId: Schema.String })

const NotInstrumented = Schema.Struct({ notInstrumented: Schema.Literal(true), reason: Schema.String }).annotations({ identifier: "AnalyticsNotInstrumented" })
const Money = Schema.Struct({ currency: Schema.String, amount: Schema.Number })
const Counted = Schema.Struct({ value: Schema.String, count: Schema.Number })
const SeatsPerBooking = Schema.Array(Schema.Struct({ seats: Schema.Number, bookings: Schema.Number }))

export const AnalyticsAggregate = Schema.Struct({
  events: Schema.Number,
  publishedEvents: Schema.Number,
  bookings: Schema.Number,
  pendingBookings: Schema.Number,
  cancelledBookings: Schema.Number,
  seats: Schema.Number,
  checkedIn: Schema.Number,
  checkInRate: Schema.Number,
  athletes: Schema.Number,
  revenue: Schema.Array(Money),
  /** True when the organizer has more bookings than one analytics read covers. */
  truncated: Schema.Boolean
}).annotations({ identifier: "OrganizerAnalyticsAggregate" })

export const AnalyticsAttribution = Schema.Struct({ bookings: Schema.Number, sources: NotInstrumented }).annotations({ identifier: "OrganizerAnalyticsAttribution" })

export const AnalyticsClubAffiliations = Schema.Struct({
  athletes: Schema.Number,
  affiliated: Schema.Number,
  unaffiliated: Schema.Number,
  clubs: Schema.Array(Schema.Struct({ clubId: Schema.String, clubName: Schema.String, athletes: Schema.Number, share: Schema.Number }))
}).annotations({ identifier: "OrganizerAnalyticsClubAffiliations" })

export const AnalyticsCohorts = Schema.Struct({
  cohorts: Schema.Array(Schema.Struct({
    cohort: Schema.String,
    athletes: Schema.Number,
    returned: Schema.Array(Schema.Struct({ monthsLater: Schema.Number, athletes: Schema.Number, rate: Schema.Number }))
  }))
}).annotations({ identifier: "OrganizerAnalyticsCohorts" })

export const AnalyticsDemographics = Schema.Struct({
  athletes: Schema.Number,
  seats: Schema.Number,
  gender: NotInstrumented,
  ageBands: NotInstrumented,
  seatsPerBooking: SeatsPerBooking,
  seatsByEventCity: Schema.Array(Counted)
}).annotations({ identifier: "OrganizerAnalyticsDemographics" })

export const AnalyticsDemographicsDeepDive = Schema.Struct({
  gender: NotInstrumented,
  ageBands: NotInstrumented,
  events: Schema.Array(Schema.Struct({
    eventId: Schema.String,
    title: Schema.String,
    city: Schema.String,
    sport: Schema.String,
    athletes: Schema.Number,
    seats: Schema.Number,
    firstTimers: Schema.Number,
    returning: Schema.Number,
    seatsPerBooking: SeatsPerBooking
  }))
}).annotations({ identifier: "OrganizerAnalyticsDemographicsDeepDive" })

export const FirstTimerSplit = Schema.Struct({
  eventId: Schema.String,
  athletes: Schema.Number,
  firstTimers: Schema.Number,
  returning: Schema.Number,
  firstTimerRate: Schema.Number
}).annotations({ identifier: "OrganizerFirstTimerSplit" })

const HybridLine = {
  bookedAthletes: Schema.Number,
  hybridAthletes: Schema.Number,
  hybridShare: Schema.Number,
  running: Schema.Number,
  finished: Schema.Number,
  submitted: Schema.Number,
  medianElapsedSeconds: Schema.NullOr(Schema.Number)
}
export const AnalyticsHybrid = Schema.Struct({
  ...HybridLine,
  events: Schema.Array(Schema.Struct({ eventId: Schema.String, title: Schema.String, ...HybridLine }))
}).annotations({ identifier: "OrganizerAnalyticsHybrid" })

export const AnalyticsHybridGeo = Schema.Struct({
  athleteLocations: NotInstrumented,
  places: Schema.Array(Schema.Struct({
    city: Schema.String,
    country: Schema.String,
    events: Schema.Number,
    bookedAthletes: Schema.Number,
    hybridAthletes: Schema.Number,
    hybridShare: Schema.Number
  }))
}).annotations({ identifier: "OrganizerAnalyticsHybridGeo" })

export const AnalyticsLifetimeValue = Schema.Struct({
  athletes: Schema.Number,
  byCurrency: Schema.Array(Schema.Struct({ currency: Schema.String, total: Schema.Number, mean: Schema.Number, median: Schema.Number, max: Schema.Number })),
  meanEventsPerAthlete: Schema.Number
}).annotations({ identifier: "OrganizerAnalyticsLifetimeValue" })

export const RepeatParticipants = Schema.Struct({
  athletes: Schema.Number,
  repeatAthletes: Schema.Number,
  repeatRate: Schema.Number,
  byEventCount: Schema.Array(Schema.Struct({ events: Schema.Number, athletes: Schema.Number }))
}).annotations({ identifier: "OrganizerRepeatParticipants" })

const LifetimeFields = {
  userId: Schema.String,
  bookings: Schema.Number,
  events: Schema.Number,
  seats: Schema.Number,
  spend: Schema.Array(Money),
  firstBookedAt: Schema.Date,
  lastBookedAt: Schema.Date
}

export const AthleteLifetimeValue = Schema.Struct(LifetimeFields).annotations({ identifier: "OrganizerAthleteLifetimeValue" })

/** An athlete of the audience with the contact their booking shared (phone null when not given; name, e-mail and phone null for VIEWERs). */
export const AudienceMember = Schema.Struct({
  ...LifetimeFields,
  name: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phoneNumber: Schema.NullOr(Schema.String)
}).annotations({ identifier: "OrganizerAudienceMember" })

export const AudienceQuery = Query({ ...PageParams, q: Optional(StrLength(1, 100)) })

export const AudienceTimeline = Schema.Array(Schema.Struct({
  participationId: Schema.String,
  bookingId: Schema.String,
  eventId: Schema.String,
  eventTitle: Schema.NullOr(Schema.String),
  eventStartsAt: Schema.NullOr(Schema.Date),
  status: Schema.String,
  seats: Schema.Number,
  amount: Schema.Number,
  currency: Schema.String,
  checkedIn: Schema.Number,
  bookedAt: Schema.Date,
  confirmedAt: Schema.NullOr(Schema.Date),
  cancelledAt: Schema.NullOr(Schema.Date)
})).annotations({ identifier: "OrganizerAudienceTimeline" })

export const AudienceSummary = Schema.Struct({
  athletes: Schema.Number,
  newLast30Days: Schema.Number,
  activeLast30Days: Schema.Number,
  repeatAthletes: Schema.Number,
  withPhone: Schema.Number
}).annotations({ identifier: "OrganizerAudienceSummary" })

const Month = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s)),
  Schema.annotations(says("must be a month as YYYY-MM"))
)

export const CohortLinkBody = Body({
  /** The cohort: athletes whose first booking with the organizer fell in this month. */
  cohort: Month,
  /** How long the link stays valid: 60 s to 30 days (default 7 days). */
  ttlSeconds: Optional(IntBetween(60, 2_592_000))
}).annotations({ identifier: "OrganizerCohortLinkDto" })

export const CohortLink = Schema.Struct({ token: Schema.String, cohort: Schema.String, athletes: Schema.Number, expiresAt: Schema.Date }).annotations({ identifier: "OrganizerCohortLink" })
export const CohortLinkVerifyBody = Body({ token: StrLength(1, 500) }).annotations({ identifier: "OrganizerCohortLinkVerifyDto" })
export const CohortLinkVerdict = Schema.Struct({
  valid: Schema.Boolean,
  cohort: Schema.String,
  expiresAt: Schema.Date,
  athletes: Schema.Number,
  athleteUserIds: Schema.Array(Schema.String)
}).annotations({ identifier: "OrganizerCohortLinkVerdict" })

export const AverageTicketPrice = Schema.Struct({
  eventId: Schema.String,
  byCurrency: Schema.Array(Schema.Struct({ currency: Schema.String, seats: Schema.Number, revenue: Schema.Number, averageSeatPrice: Schema.Number }))
}).annotations({ identifier: "OrganizerEventAverageTicketPrice" })

export const EventFunnel = Schema.Struct({
  eventId: Schema.String,
  views: NotInstrumented,
  stages: Schema.Array(Schema.Struct({ stage: Schema.String, count: Schema.Number, rateFromPrevious: Schema.NullOr(Schema.Number) }))
}).annotations({ identifier: "OrganizerEventFunnel" })

const SalesLine = { bookings: Schema.Number, seats: Schema.Number, revenue: Schema.Array(Money) }
export const EventSales = Schema.Struct({
  eventId: Schema.String,
  ...SalesLine,
  daily: Schema.Array(Schema.Struct({ day: Schema.String, ...SalesLine })),
  byTicket: Schema.Array(Schema.Struct({ ticketId: Schema.String, ...SalesLine }))
}).annotations({ identifier: "OrganizerEventSales" })

const Medians = { events: Schema.Number, medianSeats: Schema.NullOr(Schema.Number), medianRevenue: Schema.NullOr(Schema.Number) }
export const EventBenchmark = Schema.Struct({
  eventId: Schema.String,
  event: Schema.Struct({ seats: Schema.Number, revenue: Schema.Number, checkedIn: Schema.Number, checkInRate: Schema.Number }),
  organizerOtherEvents: Schema.Struct(Medians),
  platform: Schema.Struct(Medians)
}).annotations({ identifier: "OrganizerEventBenchmark" })

/** An ISO-8601 instant in a query (`2026-01-31T00:00:00Z` or a date `2026-01-31`). */
const IsoInstant = Schema.String.pipe(
  Schema.filter((s) => s.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s))),
  Schema.annotations(says("must be an ISO-8601 date or date-time"))
)

export const ActivityQuery = Query({
  actorId: Optional(StrLength(1, 200)),
  action: Optional(StrLength(1, 200)),
  from: Optional(IsoInstant),
  to: Optional(IsoInstant),
  before: Optional(IntFromText(1, Number.MAX_SAFE_INTEGER)),
  limit: Optional(IntFromText(1, 100))
})

export const OrganizerActivityLog = Schema.Struct({
  items: Schema.Array(Schema.Struct({
    seq: Schema.Int,
    action: Schema.String,
    actorKind: Schema.String,
    actorId: Schema.NullOr(Schema.String),
    reason: Schema.NullOr(Schema.String),
    data: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
    occurredAt: Schema.Date
  })),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "OrganizerActivityLog" })

/** RFC 4180 CSV. */
export const AnalyticsCsv = HttpApiSchema.Text({ contentType: "text/csv" })

export class OrganizerAnalyticsGroup extends HttpApiGroup.make("organizerAnalytics")
  .add(op.get("organizerAnalyticsAggregate", "/v2/organizers/:organizerId/analytics/aggregate", { path: OrgPath, ok: AnalyticsAggregate, summary: "Events, bookings, seats, check-ins, athletes and revenue per currency" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsAttribution", "/v2/organizers/:organizerId/analytics/attribution", { path: OrgPath, ok: AnalyticsAttribution, summary: "Booking sources (not instrumented: no source is recorded at checkout)" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsClubAffiliations", "/v2/organizers/:organizerId/analytics/club-affiliations", { path: OrgPath, ok: AnalyticsClubAffiliations, summary: "The audience's active club memberships, per club" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsCohort", "/v2/organizers/:organizerId/analytics/cohort", { path: OrgPath, ok: AnalyticsCohorts, summary: "Cohorts by month of first booking and how many booked again k months later" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsDemographics", "/v2/organizers/:organizerId/analytics/demographics", { path: OrgPath, ok: AnalyticsDemographics, summary: "Seats per booking and per event city; gender and age not instrumented" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsDemographicsDeepDive", "/v2/organizers/:organizerId/analytics/demographics-deep-dive", { path: OrgPath, ok: AnalyticsDemographicsDeepDive, summary: "Per event: athletes, seats, first-timers and returning athletes" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsFirstTimerSplit", "/v2/organizers/:organizerId/analytics/events/:eventId/first-timer-split", { path: OrgEventPath, ok: FirstTimerSplit, summary: "The event's athletes split into first-timers and returning" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsHybrid", "/v2/organizers/:organizerId/analytics/hybrid", { path: OrgPath, ok: AnalyticsHybrid, summary: "Booked athletes who raced remotely (hybrid race): started, finished, submitted, median time" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsHybridGeo", "/v2/organizers/:organizerId/analytics/hybrid-geo", { path: OrgPath, ok: AnalyticsHybridGeo, summary: "Hybrid racing by the event's city and country (athletes' own locations not stored)" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsLifetimeValue", "/v2/organizers/:organizerId/analytics/lifetime-value", { path: OrgPath, ok: AnalyticsLifetimeValue, summary: "Spend per athlete (total, mean, median, max) per currency" }).middleware(OrganizerReaders))
  .add(op.get("organizerAnalyticsRepeatParticipants", "/v2/organizers/:organizerId/analytics/repeat-participants", { path: OrgPath, ok: RepeatParticipants, summary: "Athletes who booked two or more of the organizer's events" }).middleware(OrganizerReaders))
  .add(op.get("organizerAudience", "/v2/organizers/:organizerId/audience", { path: OrgPath, query: AudienceQuery, ok: PageOf(AudienceMember), summary: "Athletes who booked the organizer's events, latest booker first (q: name, e-mail, phone)" }).middleware(OrganizerReaders))
  .add(op.get("organizerAudienceLifetimeValue", "/v2/organizers/:organizerId/audience/:athleteUserId/lifetime-value", { path: OrgAthletePath, ok: AthleteLifetimeValue, summary: "One athlete's bookings, events, seats and spend with the organizer" }).middleware(OrganizerReaders))
  .add(op.get("organizerAudienceExport", "/v2/organizers/:organizerId/audience/export.csv", { path: OrgPath, success: AnalyticsCsv, summary: "CSV of the audience (at most 50000 rows); OWNER or ADMIN" }).middleware(OrganizerManagers))
  .add(op.get("organizerIdentifiedLifetimeValue", "/v2/organizers/:organizerId/analytics-identified/lifetime-value", { path: OrgPath, query: AudienceQuery, ok: PageOf(AudienceMember), summary: "Lifetime values with contacts, highest spend first; OWNER and ADMIN only" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Organizer analytics")
  .annotate(OpenApi.Description, "Read models over the organizer's bookings, check-ins, events and audience")
{}

export class OrganizerPortalAnalyticsGroup extends HttpApiGroup.make("organizerPortalAnalytics")
  .add(op.get("portalAnalyticsAttribution", "/v2/organizer/analytics/attribution", { headers: OrganizerHeader, ok: AnalyticsAttribution, summary: "Booking sources (not instrumented)" }).middleware(OrganizerReaders))
  .add(op.get("portalAnalyticsCohorts", "/v2/organizer/analytics/cohorts", { headers: OrganizerHeader, ok: AnalyticsCohorts, summary: "Cohorts by month of first booking" }).middleware(OrganizerReaders))
  .add(op.get("portalEventAvgTicketPrice", "/v2/organizer/analytics/events/:eventId/avg-ticket-price", { path: EventPath, headers: OrganizerHeader, ok: AverageTicketPrice, summary: "Average price per confirmed seat, per currency" }).middleware(OrganizerReaders))
  .add(op.get("portalEventFunnel", "/v2/organizer/analytics/events/:eventId/funnel", { path: EventPath, headers: OrganizerHeader, ok: EventFunnel, summary: "Bookings started → confirmed → seats → checked in" }).middleware(OrganizerReaders))
  .add(op.get("portalEventFunnelCsv", "/v2/organizer/analytics/events/:eventId/funnel.csv", { path: EventPath, headers: OrganizerHeader, success: AnalyticsCsv, summary: "The funnel as CSV" }).middleware(OrganizerReaders))
  .add(op.get("portalEventSales", "/v2/organizer/analytics/events/:eventId/sales", { path: EventPath, headers: OrganizerHeader, ok: EventSales, summary: "Confirmed sales per day and per ticket" }).middleware(OrganizerReaders))
  .add(op.get("portalAudience", "/v2/organizer/audience", { headers: OrganizerHeader, query: AudienceQuery, ok: PageOf(AudienceMember), summary: "The organizer's audience" }).middleware(OrganizerReaders))
  .add(op.get("portalAudienceSummary", "/v2/organizer/audience/summary", { headers: OrganizerHeader, ok: AudienceSummary, summary: "Audience size, new and active in 30 days, repeat athletes" }).middleware(OrganizerReaders))
  .add(op.get("portalAudienceMember", "/v2/organizer/audience/:athleteUserId", { path: AthletePath, headers: OrganizerHeader, ok: AudienceMember, summary: "One athlete of the audience" }).middleware(OrganizerReaders))
  .add(op.get("portalAudienceTimeline", "/v2/organizer/audience/:athleteUserId/timeline", { path: AthletePath, headers: OrganizerHeader, ok: AudienceTimeline, summary: "The athlete's bookings with the organizer, newest first" }).middleware(OrganizerReaders))
  .add(op.post("portalAudienceCohortLink", "/v2/organizer/audience/cohort-link", { headers: OrganizerHeader, body: CohortLinkBody, ok: CohortLink, status: 201, summary: "A signed, expiring link to one cohort of the audience" }).middleware(OrganizerReaders))
  .add(op.post("portalAudienceCohortLinkVerify", "/v2/organizer/audience/cohort-link/verify", { headers: OrganizerHeader, body: CohortLinkVerifyBody, ok: CohortLinkVerdict, summary: "Checks a cohort link's signature and expiry (400 COHORT_LINK_INVALID)" }).middleware(OrganizerReaders))
  .add(op.get("portalEventBenchmark", "/v2/organizer/benchmarking/events/:eventId", { path: EventPath, headers: OrganizerHeader, ok: EventBenchmark, summary: "The event vs the organizer's other events and platform medians" }).middleware(OrganizerReaders))
  .add(op.get("portalActivity", "/v2/organizer/activity", { headers: OrganizerHeader, query: ActivityQuery, ok: OrganizerActivityLog, summary: "The team's activity log, newest first (actorId, action, from/to, before cursor)" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Organizer portal analytics")
  .annotate(OpenApi.Description, "Portal analytics, audience, cohort links, benchmarking and the team activity log of the caller's organizer")
{}
