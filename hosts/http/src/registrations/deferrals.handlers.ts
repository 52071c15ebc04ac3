/** Handlers of Events / Deferrals: the athlete's requests and the organizer's decisions. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { bookingView, organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const who = Effect.map(OrganizerAccess, organizerActor)
const me = Effect.map(CurrentPrincipal, (p) => p.accountId)

export const DeferralsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "deferrals">, never, RegistrationHandlerServices | Authenticated | OrganizerManagers | OrganizerReaders> = apiGroup(RegistrationsApi, "deferrals", (handlers) =>
  handlers
    .handle("requestDeferral", ({ payload }) => Effect.flatMap(me, (id) => Registrations.requestDeferral(id, payload)))
    .handle("cancelDeferral", ({ path }) => Effect.flatMap(me, (id) => Registrations.cancelDeferral(id, path.deferralId)))
    .handle("fulfilDeferral", ({ path, payload }) =>
      Effect.map(Effect.flatMap(who, (w) => Registrations.fulfilDeferral(w, path.deferralId, payload)), ({ deferral, booking }) => ({ deferral, booking: bookingView(booking) })))
    .handle("issueDeferralComp", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.issueDeferralComp(w, path.deferralId, payload.note ?? null)))
    .handle("rejectDeferral", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.rejectDeferral(w, path.deferralId, payload.reason)))
    .handle("myDeferrals", () => Effect.flatMap(me, Registrations.myDeferrals))
    .handle("pendingDeferrals", ({ urlParams }) =>
      Effect.gen(function*() {
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        const result = yield* Registrations.pendingDeferrals(yield* who, urlParams.eventId, page, limit)
        return { ...result, page, limit }
      })))
