/** The memory twin of event announcements (the public rule read from the events twin, as the SQL joins events). */
import type { EventAnnouncement } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { isPubliclyVisible } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { EventAnnouncementRepo } from "../registrations/event-announcement.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const EventAnnouncementRepoMemory = Layer.effect(EventAnnouncementRepo, Effect.gen(function*() {
  const events = yield* EventRepo
  const rows: Array<EventAnnouncement> = []
  const page = (found: ReadonlyArray<EventAnnouncement>, p: { readonly limit: number; readonly offset: number }) => {
    const newest = [...found].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id))
    return { items: newest.slice(p.offset, p.offset + p.limit), total: newest.length }
  }
  return EventAnnouncementRepo.of({
    create: (input, counts) =>
      Effect.sync(() => {
        const announcement: EventAnnouncement = { ...input, ...counts, id: nextMemoryId(), createdAt: new Date() }
        rows.push(announcement)
        return announcement
      }),
    ofEvent: (eventId, p) => Effect.sync(() => page(rows.filter((a) => a.eventId === eventId), p)),
    publicOfOrganizer: (organizerId, p) =>
      Effect.gen(function*() {
        const shown: Array<EventAnnouncement> = []
        for (const a of rows) {
          if (a.organizerId !== organizerId || a.visibility !== "public") continue
          const event = yield* events.findById(a.eventId)
          if (Option.isSome(event) && isPubliclyVisible(event.value)) shown.push(a)
        }
        return page(shown, p)
      })
  })
}))
