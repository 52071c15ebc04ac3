/**
 * Event announcements (C "Events": `POST /v2/events/{id}/announcements` "pushes to participants";
 * C "Organizations": `GET /v2/organizations/{id}/announcements`). The message goes to the active
 * seats of confirmed bookings: e-mail and SMS to each seat's own contacts (one message per
 * distinct address), push to the bookers' active devices. Every message is an outbox row written
 * in one unit of work with the announcement, so the announcement exists exactly when its messages
 * do and delivery (retries included) is the worker's. Pending and cancelled bookings are not told:
 * they hold no place. A cancelled event still takes announcements (telling its participants about
 * refunds is what they are for); a suspended one takes no writes.
 */
import type { EventAnnouncement } from "@podium/kernel"
import { Effect } from "effect"
import { EventSuspended } from "../events/event.model.js"
import { enqueueNotification } from "../notifications/enqueue-notification.use-case.js"
import { DeviceTokenRepo } from "../notifications/inbox.port.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { everyBooking } from "./admin-event-oversight.use-case.js"
import { EventAnnouncementRepo } from "./event-announcement.port.js"
import { auditActor, type OrganizerActor, organizerEvent } from "./organizer-bookings.use-case.js"

export interface AnnouncementInput extends Pick<EventAnnouncement, "title" | "message"> {
  readonly channels?: EventAnnouncement["channels"] | undefined
  readonly visibility?: EventAnnouncement["visibility"] | undefined
}

export const announceToParticipants = Effect.fn("registrations.announcements.post")(function*(who: OrganizerActor, eventId: string, input: AnnouncementInput) {
  const event = yield* organizerEvent(who, eventId)
  if (event.status === "suspended") return yield* new EventSuspended({ eventId: event.id })
  const channels = input.channels ?? ["EMAIL", "PUSH"]
  const seats = (yield* everyBooking(event.id, "CONFIRMED")).flatMap((b) =>
    b.participants.filter((p) => p.status === "ACTIVE").map((p) => ({ ...p, userId: b.participation.userId }))
  )
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const producer = `registrations.event-announcement:${event.id}`
    const message = { subject: `${event.title}: ${input.title}`, body: input.message, category: "events", producer }
    let messages = 0
    const send = (channel: "EMAIL" | "SMS" | "PUSH", recipient: string, userId: string) =>
      Effect.tap(enqueueNotification({ ...message, channel, recipient, userId }), () => Effect.sync(() => void messages++))
    const sentTo = new Set<string>()
    for (const seat of seats) {
      if (channels.includes("EMAIL") && !sentTo.has(`e:${seat.email.toLowerCase()}`)) {
        sentTo.add(`e:${seat.email.toLowerCase()}`)
        yield* send("EMAIL", seat.email, seat.userId)
      }
      if (channels.includes("SMS") && seat.phoneNumber !== null && !sentTo.has(`s:${seat.phoneNumber}`)) {
        sentTo.add(`s:${seat.phoneNumber}`)
        yield* send("SMS", seat.phoneNumber, seat.userId)
      }
    }
    if (channels.includes("PUSH")) {
      for (const userId of new Set(seats.map((s) => s.userId))) {
        const tokens = yield* Effect.flatMap(DeviceTokenRepo, (r) => r.listForUser(userId))
        for (const t of tokens) if (t.active) yield* send("PUSH", t.token, userId)
      }
    }
    const announcement = yield* Effect.flatMap(EventAnnouncementRepo, (r) =>
      r.create({
        eventId: event.id,
        organizerId: event.organizerId,
        title: input.title,
        message: input.message,
        channels,
        visibility: input.visibility ?? "participants",
        createdBy: who.actor
      }, { recipients: seats.length, messages }))
    yield* Effect.flatMap(AuditLog, (log) =>
      log.append({
        action: "registrations.event_announcement.posted",
        actor: auditActor(who),
        subject: { kind: "event", id: event.id },
        data: { announcementId: announcement.id, recipients: seats.length, messages, channels }
      }))
    return announcement
  }))
})

/** An organization's public announcements of its publicly visible events, newest first (public). */
export const organizationAnnouncements = Effect.fn("registrations.announcements.ofOrganization")(function*(
  organizerId: string,
  paging: { readonly page?: number | undefined; readonly limit?: number | undefined }
) {
  const page = paging.page ?? 1
  const limit = paging.limit ?? 20
  const found = isUuid(organizerId)
    ? yield* Effect.flatMap(EventAnnouncementRepo, (r) => r.publicOfOrganizer(organizerId, { limit, offset: (page - 1) * limit }))
    : { items: [], total: 0 }
  return { data: found.items, count: found.items.length, total: found.total, page, pageCount: Math.ceil(found.total / limit) }
})
