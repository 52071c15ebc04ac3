/**
 * The admin read of an event's badge (B "Events oversight": GET /v2/admin/events/{eventId}/badge).
 * The spec names the route only; events carry no badge of their own, so the answer is derived from
 * the badges mapped to the challenges attached to the event (`events.manage`, as the neighbouring
 * oversight reads).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { ChallengeBadge } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

export const EventBadgeEntry = Schema.Struct({
  badge: ChallengeBadge,
  /** The event's attached challenges the badge is mapped to. */
  challengeIds: Schema.Array(Schema.String),
  /** Athletes who earned it through those challenges. */
  awarded: Schema.Int
}).annotations({ identifier: "EventBadgeEntry" })

export const EventBadgeView = Schema.Struct({
  eventId: Schema.String,
  /** The first active badge (what the event's finishers earn); null when none. */
  badge: Schema.NullOr(ChallengeBadge),
  badges: Schema.Array(EventBadgeEntry)
}).annotations({ identifier: "EventBadgeView" })

export class AdminEventBadgeGroup extends HttpApiGroup.make("adminEventBadge")
  .add(op.get("adminEventBadge", "/v2/admin/events/:eventId/badge", { path: Schema.Struct({ eventId: Schema.String }), ok: EventBadgeView, summary: "The badges an event's finishers earn: those mapped to the challenges attached to the event, with their awards through them; 404 for an unknown event" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.manage"))
  .annotate(OpenApi.Title, "Admin: Events oversight / badge")
  .annotate(OpenApi.Description, "The badge of an event, as admins review it (events.manage)")
{}
