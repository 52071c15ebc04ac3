/** Handlers of the editions groups: one use case each; the gateway webhook goes through the payments inbox. */
import { type HttpApiGroup, HttpServerRequest } from "@effect/platform"
import { CurrentPrincipal, OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Events, type Identity, Payments, type Platform } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { EventHandlerServices } from "./events.handlers.js"

type EditionHandlerServices =
  | EventHandlerServices
  | Events.EditionRepo
  | Payments.PaymentGateway
  | Payments.PaymentOrderRepo
  | Payments.WebhookEventRepo
  | Payments.PaymentEventProcessors
  | Identity.SecureRandom
  | Platform.Transactor

export const PublicEditionsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "publicEditions">, never, EditionHandlerServices> =
  apiGroup(EventsApi, "publicEditions", (handlers) =>
    handlers
      .handle("getEdition", ({ path }) => Events.publicEdition(path.idOrSlug))
      .handle("eventEditions", ({ path, urlParams }) => Events.listEventEditions(path.idOrSlug, urlParams))
      .handle("eventSeries", ({ path }) => Events.eventSeries(path.eventId)))

export const EditionRegistrationsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "editionRegistrations">, never, EditionHandlerServices> =
  apiGroup(EventsApi, "editionRegistrations", (handlers) =>
    handlers
      .handle("registerForEdition", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Events.registerForEdition(me, path.idOrSlug)))
      .handle("verifyEditionRegistration", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.verifyEditionRegistration(me, path.registrationId, payload)))
      .handle("myRegistrations", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Events.myEditionRegistrations(me.accountId, urlParams))))

export const OrganizerEditionsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerEditions">, never, EditionHandlerServices> =
  apiGroup(EventsApi, "organizerEditions", (handlers) =>
    handlers
      .handle("upsertEventEdition", ({ path, payload: { year, ...input } }) =>
        Effect.flatMap(OrganizerAccess, (g) => Events.upsertEventEdition(g, path.eventId, year, input)))
      .handle("updateEventEdition", ({ path, payload }) =>
        Effect.flatMap(OrganizerAccess, (g) => Events.updateEventEdition(g, path.eventId, path.editionId, payload))))

export const AdminEditionsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminEditions">, never, EditionHandlerServices> =
  apiGroup(EventsApi, "adminEditions", (handlers) =>
    handlers
      .handle("adminListEditions", ({ urlParams }) => Events.adminListEditions(urlParams))
      .handle("adminEditionStats", () => Events.editionStats)
      .handle("adminGetEdition", ({ path }) => Events.adminGetEdition(path.id))
      .handle("adminSetEditionStatus", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.adminSetEditionStatus(me, path.id, payload.status, payload.reason ?? null))))

/** The raw body as the gateway signed it, into the inbox under the configured gateway's name. */
const ingestGatewayDelivery = (headers: { readonly "x-razorpay-signature"?: string | undefined; readonly "x-razorpay-event-id"?: string | undefined }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const raw = yield* request.text.pipe(Effect.orElseSucceed(() => ""))
    const gateway = yield* Payments.PaymentGateway
    const { event, duplicate } = yield* Payments.ingestGatewayWebhook(gateway.provider, raw, headers["x-razorpay-signature"], headers["x-razorpay-event-id"])
    return { id: event.id, status: event.status, duplicate }
  })

export const EditionsWebhookHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "editionsWebhook">, never, EditionHandlerServices> =
  apiGroup(EventsApi, "editionsWebhook", (handlers) => handlers.handle("editionsPaymentWebhook", ({ headers }) => ingestGatewayDelivery(headers)))

export const MasterEventsWebhookHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "masterEventsWebhook">, never, EditionHandlerServices> =
  apiGroup(EventsApi, "masterEventsWebhook", (handlers) => handlers.handle("masterEventsPaymentWebhook", ({ headers }) => ingestGatewayDelivery(headers)))

export const BibClaimTermsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "bibClaimTerms">, never, EditionHandlerServices | Events.BibClaimTermsRepo> =
  apiGroup(EventsApi, "bibClaimTerms", (handlers) =>
    handlers
      .handle("listBibClaimTerms", ({ urlParams }) => Events.listBibClaimTerms(urlParams))
      .handle("getBibClaimTerms", ({ path }) => Events.getBibClaimTerms(path.eventId))
      .handle("putBibClaimTerms", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.putBibClaimTerms(me, path.eventId, { ...payload, pickupInstructions: payload.pickupInstructions ?? null }))))

export const EditionHandlers = [
  PublicEditionsHandlers,
  EditionRegistrationsHandlers,
  OrganizerEditionsHandlers,
  AdminEditionsHandlers,
  EditionsWebhookHandlers,
  MasterEventsWebhookHandlers,
  BibClaimTermsHandlers
] as const
