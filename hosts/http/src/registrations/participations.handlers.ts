/** Handlers of Events / Participations: the athlete's bookings. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { bookingView, type RegistrationHandlerServices } from "./registrations.views.js"
import { readUpload } from "../organizers/organizer.view.js"
import { apiGroup } from "../serving/served-groups.js"

const page = (q: { readonly page?: number | undefined; readonly limit?: number | undefined }) => ({ page: q.page ?? 1, limit: q.limit ?? 20 })

export const ParticipationsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "participations">, never, RegistrationHandlerServices | Authenticated> = apiGroup(RegistrationsApi, "participations", (handlers) =>
  handlers
    .handle("book", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const { booking, payment } = yield* Registrations.book(me.accountId, payload)
        return bookingView(booking, payment)
      }))
    .handle("previewBooking", ({ payload }) => Registrations.previewBooking(payload))
    .handle("previewBookingPublic", ({ payload }) => Registrations.previewBooking(payload))
    .handle("myBookings", ({ urlParams }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const { page: p, limit } = page(urlParams)
        const result = yield* Registrations.myBookings(me.accountId, { eventId: urlParams.eventId, page: p, limit })
        return { items: result.items.map((b) => bookingView(b)), total: result.total, page: p, limit }
      }))
    .handle("myBookingsForEvent", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const result = yield* Registrations.myBookings(me.accountId, { eventId: path.eventId, page: 1, limit: 100 })
        return result.items.map((b) => bookingView(b))
      }))
    .handle("updateMyBooking", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Effect.map(Registrations.updateMyBooking(me.accountId, path.id, payload), (b) => bookingView(b))))
    .handle("myBooking", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return bookingView(yield* Registrations.myBooking(me.accountId, path.id))
      }))
    .handle("cancelMyBooking", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return bookingView(yield* Registrations.cancelMyBooking(me.accountId, path.id))
      }))
    .handle("resumePayment", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const { booking, payment } = yield* Registrations.resumePayment(me.accountId, path.id)
        return bookingView(booking, payment)
      }))
    .handle("shareCardContext", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Registrations.shareCardContext(me.accountId, path.bookingId)))
    .handle("finisherCardContext", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Registrations.finisherCardContext(me.accountId, path.bookingId)))
    .handle("uploadEventFormFile", ({ path, payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Registrations.uploadEventFormFile(me.accountId, path.eventId, yield* readUpload(payload.file))
      }))
    .handle("selfEditParticipant", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Registrations.selfEditParticipant(me.accountId, path.participationId, path.participantId, payload))))
