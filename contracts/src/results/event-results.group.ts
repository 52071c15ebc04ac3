/**
 * Event results (C Events "results/publish", "results/unpublish", "results/state"): the organizer's
 * team publishes the event's results (its leaderboards become public) or withdraws them. Each move
 * is one conditional update, audited; a second publish is 409 RESULTS_STATUS_CONFLICT and
 * publishing an event without results is 409 RESULTS_EMPTY.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { EventResultsState, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"

const Id = Schema.Struct({ id: UuidStr })
const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })

export class EventResultsGroup extends HttpApiGroup.make("eventResults")
  .add(op.post("publishEventResults", "/v2/events/:id/results/publish", { path: Id, headers: OrganizerHeader, ok: EventResultsState, summary: "Publish the event's results (409 RESULTS_EMPTY without results, RESULTS_STATUS_CONFLICT when already published)" }).middleware(OrganizerManagers))
  .add(op.post("unpublishEventResults", "/v2/events/:id/results/unpublish", { path: Id, headers: OrganizerHeader, ok: EventResultsState, summary: "Withdraw the event's published results (409 RESULTS_STATUS_CONFLICT when not published)" }).middleware(OrganizerManagers))
  .add(op.get("eventResultsState", "/v2/events/:id/results/state", { path: Id, headers: OrganizerHeader, ok: EventResultsState, summary: "Whether the event's results are published, by whom and when, with its leaderboards and finishers" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Events / Results")
  .annotate(OpenApi.Description, "Publication of an event's results")
{}
