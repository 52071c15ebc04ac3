/**
 * Organizer analytics and audience (C "Events": organizer analytics, portal analytics, audience,
 * benchmarking, team activity). Every number is computed from the facts the platform records
 * (bookings, seats, check-ins, events, club memberships, the audit log); a metric the platform
 * records nothing for (gender, age, acquisition source, page views) answers `notInstrumented` with
 * the reason instead of a number.
 *
 * "Booked" means a CONFIRMED booking (PENDING holds are not yet sales, CANCELLED/EXPIRED were
 * undone); an athlete is the account that booked (`userId`). The audience is exactly the athletes
 * who booked one of the organizer's events, so an organizer never learns of anyone else.
 */
import { DomainError } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import { Hmac } from "../identity/crypto.port.js"
import { AuditLog } from "../platform/audit-log.port.js"
import type { OrganizerAccessGrant } from "./organizer.model.js"
import { AnalyticsBookingCap, type BookingFact, type EventFact, OrganizerAnalyticsSource, type SeatContact } from "./analytics.port.js"

export class AnalyticsEventNotFound extends DomainError<AnalyticsEventNotFound>()("AnalyticsEventNotFound", { kind: "not-found" }, {
  eventId: Schema.String
}) { override get message() { return "Event not found" } }

export class AudienceMemberNotFound extends DomainError<AudienceMemberNotFound>()("AudienceMemberNotFound", { kind: "not-found" }, {
  athleteUserId: Schema.String
}) { override get message() { return "Athlete not found in this organizer's audience" } }

export class CohortLinkRejected extends DomainError<CohortLinkRejected>()("CohortLinkRejected", { kind: "invalid", code: "COHORT_LINK_INVALID" }, {
  reason: Schema.String
}) { override get message() { return `Cohort link ${this.reason}` } }

export interface NotInstrumented {
  readonly notInstrumented: true
  readonly reason: string
}
const notInstrumented = (reason: string): NotInstrumented => ({ notInstrumented: true, reason })

const NoDemographics = "The platform records no gender or birth date for athletes"
const NoAttribution = "Bookings do not record an acquisition source (no UTM, referrer or campaign is captured at checkout)"
const NoAthleteLocations = "Athletes' positions during a hybrid race are kept only while it is live (15 minutes) and never stored"
const NoViews = "Event page views are not recorded, so the funnel starts at booking"

// ---------------------------------------------------------------------------------------------
// Facts
// ---------------------------------------------------------------------------------------------

interface Facts {
  readonly events: ReadonlyArray<EventFact>
  readonly bookings: ReadonlyArray<BookingFact>
  readonly truncated: boolean
}

const factsOf = (organizerId: string) =>
  Effect.gen(function*() {
    const source = yield* OrganizerAnalyticsSource
    const [events, bookings] = yield* Effect.all([source.events(organizerId), source.bookings(organizerId)])
    return { events, bookings, truncated: bookings.length >= AnalyticsBookingCap } satisfies Facts
  })

const confirmed = (bookings: ReadonlyArray<BookingFact>) => bookings.filter((b) => b.status === "CONFIRMED")
const round2 = (n: number) => Math.round(n * 100) / 100
const ratio = (a: number, b: number) => (b === 0 ? 0 : round2(a / b))
const median = (xs: ReadonlyArray<number>): number | null => {
  if (xs.length === 0) return null
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
const monthOf = (d: Date) => d.toISOString().slice(0, 7)
const dayOf = (d: Date) => d.toISOString().slice(0, 10)
const soldAt = (b: BookingFact) => b.confirmedAt ?? b.createdAt

/** Money per currency (minor units): bookings of several currencies are never summed together. */
const byCurrency = (bookings: ReadonlyArray<BookingFact>) => {
  const out = new Map<string, number>()
  for (const b of bookings) out.set(b.currency, (out.get(b.currency) ?? 0) + b.amount)
  return [...out.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }))
}

interface AthleteRow {
  readonly userId: string
  readonly bookings: ReadonlyArray<BookingFact>
  readonly eventIds: ReadonlyArray<string>
  readonly firstBookedAt: Date
  readonly lastBookedAt: Date
}

