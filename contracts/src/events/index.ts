/** Area API "events": organizers, events, slots, tickets, registrations, check-in, results. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"

export class EventsApi extends HttpApi.make(ApiId) {}
