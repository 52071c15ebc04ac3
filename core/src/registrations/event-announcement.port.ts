/** Event announcements: the organizer's messages to an event's participants. */
import type { EventAnnouncement } from "@podium/kernel"
import { Context, type Effect } from "effect"

export interface NewEventAnnouncement extends Omit<EventAnnouncement, "id" | "createdAt" | "recipients" | "messages"> {}

export interface AnnouncementPage {
  readonly items: ReadonlyArray<EventAnnouncement>
  readonly total: number
}

export class EventAnnouncementRepo extends Context.Tag("@podium/core/registrations/EventAnnouncementRepo")<EventAnnouncementRepo, {
  /** Records the announcement with the counts of what was queued (call it in the unit of work that queued the messages). */
  readonly create: (input: NewEventAnnouncement, counts: { readonly recipients: number; readonly messages: number }) => Effect.Effect<EventAnnouncement>
  /** An event's announcements, newest first. */
  readonly ofEvent: (eventId: string, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<AnnouncementPage>
  /** An organizer's `public` announcements of its publicly visible events, newest first. */
  readonly publicOfOrganizer: (organizerId: string, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<AnnouncementPage>
}>() {}