/** Athletes with at least one confirmed booking, first booker first. */
const athletesOf = (bookings: ReadonlyArray<BookingFact>): ReadonlyArray<AthleteRow> => {
  const by = new Map<string, Array<BookingFact>>()
  for (const b of confirmed(bookings)) {
    const list = by.get(b.userId) ?? []
    list.push(b)
    by.set(b.userId, list)
  }
  return [...by.entries()].map(([userId, list]) => {
    const sorted = list.sort((a, b) => soldAt(a).getTime() - soldAt(b).getTime())
    return {
      userId,
      bookings: sorted,
      eventIds: [...new Set(sorted.map((b) => b.eventId))],
      firstBookedAt: soldAt(sorted[0]!),
      lastBookedAt: soldAt(sorted.at(-1)!)
    }
  }).sort((a, b) => a.firstBookedAt.getTime() - b.firstBookedAt.getTime() || a.userId.localeCompare(b.userId))
}

/**
 * The contact the athlete shared with the organizer: the first seat of their latest booking (the
 * booker's own seat by the booking form's convention). Phone only where that seat gave one.
 */
const contactOf = (athlete: AthleteRow): SeatContact | null => {
  for (let i = athlete.bookings.length - 1; i >= 0; i--) {
    const c = athlete.bookings[i]!.contacts[0]
    if (c !== undefined) return c
  }
  return null
}

const eventOf = (facts: Facts, eventId: string) =>
  Option.match(Option.fromNullable(facts.events.find((e) => e.id === eventId)), {
    onNone: () => Effect.fail(new AnalyticsEventNotFound({ eventId })),
    onSome: Effect.succeed
  })

// ---------------------------------------------------------------------------------------------
// /v2/organizers/{organizerId}/analytics/*
// ---------------------------------------------------------------------------------------------

export const analyticsAggregate = Effect.fn("organizers.analytics.aggregate")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const ok = confirmed(facts.bookings)
  const seats = ok.reduce((n, b) => n + b.seats, 0)
  const checkedIn = ok.reduce((n, b) => n + b.checkedIn, 0)
  return {
    events: facts.events.length,
    publishedEvents: facts.events.filter((e) => e.status === "published").length,
    bookings: ok.length,
    pendingBookings: facts.bookings.filter((b) => b.status === "PENDING").length,
    cancelledBookings: facts.bookings.filter((b) => b.status === "CANCELLED" || b.status === "EXPIRED").length,
    seats,
    checkedIn,
    checkInRate: ratio(checkedIn, seats),
    athletes: athletesOf(facts.bookings).length,
    revenue: byCurrency(ok),
    truncated: facts.truncated
  }
})

export const analyticsAttribution = Effect.fn("organizers.analytics.attribution")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  return { bookings: confirmed(facts.bookings).length, sources: notInstrumented(NoAttribution) }
})

export const analyticsClubAffiliations = Effect.fn("organizers.analytics.clubAffiliations")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const athletes = athletesOf(facts.bookings)
  const clubs = yield* Effect.flatMap(OrganizerAnalyticsSource, (s) => s.clubsOf(athletes.map((a) => a.userId)))
  const byClub = new Map<string, { clubId: string; clubName: string; athletes: Set<string> }>()
  for (const c of clubs) {
    const row = byClub.get(c.clubId) ?? { clubId: c.clubId, clubName: c.clubName, athletes: new Set<string>() }
    row.athletes.add(c.userId)
    byClub.set(c.clubId, row)
  }
  const affiliated = new Set(clubs.map((c) => c.userId))
  return {
    athletes: athletes.length,
    affiliated: affiliated.size,
    unaffiliated: athletes.length - affiliated.size,
    clubs: [...byClub.values()]
      .map((c) => ({ clubId: c.clubId, clubName: c.clubName, athletes: c.athletes.size, share: ratio(c.athletes.size, athletes.length) }))
      .sort((a, b) => b.athletes - a.athletes || a.clubName.localeCompare(b.clubName))
  }
})

