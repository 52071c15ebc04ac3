/** Area API "events": organizers, events, slots, tickets, registrations, check-in, results. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"
import { MediaGroup } from "./media.group.js"
import { OrganizationsGroup } from "./organizations.group.js"
import { OrganizerTeamGroup } from "./organizer-team.group.js"
import { OrganizersGroup } from "./organizers.group.js"

export * from "./media.group.js"
export * from "./organizations.group.js"
export * from "./organizer-team.group.js"
export * from "./organizer.dto.js"
export * from "./organizers.group.js"

export class EventsApi extends HttpApi.make(ApiId)
  .add(MediaGroup)
  .add(OrganizersGroup)
  .add(OrganizationsGroup)
  .add(OrganizerTeamGroup) {}
