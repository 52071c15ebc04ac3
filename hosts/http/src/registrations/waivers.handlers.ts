/** Handlers of Events / Waiver: the organizer's versioned waiver, acceptances and their PDFs, and the athlete's copy. */
import { type HttpApiGroup, HttpServerResponse } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const who = Effect.map(OrganizerAccess, organizerActor)
const pdf = ({ bytes, fileName }: { readonly bytes: Uint8Array; readonly fileName: string }) =>
  HttpServerResponse.uint8Array(bytes, { contentType: "application/pdf", headers: { "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" } })

export const WaiversHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "waivers">, never, RegistrationHandlerServices | Authenticated | OrganizerManagers | OrganizerReaders> = apiGroup(RegistrationsApi, "waivers", (handlers) =>
  handlers
    .handle("getWaiver", ({ path }) => Effect.flatMap(who, (w) => Registrations.eventWaiver(w, path.eventId)))
    .handle("createWaiver", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.createWaiver(w, path.eventId, payload)))
    .handle("updateWaiver", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.updateWaiver(w, path.eventId, payload)))
    .handle("deactivateWaiver", ({ path }) => Effect.flatMap(who, (w) => Registrations.deactivateWaiver(w, path.eventId)))
    .handle("waiverAcceptances", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        return { ...(yield* Registrations.waiverAcceptances(yield* who, path.eventId, page, limit)), page, limit }
      }))
    .handle("downloadWaiverAcceptance", ({ path }) => Effect.map(Effect.flatMap(who, (w) => Registrations.organizerWaiverPdf(w, path.eventId, path.participantId)), pdf))
    .handle("waiverVariables", ({ path }) => Effect.flatMap(who, (w) => Registrations.waiverVariables(w, path.eventId)))
    .handle("downloadMyWaiver", ({ path }) =>
      Effect.map(Effect.flatMap(CurrentPrincipal, (p) => Registrations.myWaiverPdf(p.accountId, path.participantId)), pdf)))