/** Cohorts by the month of the athlete's first booking; `retained[k]` books again k months later. */
export const analyticsCohorts = Effect.fn("organizers.analytics.cohort")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const cohorts = new Map<string, { size: number; later: Map<number, Set<string>> }>()
  const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1
  for (const a of athletesOf(facts.bookings)) {
    const first = monthOf(a.firstBookedAt)
    const row = cohorts.get(first) ?? { size: 0, later: new Map() }
    row.size++
    for (const b of a.bookings) {
      const offset = monthIndex(monthOf(soldAt(b))) - monthIndex(first)
      if (offset <= 0) continue
      const set = row.later.get(offset) ?? new Set<string>()
      set.add(a.userId)
      row.later.set(offset, set)
    }
    cohorts.set(first, row)
  }
  return {
    cohorts: [...cohorts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([cohort, row]) => ({
      cohort,
      athletes: row.size,
      returned: [...row.later.entries()].sort(([a], [b]) => a - b).map(([monthsLater, set]) => ({ monthsLater, athletes: set.size, rate: ratio(set.size, row.size) }))
    }))
  }
})

const seatsPerBooking = (bookings: ReadonlyArray<BookingFact>) => {
  const out = new Map<number, number>()
  for (const b of bookings) out.set(b.seats, (out.get(b.seats) ?? 0) + 1)
  return [...out.entries()].sort(([a], [b]) => a - b).map(([seats, count]) => ({ seats, bookings: count }))
}

const countBy = <A>(xs: ReadonlyArray<A>, key: (a: A) => string) => {
  const out = new Map<string, number>()
  for (const x of xs) out.set(key(x), (out.get(key(x)) ?? 0) + 1)
  return [...out.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([value, count]) => ({ value, count }))
}

export const analyticsDemographics = Effect.fn("organizers.analytics.demographics")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const ok = confirmed(facts.bookings)
  const eventById = new Map(facts.events.map((e) => [e.id, e]))
  return {
    athletes: athletesOf(facts.bookings).length,
    seats: ok.reduce((n, b) => n + b.seats, 0),
    gender: notInstrumented(NoDemographics),
    ageBands: notInstrumented(NoDemographics),
    seatsPerBooking: seatsPerBooking(ok),
    /** Where the athletes raced: seats by the event's city (athletes' home cities are not recorded). */
    seatsByEventCity: countBy(ok.flatMap((b) => Array.from({ length: b.seats }, () => eventById.get(b.eventId)?.city ?? "")), (c) => c)
  }
})

export const analyticsDemographicsDeepDive = Effect.fn("organizers.analytics.demographicsDeepDive")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const athletes = athletesOf(facts.bookings)
  const firstEventOf = new Map(athletes.map((a) => [a.userId, a.bookings[0]!.eventId]))
  return {
    gender: notInstrumented(NoDemographics),
    ageBands: notInstrumented(NoDemographics),
    events: facts.events.map((e) => {
      const ok = confirmed(facts.bookings).filter((b) => b.eventId === e.id)
      const users = new Set(ok.map((b) => b.userId))
      const firstTimers = [...users].filter((u) => firstEventOf.get(u) === e.id).length
      return {
        eventId: e.id,
        title: e.title,
        city: e.city,
        sport: e.sport,
        athletes: users.size,
        seats: ok.reduce((n, b) => n + b.seats, 0),
        firstTimers,
        returning: users.size - firstTimers,
        seatsPerBooking: seatsPerBooking(ok)
      }
    })
  }
})

/** An event's athletes split into first-timers (their first booking with the organizer) and returning ones. */
export const analyticsFirstTimerSplit = Effect.fn("organizers.analytics.firstTimerSplit")(function*(grant: OrganizerAccessGrant, eventId: string) {
  const facts = yield* factsOf(grant.organizerId)
  const event = yield* eventOf(facts, eventId)
  const athletes = athletesOf(facts.bookings).filter((a) => a.eventIds.includes(event.id))
  const firstTimers = athletes.filter((a) => a.bookings[0]!.eventId === event.id).length
  return {
    eventId: event.id,
    athletes: athletes.length,
    firstTimers,
    returning: athletes.length - firstTimers,
    firstTimerRate: ratio(firstTimers, athletes.length)
  }
})

