/**
 * Challenges attached to events: the challenge's manager (its creator's OWNER/ADMIN, or an admin
 * with `challenges.manage`) attaches and detaches; the public lists a public challenge's publicly
 * visible events.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { EventStatus, Instant } from "@podium/kernel"
import { Schema } from "effect"
import { AdminsNeed, Authenticated, op, Requires } from "../common/index.js"

export const ChallengeEventView = Schema.Struct({
  eventId: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  sport: Schema.String,
  city: Schema.String,
  country: Schema.String,
  startsAt: Instant,
  endsAt: Instant,
  timezone: Schema.String,
  status: EventStatus,
  attachedAt: Instant
}).annotations({ identifier: "ChallengeEvent" })
export const ChallengeEventsView = Schema.Struct({ challengeId: Schema.String, events: Schema.Array(ChallengeEventView) })
const LinkPath = Schema.Struct({ id: Schema.String, eventId: Schema.String })

export class ChallengeEventsGroup extends HttpApiGroup.make("challengeEvents")
  .add(op.get("challengeEvents", "/v2/challenges/:id/events", { path: Schema.Struct({ id: Schema.String }), ok: Schema.Array(ChallengeEventView), summary: "The publicly visible events a public challenge is attached to (public)" }))
  .add(op.post("attachChallengeToEvent", "/v2/challenges/:id/attach-to-event/:eventId", { path: LinkPath, ok: ChallengeEventsView, summary: "Attach the challenge to an event (idempotent); answers every attached event" }).middleware(Authenticated).annotate(Requires, AdminsNeed("challenges.manage")).annotate(OpenApi.Description, "409 EVENT_NOT_ATTACHABLE for a cancelled event, or another organizer's event when the challenge is an organizer's."))
  .add(op.del("detachChallengeFromEvent", "/v2/challenges/:id/attach-to-event/:eventId", { path: LinkPath, ok: ChallengeEventsView, summary: "Detach the challenge from an event (404 CHALLENGE_EVENT_NOT_ATTACHED when it was not)" }).middleware(Authenticated).annotate(Requires, AdminsNeed("challenges.manage")))
  .annotate(OpenApi.Title, "Challenge events")
{}
