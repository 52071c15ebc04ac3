/**
 * Card contexts (C "Participations" share card and finisher card): what a card renderer needs to
 * draw the booker's share card of a booking and, once the event's results are published, their
 * finisher card. The booking is named by its booking id (the digits on the ticket). Every text a
 * user or organizer typed comes twice: as is, and XML-escaped in `svgText` for a renderer that
 * pastes it into SVG, so a name such as `<script>` can never break out of the markup. Results
 * belong to the booker's account (the timing system ranks accounts), so the finisher card is the
 * booker's; a booking without a published result answers 404 RESULT_NOT_FOUND.
 */
import { Effect, Option } from "effect"
import { EventRepo, EventInventoryRepo } from "../events/event.port.js"
import { ResultNotFound } from "../results/results.model.js"
import { ResultsRepo } from "../results/results.port.js"
import { escapeXml } from "../platform/markup.js"
import { finishTimeText } from "../results/medals.use-case.js"
import { BibRepo } from "./bib.port.js"
import { ParticipationNotFound } from "./participation.model.js"
import { ParticipationRepo } from "./participation.port.js"

/** A booking by its booking id (exact digits), of one athlete when `userId` is given. */
export const bookingByBookingId = (bookingId: string, userId?: string) =>
  Effect.gen(function*() {
    const page = yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ userId, q: bookingId, page: 1, limit: 20 }))
    const found = page.items.find((b) => b.participation.bookingId === bookingId)
    if (found === undefined) return yield* new ParticipationNotFound({ ref: bookingId })
    return found
  })
const myBookingById = (userId: string, bookingId: string) => bookingByBookingId(bookingId, userId)

export const shareCardContext = Effect.fn("registrations.shareCardContext")(function*(userId: string, bookingId: string) {
  const booking = yield* myBookingById(userId, bookingId)
  const { participation } = booking
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(participation.eventId))
  if (Option.isNone(event)) return yield* new ParticipationNotFound({ ref: bookingId })
  const ticket = yield* Effect.flatMap(EventInventoryRepo, (r) => r.findTicket(participation.eventId, participation.ticketId))
  const ticketName = Option.match(ticket, { onNone: () => null, onSome: (t) => t.name })
  const participants = []
  for (const p of booking.participants.filter((x) => x.status === "ACTIVE")) {
    const bib = yield* Effect.flatMap(BibRepo, (r) => r.ofParticipant(p.id))
    participants.push({ participantId: p.id, firstName: p.firstName, bibLabel: Option.match(bib, { onNone: () => null, onSome: (b) => b.label }) })
  }
  const e = event.value
  return {
    bookingId,
    status: participation.status,
    eventId: e.id,
    eventTitle: e.title,
    city: e.city,
    startsAt: e.startsAt,
    timezone: e.timezone,
    ticketName,
    participants,
    svgText: {
      eventTitle: escapeXml(e.title),
      city: escapeXml(e.city),
      ticketName: ticketName === null ? null : escapeXml(ticketName),
      participants: participants.map((p) => ({ firstName: escapeXml(p.firstName), bibLabel: p.bibLabel === null ? null : escapeXml(p.bibLabel) }))
    }
  }
})

export const finisherCardContext = Effect.fn("registrations.finisherCardContext")(function*(userId: string, bookingId: string) {
  const share = yield* shareCardContext(userId, bookingId)
  const medals = yield* Effect.flatMap(ResultsRepo, (r) => r.medals({ eventId: share.eventId, userId }))
  if (medals.length === 0) return yield* new ResultNotFound({ ref: bookingId })
  const results = [...medals].sort((a, b) => a.place - b.place).map((m) => ({
    leaderboardId: m.leaderboardId,
    leaderboardName: m.leaderboardName,
    place: m.place,
    medal: m.kind,
    elapsedMs: m.elapsedMs,
    finishTime: finishTimeText(m.elapsedMs),
    publishedAt: m.awardedAt
  }))
  return {
    ...share,
    results,
    svgText: { ...share.svgText, leaderboardNames: results.map((r) => escapeXml(r.leaderboardName)) }
  }
})