const lifetimeOf = (a: AthleteRow) => ({
  userId: a.userId,
  bookings: a.bookings.length,
  events: a.eventIds.length,
  seats: a.bookings.reduce((n, b) => n + b.seats, 0),
  spend: byCurrency(a.bookings),
  firstBookedAt: a.firstBookedAt,
  lastBookedAt: a.lastBookedAt
})

/** Lifetime value across the audience: per currency the total, mean and median spend per athlete. */
export const analyticsLifetimeValue = Effect.fn("organizers.analytics.lifetimeValue")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const athletes = athletesOf(facts.bookings)
  const currencies = [...new Set(confirmed(facts.bookings).map((b) => b.currency))].sort()
  return {
    athletes: athletes.length,
    byCurrency: currencies.map((currency) => {
      const spends = athletes.map((a) => a.bookings.filter((b) => b.currency === currency).reduce((n, b) => n + b.amount, 0))
      const total = spends.reduce((n, x) => n + x, 0)
      return { currency, total, mean: ratio(total, athletes.length), median: median(spends) ?? 0, max: Math.max(0, ...spends) }
    }),
    meanEventsPerAthlete: ratio(athletes.reduce((n, a) => n + a.eventIds.length, 0), athletes.length)
  }
})

export const analyticsRepeatParticipants = Effect.fn("organizers.analytics.repeatParticipants")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const athletes = athletesOf(facts.bookings)
  const repeat = athletes.filter((a) => a.eventIds.length >= 2)
  return {
    athletes: athletes.length,
    repeatAthletes: repeat.length,
    repeatRate: ratio(repeat.length, athletes.length),
    byEventCount: countBy(athletes, (a) => String(a.eventIds.length)).map((r) => ({ events: Number(r.value), athletes: r.count })).sort((a, b) => a.events - b.events)
  }
})

/**
 * Hybrid (remote) racing among the organizer's booked athletes, per event: how many of those who
 * booked started a hybrid attempt, finished, submitted, and their median elapsed time. Attempts by
 * people without a confirmed booking are not the organizer's audience and are not counted.
 */
export const analyticsHybrid = Effect.fn("organizers.analytics.hybrid")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const attempts = yield* Effect.flatMap(OrganizerAnalyticsSource, (s) => s.hybridAttempts(grant.organizerId))
  const ok = confirmed(facts.bookings)
  const line = (eventIds: ReadonlyArray<string>) => {
    const booked = new Set(ok.filter((b) => eventIds.includes(b.eventId)).map((b) => `${b.eventId}:${b.userId}`)).size
    const mine = attempts.filter((a) => eventIds.includes(a.eventId))
    const done = mine.filter((a) => a.status === "FINISHED" || a.status === "SUBMITTED")
    return {
      bookedAthletes: booked,
      hybridAthletes: mine.length,
      hybridShare: ratio(mine.length, booked),
      running: mine.filter((a) => a.status === "RUNNING").length,
      finished: done.length,
      submitted: mine.filter((a) => a.status === "SUBMITTED").length,
      medianElapsedSeconds: median(done.flatMap((a) => (a.elapsedSeconds === null ? [] : [a.elapsedSeconds])))
    }
  }
  return {
    ...line(facts.events.map((e) => e.id)),
    events: facts.events.map((e) => ({ eventId: e.id, title: e.title, ...line([e.id]) }))
  }
})

