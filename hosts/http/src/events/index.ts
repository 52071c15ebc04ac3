/** The events context's HTTP handlers: the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Challenges, Events, Identity, Media, Notifications, Payments, Platform, Registrations, Results, Wallets } from "@podium/core"
import { EventCategoriesHandlers } from "./event-categories.handlers.js"
import { BrandHandlers } from "./brand.handlers.js"
import { EditionHandlers } from "./editions.handlers.js"
import { MasterEventHandlers } from "./master-events.handlers.js"
import { EventConfigHandlers } from "./event-config.handlers.js"
import { EventAnnouncementsHandlers } from "./event-announcements.handlers.js"
import { EventCoversHandlers } from "./event-covers.handlers.js"
import { AdminEventBookingsHandlers, EventRosterHandlers } from "./events-oversight-reads.handlers.js"
import {
  EventBookmarksHandlers,
  EventReviewHandlers,
  EventSlotsHandlers,
  EventsOversightHandlers,
  EventTicketsHandlers,
  OrganizerEventsHandlers,
  PublicEventsHandlers
} from "./events.handlers.js"

export const handlers = [
  EventCategoriesHandlers,
  ...EventConfigHandlers,
  OrganizerEventsHandlers,
  EventSlotsHandlers,
  EventTicketsHandlers,
  PublicEventsHandlers,
  EventBookmarksHandlers,
  EventReviewHandlers,
  EventsOversightHandlers,
  ...EditionHandlers,
  ...MasterEventHandlers,
  ...BrandHandlers,
  AdminEventBookingsHandlers,
  EventAnnouncementsHandlers,
  EventCoversHandlers,
  EventRosterHandlers
] as const
