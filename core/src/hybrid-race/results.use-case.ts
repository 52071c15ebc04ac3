/**
 * C "Hybrid race (public)": a submitted attempt is a result. Its public page, certificate (data,
 * PDF) and finisher card, the event's leaderboard and the week's results; the certificate carries
 * the code the public verify route checks. Only results of events the public can see are shown.
 */
import type { Event, HybridRaceAttempt, HybridRaceResult } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { fullNameOf } from "../accounts/account.model.js"
import { UserRepo } from "../accounts/account.port.js"
import { isPubliclyVisible, wallClockOf } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { publicEvent } from "../events/event.use-case.js"
import { Hmac } from "../identity/crypto.port.js"
import { PdfRenderer } from "../organizers/declaration.port.js"
import { escapeXml } from "../platform/markup.js"
import { HybridResultNotFound } from "./hybrid-race.model.js"
import { HybridRaceRepo } from "./hybrid-race.port.js"

/** The HMAC purpose of hybrid race certificate codes (distinct from event certificates'). */
const CodePurpose = "hybridRace.certificate"

/** 20 hex of the HMAC of the result id, upper case in groups of 5 (the event certificates' format). */
const codeOf = (resultId: string) =>
  Effect.map(Effect.flatMap(Hmac, (h) => h.digest(CodePurpose, resultId)), (d) => d.slice(0, 20).toUpperCase().replace(/(.{5})(?=.)/g, "$1-"))

/** The public verify route of results, which checks hybrid race certificates too. */
export const resultVerificationPathOf = (resultId: string, code: string) => `/v2/race/results/${resultId}/verify?code=${code}`

/** A time as h:mm:ss. */
export const raceTimeText = (seconds: number) =>
  `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** The athlete's name as the house's public cards print it. */
const athleteNameOf = (athleteId: string) =>
  Effect.map(Effect.flatMap(UserRepo, (r) => r.findById(athleteId)), (u) => {
    const name = Option.match(u, { onNone: () => "", onSome: fullNameOf })
    return name === "" ? "Podium athlete" : name
  })

const resultOf = (attempt: HybridRaceAttempt, event: Event, place: { readonly rank: number; readonly finishers: number }) =>
  Effect.map(athleteNameOf(attempt.athleteId), (athleteName): HybridRaceResult => ({
    id: attempt.id,
    eventId: event.id,
    eventTitle: event.title,
    athleteId: attempt.athleteId,
    athleteName,
    elapsedSeconds: attempt.elapsedSeconds ?? 0,
    checkpointsPassed: attempt.checkpoints.filter((c) => !c.skipped).length,
    checkpointsSkipped: attempt.checkpoints.filter((c) => c.skipped).length,
    rank: place.rank,
    finishers: place.finishers,
    startedAt: attempt.startedAt,
    finishedAt: attempt.finishedAt ?? attempt.updatedAt,
    submittedAt: attempt.submittedAt ?? attempt.updatedAt
  }))

/** The submitted attempt and its event, visible or not (verification reports a withdrawn event as not valid). */
const submittedAttempt = (resultId: string) =>
  Effect.gen(function*() {
    const attempt = yield* Effect.flatMap(HybridRaceRepo, (r) => r.findById(resultId))
    if (Option.isNone(attempt) || attempt.value.status !== "SUBMITTED") return yield* new HybridResultNotFound({ ref: resultId })
    const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(attempt.value.eventId))
    if (Option.isNone(event)) return yield* new HybridResultNotFound({ ref: resultId })
    return { attempt: attempt.value, event: event.value }
  })

/** A result the public may see: submitted, of an event that is publicly visible now. */
const publicResult = (resultId: string) =>
  Effect.gen(function*() {
    const { attempt, event } = yield* submittedAttempt(resultId)
    if (!isPubliclyVisible(event)) return yield* new HybridResultNotFound({ ref: resultId })
    const place = yield* Effect.flatMap(HybridRaceRepo, (r) => r.placeOf(event.id, attempt.elapsedSeconds ?? 0))
    return { result: yield* resultOf(attempt, event, place), event }
  })

export const publicHybridResult = Effect.fn("hybridRace.results.public")(function*(resultId: string) {
  return (yield* publicResult(resultId)).result
})

const eventDateOf = (event: Event) => wallClockOf(event.startsAt, event.timezone).slice(0, 10)

/** The certificate's data: the result, the event's date, and the code and path anyone verifies it with. */
export const hybridResultCertificate = Effect.fn("hybridRace.results.certificate")(function*(resultId: string) {
  const { result, event } = yield* publicResult(resultId)
  const code = yield* codeOf(result.id)
  return {
    resultId: result.id,
    eventId: event.id,
    eventTitle: event.title,
    eventDate: eventDateOf(event),
    athleteName: result.athleteName,
    elapsedSeconds: result.elapsedSeconds,
    finishTime: raceTimeText(result.elapsedSeconds),
    rank: result.rank,
    finishers: result.finishers,
    issuedAt: result.submittedAt,
    code,
    verificationUrl: resultVerificationPathOf(result.id, code)
  }
})

export const hybridResultCertificatePdf = Effect.fn("hybridRace.results.certificatePdf")(function*(resultId: string) {
  const c = yield* hybridResultCertificate(resultId)
  const bytes = yield* Effect.flatMap(PdfRenderer, (r) =>
    r.render({
      title: "Certificate of Finish",
      paragraphs: [
        `This certifies that ${c.athleteName} finished ${c.eventTitle} (${c.eventDate}) in ${c.finishTime}.`,
        `Place ${c.rank} of ${c.finishers} finishers.`,
        `Issued ${c.issuedAt.toISOString().slice(0, 10)}.`
      ],
      footer: `Verify this certificate at ${c.verificationUrl} (code ${c.code})`
    }))
  return { bytes, fileName: `hybrid-race-certificate-${c.resultId}.pdf` }
})

/** The 1080×1080 finisher card; every piece of user text is escaped. */
export const hybridFinisherCardSvg = Effect.fn("hybridRace.results.finisherCard")(function*(resultId: string) {
  const { result } = yield* publicResult(resultId)
  const line = (y: number, size: number, text: string, color = "#ffffff", weight = "400") =>
    `<text x="540" y="${y}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${color}">${escapeXml(text)}</text>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080" viewBox="0 0 1080 1080">`,
    `<rect width="1080" height="1080" fill="#101828"/>`,
    line(200, 44, "HYBRID RACE FINISHER", "#f79009", "700"),
    line(330, 72, clip(result.athleteName, 24), "#ffffff", "700"),
    line(450, 44, clip(result.eventTitle, 36), "#d0d5dd"),
    line(640, 140, raceTimeText(result.elapsedSeconds), "#ffffff", "700"),
    line(760, 52, `#${result.rank} of ${result.finishers}`, "#98a2b3"),
    line(1000, 32, "Podium", "#f79009", "700"),
    `</svg>`
  ].join("")
})