/** Hybrid racing by the event's place (city, country); where athletes actually ran is not stored. */
export const analyticsHybridGeo = Effect.fn("organizers.analytics.hybridGeo")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const attempts = yield* Effect.flatMap(OrganizerAnalyticsSource, (s) => s.hybridAttempts(grant.organizerId))
  const ok = confirmed(facts.bookings)
  const places = new Map<string, { city: string; country: string; eventIds: Array<string> }>()
  for (const e of facts.events) {
    const key = `${e.country}:${e.city.toLowerCase()}`
    const row = places.get(key) ?? { city: e.city, country: e.country, eventIds: [] }
    row.eventIds.push(e.id)
    places.set(key, row)
  }
  return {
    athleteLocations: notInstrumented(NoAthleteLocations),
    places: [...places.values()].map((p) => {
      const booked = new Set(ok.filter((b) => p.eventIds.includes(b.eventId)).map((b) => `${b.eventId}:${b.userId}`)).size
      const hybrid = attempts.filter((a) => p.eventIds.includes(a.eventId)).length
      return { city: p.city, country: p.country, events: p.eventIds.length, bookedAthletes: booked, hybridAthletes: hybrid, hybridShare: ratio(hybrid, booked) }
    }).sort((a, b) => b.hybridAthletes - a.hybridAthletes || a.country.localeCompare(b.country) || a.city.localeCompare(b.city))
  }
})

// ---------------------------------------------------------------------------------------------
// Audience
// ---------------------------------------------------------------------------------------------

export interface AudienceQuery {
  readonly q?: string | undefined
  readonly page: number
  readonly limit: number
}

/**
 * Contact fields are identifying data: OWNER and ADMIN see them (as with the identified lifetime
 * values and the export), a VIEWER sees the athlete's figures with name, e-mail and phone withheld.
 */
const identifies = (grant: OrganizerAccessGrant) => grant.role !== "VIEWER"

const audienceRow = (grant: OrganizerAccessGrant) => (a: AthleteRow) => {
  const contact = identifies(grant) ? contactOf(a) : null
  return {
    ...lifetimeOf(a),
    name: contact === null ? null : `${contact.firstName} ${contact.lastName}`,
    email: contact?.email ?? null,
    phoneNumber: contact?.phoneNumber ?? null
  }
}

const matches = (q: string | undefined) => (row: ReturnType<ReturnType<typeof audienceRow>>) => {
  if (q === undefined || q.trim() === "") return true
  const needle = q.trim().toLowerCase()
  return [row.name, row.email, row.phoneNumber, row.userId].some((v) => v?.toLowerCase().includes(needle) === true)
}

/** The organizer's audience, most recent booker first (name, e-mail, phone as the athlete shared them). */
export const listAudience = Effect.fn("organizers.audience.list")(function*(grant: OrganizerAccessGrant, query: AudienceQuery) {
  const facts = yield* factsOf(grant.organizerId)
  const rows = athletesOf(facts.bookings).map(audienceRow(grant)).filter(matches(query.q))
    .sort((a, b) => b.lastBookedAt.getTime() - a.lastBookedAt.getTime() || a.userId.localeCompare(b.userId))
  return { items: rows.slice((query.page - 1) * query.limit, query.page * query.limit), total: rows.length, page: query.page, limit: query.limit }
})

const athleteIn = (facts: Facts, athleteUserId: string) => {
  const found = athletesOf(facts.bookings).find((a) => a.userId === athleteUserId)
  return found === undefined ? Effect.fail(new AudienceMemberNotFound({ athleteUserId })) : Effect.succeed(found)
}

export const audienceMember = Effect.fn("organizers.audience.member")(function*(grant: OrganizerAccessGrant, athleteUserId: string) {
  const facts = yield* factsOf(grant.organizerId)
  return audienceRow(grant)(yield* athleteIn(facts, athleteUserId))
})

/** One athlete's lifetime value with the organizer (no contact fields). */
export const audienceLifetimeValue = Effect.fn("organizers.audience.lifetimeValue")(function*(grant: OrganizerAccessGrant, athleteUserId: string) {
  const facts = yield* factsOf(grant.organizerId)
  return lifetimeOf(yield* athleteIn(facts, athleteUserId))
})

