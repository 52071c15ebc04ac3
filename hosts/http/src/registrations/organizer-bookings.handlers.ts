/** Handlers of Events / Bookings: the organizer's bookings of an event (tenancy-guarded). */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { bookingView, organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const who = Effect.map(OrganizerAccess, organizerActor)

export const OrganizerBookingsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerBookings">, never, RegistrationHandlerServices | OrganizerManagers | OrganizerReaders> = apiGroup(RegistrationsApi, "organizerBookings", (handlers) =>
  handlers
    .handle("listBookings", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        const result = yield* Registrations.listBookings(yield* who, path.eventId, {
          status: urlParams.status,
          ticketId: urlParams.ticketId,
          slotId: urlParams.slotId,
          q: urlParams.q,
          page,
          limit
        })
        return { items: result.items.map((b) => bookingView(b)), total: result.total, page, limit }
      }))
    .handle("getBooking", ({ path }) =>
      Effect.map(Effect.flatMap(who, (w) => Registrations.organizerBooking(w, path.eventId, path.participationId)), (b) => bookingView(b)))
    .handle("cancelBooking", ({ path, payload }) =>
      Effect.map(Effect.flatMap(who, (w) => Registrations.cancelBooking(w, path.eventId, path.participationId, payload.reason ?? null)), (b) => bookingView(b)))
    .handle("toggleBookingCheckIn", ({ path }) => Effect.flatMap(who, (w) => Registrations.toggleBookingCheckIn(w, path.eventId, path.participationId)))
    .handle("updateBookingParticipant", ({ path, payload }) =>
      Effect.flatMap(who, (w) => Registrations.updateParticipant(w, path.eventId, path.participationId, path.participantId, payload)))
    .handle("cancelBookingParticipant", ({ path, payload }) =>
      Effect.map(
        Effect.flatMap(who, (w) => Registrations.cancelParticipant(w, path.eventId, path.participationId, path.participantId, payload.reason ?? null)),
        (b) => bookingView(b)
      ))
    .handle("resendBookingTicket", ({ path, payload }) =>
      Effect.flatMap(who, (w) => Registrations.resendTicket(w, path.eventId, path.participationId, payload.participantIds)))
    .handle("bookingTimeline", ({ path }) => Effect.flatMap(who, (w) => Registrations.bookingTimeline(w, path.eventId, path.participationId)))
    .handle("bulkCancelBookings", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.bulkCancel(w, path.eventId, payload))))
