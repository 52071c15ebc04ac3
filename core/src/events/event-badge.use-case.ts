/**
 * `GET /v2/admin/events/{eventId}/badge` (B "Events oversight"): the badge an event's finishers
 * earn. The spec names the read only, and an event carries no badge of its own: badges are mapped
 * to challenges and challenges attached to events, so the event's badges are the badges of the
 * challenges attached to it, each with the attached challenges that award it and how many athletes
 * earned it through them. `badge` is the first active one (the one the event's page shows), null
 * when none is.
 */
import type { ChallengeBadge } from "@podium/kernel"
import { Effect, Option } from "effect"
import { BadgeRepo } from "../challenges/badge.port.js"
import { ChallengeEventRepo } from "../challenges/challenge-event.port.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { EventNotFound } from "./event.model.js"
import { EventRepo } from "./event.port.js"

export interface EventBadgeEntry {
  readonly badge: ChallengeBadge
  /** The event's attached challenges the badge is mapped to, in attachment order. */
  readonly challengeIds: ReadonlyArray<string>
  /** Athletes who earned the badge through those challenges. */
  readonly awarded: number
}

export const adminEventBadge = Effect.fn("events.admin.badge")(function*(eventId: string) {
  const event = isUuid(eventId) ? yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId)) : Option.none()
  if (Option.isNone(event)) return yield* new EventNotFound({ ref: eventId })
  const badges = yield* BadgeRepo
  const links = yield* Effect.flatMap(ChallengeEventRepo, (r) => r.ofEvent(event.value.id))
  const byBadge = new Map<string, { badge: ChallengeBadge; challengeIds: Array<string> }>()
  for (const link of links) {
    for (const badge of yield* badges.ofChallenge(link.challengeId, false)) {
      const entry = byBadge.get(badge.id) ?? { badge, challengeIds: [] }
      entry.challengeIds.push(link.challengeId)
      byBadge.set(badge.id, entry)
    }
  }
  const entries = yield* Effect.forEach([...byBadge.values()], (e) =>
    Effect.map(badges.stats(e.badge.id), (stats): EventBadgeEntry => ({
      ...e,
      awarded: stats.byChallenge.filter((c) => c.challengeId !== null && e.challengeIds.includes(c.challengeId)).reduce((n, c) => n + c.awarded, 0)
    })))
  return { eventId: event.value.id, badge: entries.find((e) => e.badge.isActive)?.badge ?? null, badges: entries }
})