/** Identified lifetime values (contacts included), highest spend first: OWNER/ADMIN only (guarded on the route). */
export const identifiedLifetimeValues = Effect.fn("organizers.audience.identifiedLifetimeValue")(function*(grant: OrganizerAccessGrant, query: AudienceQuery) {
  const facts = yield* factsOf(grant.organizerId)
  const total = (r: ReturnType<ReturnType<typeof audienceRow>>) => r.spend.reduce((n, s) => n + s.amount, 0)
  const rows = athletesOf(facts.bookings).map(audienceRow(grant)).filter(matches(query.q)).sort((a, b) => total(b) - total(a) || a.userId.localeCompare(b.userId))
  return { items: rows.slice((query.page - 1) * query.limit, query.page * query.limit), total: rows.length, page: query.page, limit: query.limit }
})

/** The athlete's history with the organizer, newest first: each booking with its event, status and check-ins. */
export const audienceTimeline = Effect.fn("organizers.audience.timeline")(function*(grant: OrganizerAccessGrant, athleteUserId: string) {
  const facts = yield* factsOf(grant.organizerId)
  yield* athleteIn(facts, athleteUserId)
  const eventById = new Map(facts.events.map((e) => [e.id, e]))
  return facts.bookings.filter((b) => b.userId === athleteUserId)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((b) => ({
      participationId: b.participationId,
      bookingId: b.bookingId,
      eventId: b.eventId,
      eventTitle: eventById.get(b.eventId)?.title ?? null,
      eventStartsAt: eventById.get(b.eventId)?.startsAt ?? null,
      status: b.status,
      seats: b.seats,
      amount: b.amount,
      currency: b.currency,
      checkedIn: b.checkedIn,
      bookedAt: b.createdAt,
      confirmedAt: b.confirmedAt,
      cancelledAt: b.cancelledAt
    }))
})

export const audienceSummary = Effect.fn("organizers.audience.summary")(function*(grant: OrganizerAccessGrant, now: Date) {
  const facts = yield* factsOf(grant.organizerId)
  const athletes = athletesOf(facts.bookings)
  const since = now.getTime() - 30 * 86_400_000
  return {
    athletes: athletes.length,
    newLast30Days: athletes.filter((a) => a.firstBookedAt.getTime() >= since).length,
    activeLast30Days: athletes.filter((a) => a.lastBookedAt.getTime() >= since).length,
    repeatAthletes: athletes.filter((a) => a.eventIds.length >= 2).length,
    withPhone: athletes.filter((a) => contactOf(a)?.phoneNumber != null).length
  }
})

/** At most this many rows per CSV export (A section 8). */
export const AudienceExportCap = 50_000

export const exportAudience = Effect.fn("organizers.audience.export")(function*(grant: OrganizerAccessGrant) {
  const facts = yield* factsOf(grant.organizerId)
  const rows = athletesOf(facts.bookings).map(audienceRow(grant))
    .sort((a, b) => b.lastBookedAt.getTime() - a.lastBookedAt.getTime() || a.userId.localeCompare(b.userId))
    .slice(0, AudienceExportCap)
  const header = ["userId", "name", "email", "phoneNumber", "bookings", "events", "seats", "spend", "firstBookedAt", "lastBookedAt"]
  const lines = rows.map((r) =>
    [r.userId, r.name, r.email, r.phoneNumber, r.bookings, r.events, r.seats, r.spend.map((s) => `${s.currency} ${s.amount}`).join(" "), r.firstBookedAt.toISOString(), r.lastBookedAt.toISOString()]
      .map(csvField).join(","))
  return [header.join(","), ...lines].join("\r\n") + "\r\n"
})

/** One CSV field (RFC 4180), formula-leading cells defused (the export is opened in spreadsheets). */
const csvField = (value: unknown): string => {
  let text = value === null || value === undefined ? "" : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll("\"", "\"\"")}"` : text
}

// ---------------------------------------------------------------------------------------------
// Cohort links: a signed, expiring reference to one cohort (month of first booking) of the audience
// ---------------------------------------------------------------------------------------------

const CohortLinkPurpose = "organizer.audience.cohort-link"

