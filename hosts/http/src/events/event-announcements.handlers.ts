/** Handlers of event announcements: the organizer's post (for the organizer the tenancy guard granted) and the organization's public list. */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { type Notifications, type Platform, Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor } from "../registrations/registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"
import type { EventHandlerServices } from "./events.handlers.js"

export const EventAnnouncementsHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "eventAnnouncements">,
  never,
  | EventHandlerServices
  | Registrations.ParticipationRepo
  | Registrations.EventAnnouncementRepo
  | Platform.Transactor
  | Notifications.OutboxRepo
  | Notifications.RetryPolicyRepo
  | Notifications.DeviceTokenRepo
> = apiGroup(EventsApi, "eventAnnouncements", (handlers) =>
  handlers
    .handle("announceToParticipants", ({ path, payload }) =>
      Effect.flatMap(OrganizerAccess, (g) =>
        Registrations.announceToParticipants(organizerActor(g), path.id, payload)))
    .handle("organizationAnnouncements", ({ path, urlParams }) => Registrations.organizationAnnouncements(path.id, urlParams)))
