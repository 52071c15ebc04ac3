/** Handlers of race packs and deliverables: the athlete's (their own bookings) and the organizer's desk (tenancy-guarded). */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, OrganizerAccess, type OrganizerManagers } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const me = Effect.map(CurrentPrincipal, (p) => p.accountId)
const who = Effect.map(OrganizerAccess, organizerActor)

export const DeliverablesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "deliverables">, never, RegistrationHandlerServices | Authenticated> = apiGroup(RegistrationsApi, "deliverables", (handlers) =>
  handlers
    .handle("myDeliverables", ({ path }) => Effect.flatMap(me, (id) => Registrations.myDeliverables(id, path.bookingId)))
    .handle("shipDeliverable", ({ path, payload }) => Effect.flatMap(me, (id) => Registrations.shipDeliverable(id, path.bookingId, path.deliverableId, payload)))
    .handle("claimDeliverable", ({ path }) => Effect.flatMap(me, (id) => Registrations.claimDeliverable(id, path.bookingId, path.deliverableId)))
    .handle("myRacePack", ({ path }) => Effect.flatMap(me, (id) => Registrations.myRacePack(id, path.bookingId))))

export const RacePackDeskHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "racePackDesk">, never, RegistrationHandlerServices | OrganizerManagers> = apiGroup(RegistrationsApi, "racePackDesk", (handlers) =>
  handlers
    .handle("collectAddOn", ({ path }) => Effect.flatMap(who, (w) => Registrations.collectAddOn(w, path.addOnId)))
    .handle("reconcileRacePack", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.reconcileRacePack(w, path.bookingId, payload))))