/** Signs `organizerId.cohort.expiresAtMs`; the token carries them, so verifying needs no storage. */
export const createCohortLink = Effect.fn("organizers.audience.cohortLink")(function*(grant: OrganizerAccessGrant, input: {
  readonly cohort: string
  readonly ttlSeconds: number
  readonly now: Date
}) {
  const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000)
  const payload = `${grant.organizerId}.${input.cohort}.${expiresAt.getTime()}`
  const signature = yield* Effect.flatMap(Hmac, (h) => h.digest(CohortLinkPurpose, payload))
  const token = `${payload}.${signature}`
  const facts = yield* factsOf(grant.organizerId)
  const athletes = athletesOf(facts.bookings).filter((a) => monthOf(a.firstBookedAt) === input.cohort).length
  return { token, cohort: input.cohort, athletes, expiresAt }
})

/** Checks signature, expiry and that the link is this organizer's; answers the cohort's current size. */
export const verifyCohortLink = Effect.fn("organizers.audience.cohortLinkVerify")(function*(grant: OrganizerAccessGrant, token: string, now: Date) {
  const parts = token.split(".")
  const payload = parts.slice(0, 3).join(".")
  const signature = parts[3]
  if (parts.length !== 4 || signature === undefined || !(yield* Effect.flatMap(Hmac, (h) => h.matches(CohortLinkPurpose, payload, signature)))) {
    return yield* new CohortLinkRejected({ reason: "signature is invalid" })
  }
  const claims = { o: parts[0]!, c: parts[1]!, e: Number(parts[2]) }
  // Another organizer's valid link is refused like a forged one: it must not reveal that organizer's cohorts.
  if (claims.o !== grant.organizerId) return yield* new CohortLinkRejected({ reason: "signature is invalid" })
  if (claims.e <= now.getTime()) return yield* new CohortLinkRejected({ reason: "has expired" })
  const facts = yield* factsOf(grant.organizerId)
  const athletes = athletesOf(facts.bookings).filter((a) => monthOf(a.firstBookedAt) === claims.c)
  return { valid: true, cohort: claims.c, expiresAt: new Date(claims.e), athletes: athletes.length, athleteUserIds: athletes.map((a) => a.userId) }
})

// ---------------------------------------------------------------------------------------------
// Portal event analytics
// ---------------------------------------------------------------------------------------------

export const eventAverageTicketPrice = Effect.fn("organizers.analytics.avgTicketPrice")(function*(grant: OrganizerAccessGrant, eventId: string) {
  const facts = yield* factsOf(grant.organizerId)
  const event = yield* eventOf(facts, eventId)
  const ok = confirmed(facts.bookings).filter((b) => b.eventId === event.id)
  return {
    eventId: event.id,
    byCurrency: [...new Set(ok.map((b) => b.currency))].sort().map((currency) => {
      const list = ok.filter((b) => b.currency === currency)
      const seats = list.reduce((n, b) => n + b.seats, 0)
      const revenue = list.reduce((n, b) => n + b.amount, 0)
      return { currency, seats, revenue, averageSeatPrice: ratio(revenue, seats) }
    })
  }
})

const funnelOf = (facts: Facts, eventId: string) => {
  const all = facts.bookings.filter((b) => b.eventId === eventId)
  const ok = confirmed(all)
  const seats = ok.reduce((n, b) => n + b.seats, 0)
  const checkedIn = ok.reduce((n, b) => n + b.checkedIn, 0)
  return [
    { stage: "started", count: all.length, rateFromPrevious: null as number | null },
    { stage: "confirmed", count: ok.length, rateFromPrevious: ratio(ok.length, all.length) },
    { stage: "seats", count: seats, rateFromPrevious: null },
    { stage: "checkedIn", count: checkedIn, rateFromPrevious: ratio(checkedIn, seats) }
  ]
}

export const eventFunnel = Effect.fn("organizers.analytics.funnel")(function*(grant: OrganizerAccessGrant, eventId: string) {
  const facts = yield* factsOf(grant.organizerId)
  const event = yield* eventOf(facts, eventId)
  return { eventId: event.id, views: notInstrumented(NoViews), stages: funnelOf(facts, event.id) }
})

