/**
 * Challenges attached to events: the challenge's manager (its creator's OWNER/ADMIN, or an admin
 * with `challenges.manage`) attaches and detaches; the public lists a public challenge's publicly
 * visible events.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, ChallengeAudience, EventStatus, Instant, UuidStr } from "@podium/kernel"
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

export const AddAudienceBody = Body({ kind: ChallengeAudience.fields.kind, refId: UuidStr })

/** Who may join: no audience, anyone; with audiences, only the ACTIVE members of one of their clubs (403 NOT_IN_CHALLENGE_AUDIENCE on join). */
export class ChallengeAudiencesGroup extends HttpApiGroup.make("challengeAudiences")
  .add(op.get("challengeAudiences", "/v2/challenges/:id/audiences", { path: Schema.Struct({ id: Schema.String }), ok: Schema.Array(ChallengeAudience), summary: "The audiences a challenge is open to (none: every athlete)" }))
  .add(op.post("addChallengeAudience", "/v2/challenges/:id/audiences", { path: Schema.Struct({ id: Schema.String }), body: AddAudienceBody, ok: ChallengeAudience, status: 201, summary: "Open the challenge to a club's members only (and to those of its other audiences); 409 AUDIENCE_ALREADY_ADDED" }))
  .add(op.del("removeChallengeAudience", "/v2/challenges/:id/audiences/:audienceId", { path: Schema.Struct({ id: Schema.String, audienceId: Schema.String }), ok: Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) }), summary: "Remove an audience (with none left, every athlete may join)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminsNeed("challenges.manage"))
  .annotate(OpenApi.Title, "Challenge audiences")
{}