export interface Paging {
  readonly page: number
  readonly limit: number
}

/** The event's submitted attempts ranked by time, 1-2-2-4 on equal times (public when the event is). */
export const hybridRaceLeaderboard = Effect.fn("hybridRace.leaderboard")(function*(eventId: string, paging: Paging) {
  const event = yield* publicEvent(eventId)
  const found = yield* Effect.flatMap(HybridRaceRepo, (r) => r.leaderboard(event.id, (paging.page - 1) * paging.limit, paging.limit))
  const items = yield* Effect.forEach(found.items, ({ attempt, rank }) => resultOf(attempt, event, { rank, finishers: found.total }))
  return { eventId: event.id, items, total: found.total, page: paging.page, limit: paging.limit }
})

/** At most this many of a week's results are listed (newest first). */
export const MaxWeekResults = 1000

/** Monday 00:00 UTC of the week holding `at` (ISO weeks). */
export const weekStartOf = (at: Date) => {
  const day = (at.getUTCDay() + 6) % 7
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - day))
}

/** Results submitted this ISO week (from Monday 00:00 UTC) at events the public can see, newest first. */
export const thisWeekHybridResults = Effect.fn("hybridRace.results.thisWeek")(function*(paging: Paging) {
  const since = weekStartOf(new Date(yield* Clock.currentTimeMillis))
  const attempts = yield* Effect.flatMap(HybridRaceRepo, (r) => r.submittedSince(since, MaxWeekResults))
  const events = new Map<string, Option.Option<Event>>()
  const visible: Array<{ attempt: HybridRaceAttempt; event: Event }> = []
  for (const attempt of attempts) {
    if (!events.has(attempt.eventId)) {
      const found = yield* Effect.flatMap(EventRepo, (r) => r.findById(attempt.eventId))
      events.set(attempt.eventId, Option.filter(found, isPubliclyVisible))
    }
    const event = events.get(attempt.eventId)!
    if (Option.isSome(event)) visible.push({ attempt, event: event.value })
  }
  const page = visible.slice((paging.page - 1) * paging.limit, paging.page * paging.limit)
  const items = yield* Effect.forEach(page, ({ attempt, event }) =>
    Effect.flatMap(Effect.flatMap(HybridRaceRepo, (r) => r.placeOf(event.id, attempt.elapsedSeconds ?? 0)), (place) => resultOf(attempt, event, place)))
  return { weekStartsAt: since, items, total: visible.length, page: paging.page, limit: paging.limit }
})

/**
 * The public verify route's answer for a hybrid race certificate (same shape as an event
 * certificate's): the code must be the HMAC of the result id (constant-time compare); a wrong code
 * or an unknown id is not found. A result whose event was withdrawn verifies as not valid.
 */
export const verifyHybridResultCertificate = Effect.fn("hybridRace.results.verify")(function*(resultId: string, code: string) {
  const expected = yield* codeOf(resultId)
  const given = code.trim().toUpperCase()
  let diff = expected.length ^ given.length
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0)
  if (diff !== 0) return yield* new HybridResultNotFound({ ref: resultId })
  const { attempt, event } = yield* submittedAttempt(resultId)
  const published = isPubliclyVisible(event)
  return {
    valid: published,
    certificateId: attempt.id,
    status: "ISSUED" as const,
    published,
    recipientName: yield* athleteNameOf(attempt.athleteId),
    eventId: event.id,
    eventTitle: event.title,
    eventDate: eventDateOf(event),
    issuedAt: attempt.submittedAt ?? attempt.updatedAt,
    revokedAt: null
  }
})