export const eventFunnelCsv = Effect.fn("organizers.analytics.funnelCsv")(function*(grant: OrganizerAccessGrant, eventId: string) {
  const facts = yield* factsOf(grant.organizerId)
  const event = yield* eventOf(facts, eventId)
  return ["stage,count,rateFromPrevious", ...funnelOf(facts, event.id).map((s) => [s.stage, s.count, s.rateFromPrevious].map(csvField).join(","))].join("\r\n") + "\r\n"
})

export const eventSales = Effect.fn("organizers.analytics.sales")(function*(grant: OrganizerAccessGrant, eventId: string) {
  const facts = yield* factsOf(grant.organizerId)
  const event = yield* eventOf(facts, eventId)
  const ok = confirmed(facts.bookings).filter((b) => b.eventId === event.id)
  const group = (key: (b: BookingFact) => string) => {
    const out = new Map<string, Array<BookingFact>>()
    for (const b of ok) out.set(key(b), [...(out.get(key(b)) ?? []), b])
    return [...out.entries()].sort(([a], [b]) => a.localeCompare(b))
  }
  return {
    eventId: event.id,
    bookings: ok.length,
    seats: ok.reduce((n, b) => n + b.seats, 0),
    revenue: byCurrency(ok),
    daily: group((b) => dayOf(soldAt(b))).map(([day, list]) => ({ day, bookings: list.length, seats: list.reduce((n, b) => n + b.seats, 0), revenue: byCurrency(list) })),
    byTicket: group((b) => b.ticketId).map(([ticketId, list]) => ({ ticketId, bookings: list.length, seats: list.reduce((n, b) => n + b.seats, 0), revenue: byCurrency(list) }))
  }
})

/** The event against the organizer's other events and the platform: confirmed seats and revenue, with medians. */
export const eventBenchmark = Effect.fn("organizers.analytics.benchmark")(function*(grant: OrganizerAccessGrant, eventId: string) {
  const facts = yield* factsOf(grant.organizerId)
  const event = yield* eventOf(facts, eventId)
  const ok = confirmed(facts.bookings)
  const totals = (id: string) => {
    const list = ok.filter((b) => b.eventId === id)
    return { seats: list.reduce((n, b) => n + b.seats, 0), revenue: list.reduce((n, b) => n + b.amount, 0), checkedIn: list.reduce((n, b) => n + b.checkedIn, 0) }
  }
  const mine = totals(event.id)
  const others = facts.events.filter((e) => e.id !== event.id).map((e) => totals(e.id))
  const platform = yield* Effect.flatMap(OrganizerAnalyticsSource, (s) => s.platformEventTotals)
  return {
    eventId: event.id,
    event: { ...mine, checkInRate: ratio(mine.checkedIn, mine.seats) },
    organizerOtherEvents: { events: others.length, medianSeats: median(others.map((o) => o.seats)), medianRevenue: median(others.map((o) => o.revenue)) },
    platform: { events: platform.length, medianSeats: median(platform.map((p) => p.seats)), medianRevenue: median(platform.map((p) => p.revenue)) }
  }
})

// ---------------------------------------------------------------------------------------------
// Team activity
// ---------------------------------------------------------------------------------------------

/** The organizer's audit rows filtered by actor, action and period, newest first (`before` is the seq cursor). */
export const organizerActivity = Effect.fn("organizers.analytics.activity")(function*(grant: OrganizerAccessGrant, input: {
  readonly actorId?: string | undefined
  readonly action?: string | undefined
  readonly from?: Date | undefined
  readonly to?: Date | undefined
  readonly before?: number | undefined
  readonly limit: number
}) {
  const rows = yield* Effect.flatMap(AuditLog, (log) =>
    log.list({
      subjectKind: "organizer",
      subjectId: grant.organizerId,
      limit: input.limit,
      ...(input.actorId === undefined ? {} : { actorId: input.actorId }),
      ...(input.action === undefined ? {} : { action: input.action }),
      ...(input.from === undefined ? {} : { from: input.from }),
      ...(input.to === undefined ? {} : { to: input.to }),
      ...(input.before === undefined ? {} : { beforeSeq: input.before })
    }))
  const last = rows.at(-1)
  return { items: rows, nextBefore: rows.length === input.limit && last !== undefined ? last.seq : null }
})
