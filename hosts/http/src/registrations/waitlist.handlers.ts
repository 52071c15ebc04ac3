/** Handlers of Events / Waitlist: the athlete's places and the organizer's waitlist and self-service tools. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const who = Effect.map(OrganizerAccess, organizerActor)
const me = Effect.map(CurrentPrincipal, (p) => p.accountId)
const place = (q: Registrations.QueuedEntry) => ({ ...q.entry, position: q.position })

export const WaitlistHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "waitlist">, never, RegistrationHandlerServices | Authenticated | OrganizerManagers | OrganizerReaders> = apiGroup(RegistrationsApi, "waitlist", (handlers) =>
  handlers
    .handle("joinWaitlist", ({ payload }) => Effect.map(Effect.flatMap(me, (id) => Registrations.joinWaitlist(id, payload)), place))
    .handle("leaveWaitlist", ({ path }) => Effect.flatMap(me, (id) => Registrations.leaveWaitlist(id, path.entryId)))
    .handle("myWaitlist", () => Effect.map(Effect.flatMap(me, Registrations.myWaitlist), (rows) => rows.map(place)))
    .handle("waitlistPosition", ({ urlParams }) => Effect.flatMap(me, (id) => Registrations.waitlistPosition(id, urlParams.eventId)))
    .handle("eventWaitlist", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        const result = yield* Registrations.eventWaitlist(yield* who, path.eventId, { status: urlParams.status, page, limit })
        return { items: result.items.map(place), total: result.total, page, limit }
      }))
    .handle("removeWaitlistEntry", ({ path }) => Effect.flatMap(who, (w) => Registrations.removeWaitlistEntry(w, path.eventId, path.entryId, null)))
    .handle("renotifyWaitlistEntry", ({ path }) =>
      Effect.map(Effect.flatMap(who, (w) => Registrations.renotifyWaitlistEntry(w, path.eventId, path.entryId)), ({ notified, ...q }) => ({ ...place(q), notified })))
    .handle("promoteWaitlistEntry", ({ path, payload }) => Effect.map(Effect.flatMap(who, (w) => Registrations.promoteWaitlistEntry(w, path.eventId, path.entryId, payload.reason)), place))
    .handle("selfServiceConfig", ({ path }) => Effect.flatMap(who, (w) => Registrations.selfServiceConfig(w, path.eventId)))
    .handle("updateSelfServiceConfig", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.updateSelfServiceConfig(w, path.eventId, payload))))
