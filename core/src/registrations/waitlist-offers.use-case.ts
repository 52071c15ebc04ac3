/** Offer notifications of the waitlists, queued in the outbox after the offers committed. */
import { Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import { EventRepo } from "../events/event.port.js"
import { enqueueNotification } from "../notifications/enqueue-notification.use-case.js"
import { Transactor } from "../platform/transactor.port.js"
import { WaitlistRepo } from "./waitlist.port.js"

/**
 * Queues the message of every open offer not yet notified (e-mail and SMS to the athlete's
 * contacts) in one unit of work with marking them notified: a message exists exactly when its
 * offer is marked. Runs after the offers committed (by the use cases that free seats and by the
 * sweep job).
 */
export const notifyWaitlistOffers = Effect.fn("registrations.notifyWaitlistOffers")(function*() {
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const offers = yield* Effect.flatMap(WaitlistRepo, (r) => r.claimUnnotified(100))
    for (const entry of offers) {
      const user = yield* Effect.flatMap(UserRepo, (r) => r.findById(entry.userId))
      const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(entry.eventId))
      const title = Option.match(event, { onNone: () => "your event", onSome: (e) => e.title })
      const body = `A place for ${title} is yours until ${entry.offerExpiresAt?.toISOString() ?? "soon"}: book ${entry.partySize} seat(s) before then or it passes to the next person on the waitlist.`
      const message = { userId: entry.userId, subject: `Your waitlist offer for ${title}`, body, category: "transactional", producer: `registrations.waitlist-offer:${entry.id}` }
      const email = Option.flatMap(user, (u) => Option.fromNullable(u.email))
      const phone = Option.flatMap(user, (u) => Option.fromNullable(u.phoneNumber))
      if (Option.isSome(email)) yield* enqueueNotification({ ...message, channel: "EMAIL", recipient: email.value })
      if (Option.isSome(phone)) yield* enqueueNotification({ ...message, channel: "SMS", recipient: phone.value })
    }
    return offers.length
  }))
})

