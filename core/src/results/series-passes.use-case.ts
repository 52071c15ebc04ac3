/**
 * Series passes (C "Series passes"). An organizer offers passes to the editions of one of its
 * event series (the event) in a range of years; athletes register for a pass (idempotent per pass
 * and athlete: registering again answers the same registration; after a cancel it is revived),
 * cancel, and ask which editions their passes cover.
 *
 * The spec only names the athlete's side. Passes come into being through the organizer's
 * `POST /v2/organizers/events/{eventId}/series-passes` (managers of the event's organizer) and are
 * listed by `GET` on the same path. A pass carries no price: an entitlement is granted by the
 * organizer (a season pass for members, a sponsor's allocation); selling one would need a
 * checkout, which a pass does not have.
 */
import type { Edition, SeriesPass } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { EditionRepo } from "../events/edition.port.js"
import { ownedEvent, publicEvent, writableEvent } from "../events/event.use-case.js"
import type { Principal } from "../identity/principal.model.js"
import type { OrganizerAccessGrant } from "../organizers/organizer.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { SeriesPassClosed, SeriesPassInvalid, SeriesPassNotFound } from "./proofs.model.js"
import { SeriesPassRepo } from "./proofs.port.js"

const nowDate = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

export interface SeriesPassInput {
  readonly name: string
  readonly description?: string | null | undefined
  readonly fromYear: number
  readonly toYear: number
  readonly capacity: number
  readonly registrationClosesAt?: Date | null | undefined
}

export const createSeriesPass = Effect.fn("results.seriesPasses.create")(function*(grant: OrganizerAccessGrant, eventId: string, input: SeriesPassInput) {
  if (input.toYear < input.fromYear) return yield* new SeriesPassInvalid({ messages: ["toYear must not be before fromYear"] })
  const event = yield* writableEvent(grant, eventId)
  const pass = yield* Effect.flatMap(SeriesPassRepo, (r) =>
    r.create({
      organizerId: event.organizerId,
      eventId: event.id,
      name: input.name,
      description: input.description ?? null,
      fromYear: input.fromYear,
      toYear: input.toYear,
      capacity: input.capacity,
      registrationClosesAt: input.registrationClosesAt ?? null
    }))
  yield* auditSubject("series_pass.created", undefined, { kind: "series_pass", id: pass.id }, { data: { eventId: event.id, by: grant.organizerId } })
  return pass
})

export const eventSeriesPasses = Effect.fn("results.seriesPasses.ofEvent")(function*(grant: OrganizerAccessGrant, eventId: string) {
  const event = yield* ownedEvent(grant, eventId)
  return { items: yield* Effect.flatMap(SeriesPassRepo, (r) => r.ofEvent(event.id)) }
})

/** Why nobody may register on the pass at `now` (undefined when they may). */
const closedReason = (pass: SeriesPass, now: Date): string | undefined =>
  pass.registrationClosesAt !== null && now.getTime() >= pass.registrationClosesAt.getTime()
    ? "the pass's registration has closed"
    : now.getUTCFullYear() > pass.toYear
    ? "the years the pass covers are over"
    : undefined

/** A pass of an event the public may see (404 otherwise, as for the event itself). */
const visiblePass = (passId: string) =>
  Effect.gen(function*() {
    const found = isUuid(passId) ? yield* Effect.flatMap(SeriesPassRepo, (r) => r.findById(passId)) : Option.none()
    if (Option.isNone(found)) return yield* new SeriesPassNotFound({ ref: passId })
    yield* publicEvent(found.value.eventId).pipe(Effect.catchTag("EventNotFound", () => new SeriesPassNotFound({ ref: passId })))
    return found.value
  })

/** `POST /v2/me/series-passes/{passId}/register`: idempotent per pass and athlete. */
export const registerForSeriesPass = Effect.fn("results.seriesPasses.register")(function*(principal: Principal, passId: string) {
  const pass = yield* visiblePass(passId)
  const repo = yield* SeriesPassRepo
  const now = yield* nowDate
  const live = (yield* repo.ofUser(principal.accountId, "registered")).find((r) => r.passId === pass.id)
  // A registration already held is the answer, even once the pass has closed (idempotent).
  if (live !== undefined) return { registration: live, pass: live.pass, created: false }
  const reason = closedReason(pass, now)
  if (reason !== undefined) return yield* new SeriesPassClosed({ passId: pass.id, reason })
  const { created, registration } = yield* repo.register(pass.id, principal.accountId, now)
  const current = Option.getOrElse(yield* repo.findById(pass.id), () => pass)
  if (created) yield* auditSubject("series_pass.registered", principal, { kind: "series_pass", id: pass.id })
  return { registration, pass: current, created }
})

/** `DELETE /v2/me/series-passes/{passId}/registration`: registered → cancelled, the place given back. */
export const cancelSeriesPassRegistration = Effect.fn("results.seriesPasses.cancel")(function*(principal: Principal, passId: string) {
  const found = isUuid(passId) ? yield* Effect.flatMap(SeriesPassRepo, (r) => r.findById(passId)) : Option.none()
  if (Option.isNone(found)) return yield* new SeriesPassNotFound({ ref: passId })
  const now = yield* nowDate
  const registration = yield* Effect.flatMap(SeriesPassRepo, (r) => r.cancel(found.value.id, principal.accountId, now))
  yield* auditSubject("series_pass.cancelled", principal, { kind: "series_pass", id: found.value.id })
  return registration
})

export const mySeriesPasses = Effect.fn("results.seriesPasses.mine")(function*(userId: string, status: "registered" | "cancelled" | undefined) {
  return { items: yield* Effect.flatMap(SeriesPassRepo, (r) => r.ofUser(userId, status)) }
})

/** One edition a pass of the caller covers. */
export interface Entitlement {
  readonly passId: string
  readonly passName: string
  readonly eventId: string
  readonly edition: Edition
}

/** Years are bounded (one edition per year, 2000–2100), so an event's editions fit in one read. */
const EditionsPerEvent = 101

/**
 * `GET /v2/me/series-passes/entitlement`: the published or closed editions (not drafts, not
 * cancelled) whose year lies in the range of a pass the caller holds, optionally of one event or
 * one edition. `covered` says whether anything matched (what a registration screen asks).
 */
export const seriesPassEntitlement = Effect.fn("results.seriesPasses.entitlement")(function*(userId: string, filter: {
  readonly eventId?: string | undefined
  readonly editionId?: string | undefined
}) {
  const held = (yield* Effect.flatMap(SeriesPassRepo, (r) => r.ofUser(userId, "registered")))
    .filter((r) => filter.eventId === undefined || r.pass.eventId === filter.eventId)
  const editions = yield* EditionRepo
  const byEvent = new Map<string, ReadonlyArray<Edition>>()
  const items: Array<Entitlement> = []
  for (const { pass } of held) {
    if (!byEvent.has(pass.eventId)) {
      byEvent.set(pass.eventId, (yield* editions.list({ eventId: pass.eventId, statuses: ["published", "closed"], limit: EditionsPerEvent, offset: 0 })).data)
    }
    for (const edition of byEvent.get(pass.eventId)!) {
      if (edition.year < pass.fromYear || edition.year > pass.toYear) continue
      if (filter.editionId !== undefined && edition.id !== filter.editionId) continue
      items.push({ passId: pass.id, passName: pass.name, eventId: pass.eventId, edition })
    }
  }
  items.sort((a, b) => a.edition.startsAt.getTime() - b.edition.startsAt.getTime() || (a.passId < b.passId ? -1 : 1))
  return { covered: items.length > 0, items }
})
