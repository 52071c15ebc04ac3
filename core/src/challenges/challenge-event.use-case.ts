/**
 * Challenges attached to events: the challenge's manager attaches it to an event that is not
 * cancelled; an organizer's challenge only to that organizer's own events (a club's or the
 * platform's to any). Attaching twice changes nothing; the public sees a public challenge's
 * publicly visible events.
 */
import { DomainError, type Event } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import { EventNotFound, isPubliclyVisible } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { ChallengeEventRepo } from "./challenge-event.port.js"
import { getPublicChallenge, managedChallenge } from "./challenge.use-case.js"
import { auditSubject } from "../platform/audit-subject.js"

/** An organizer's challenge may only be attached to the organizer's own events; a cancelled event takes none. */
export class EventNotAttachable extends DomainError<EventNotAttachable>()("EventNotAttachable", { kind: "conflict", code: "EVENT_NOT_ATTACHABLE" }, {
  eventId: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

export class ChallengeEventNotAttached extends DomainError<ChallengeEventNotAttached>()("ChallengeEventNotAttached", {
  kind: "not-found",
  code: "CHALLENGE_EVENT_NOT_ATTACHED"
}, { eventId: Schema.String }) {
  override get message() {
    return "The challenge is not attached to this event"
  }
}

const findEvent = (id: string) =>
  Effect.flatMap(EventRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none<Event>()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new EventNotFound({ ref: id })), onSome: Effect.succeed }))
  )

/** The events a challenge is attached to, as the public sees them (oldest attachment first). */
const eventsOf = (challengeId: string, publicOnly: boolean) =>
  Effect.gen(function*() {
    const links = yield* Effect.flatMap(ChallengeEventRepo, (r) => r.ofChallenge(challengeId))
    const events = yield* Effect.forEach(links, (l) => Effect.flatMap(EventRepo, (r) => r.findById(l.eventId)))
    return links.flatMap((l, i) => {
      const e = events[i]!
      if (Option.isNone(e) || (publicOnly && !isPubliclyVisible(e.value))) return []
      const v = e.value
      return [{ eventId: v.id, slug: v.slug, title: v.title, sport: v.sport, city: v.city, country: v.country, startsAt: v.startsAt, endsAt: v.endsAt, timezone: v.timezone, status: v.status, attachedAt: l.attachedAt }]
    })
  })

const audit = (principal: Principal, action: string, challengeId: string, eventId: string) =>
  auditSubject(`challenges.challenge.${action}`, principal, { kind: "challenge", id: challengeId }, { data: { eventId } })

export const attachChallengeToEvent = Effect.fn("challenges.events.attach")(function*(principal: Principal, id: string, eventId: string) {
  const challenge = yield* managedChallenge(principal, id)
  const event = yield* findEvent(eventId)
  if (event.status === "cancelled") return yield* new EventNotAttachable({ eventId, reason: "A cancelled event takes no challenges" })
  if (challenge.creatorType === "organizer" && event.organizerId !== challenge.creatorId) {
    return yield* new EventNotAttachable({ eventId, reason: "An organizer's challenge can only be attached to the organizer's own events" })
  }
  const added = yield* Effect.flatMap(ChallengeEventRepo, (r) => r.attach(challenge.id, event.id, principal.accountId))
  if (added) yield* audit(principal, "event_attached", challenge.id, event.id)
  return { challengeId: challenge.id, events: yield* eventsOf(challenge.id, false) }
})

export const detachChallengeFromEvent = Effect.fn("challenges.events.detach")(function*(principal: Principal, id: string, eventId: string) {
  const challenge = yield* managedChallenge(principal, id)
  const removed = isUuid(eventId) && (yield* Effect.flatMap(ChallengeEventRepo, (r) => r.detach(challenge.id, eventId)))
  if (!removed) return yield* new ChallengeEventNotAttached({ eventId })
  yield* audit(principal, "event_detached", challenge.id, eventId)
  return { challengeId: challenge.id, events: yield* eventsOf(challenge.id, false) }
})

/** The publicly visible events a public challenge is attached to. */
export const challengeEvents = Effect.fn("challenges.events.list")(function*(id: string) {
  const challenge = yield* getPublicChallenge(id)
  return yield* eventsOf(challenge.id, true)
})
