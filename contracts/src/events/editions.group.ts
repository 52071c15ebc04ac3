/**
 * Editions (C "Editions", "Event configuration: edition"; B "Editions"; the editions payment-gateway
 * webhook of C "Inbound callbacks"). An edition is a dated instance of an event series. The spec
 * shows no bodies; these are our design: organizers upsert an edition by `year` and change one by
 * id (dates without an offset are read in the event's time zone); athletes register (free:
 * confirmed; paid: a gateway order to pay, confirmed by verify or by the gateway's webhook); admins
 * (`events.manage`) list, read, count and override the status.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Edition, EditionRegistration, EditionStatus, inputOf, IntFromText, NonEmptyStr, Optional, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, GetMany, op, OrganizerManagers, Requires, Role } from "../common/index.js"
import { DateTimeText } from "./organizer-staff-tasks.group.js"

const DateTimeOrNull = Schema.NullOr(DateTimeText)
const PageParams = { page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }

/** The fields an organizer may set on an edition (all optional on change; dates and capacity needed to create one). */
const EditionFields = {
  ...inputOf(Edition, { required: [], optional: ["name", "mode", "price", "capacity", "status"] }).fields,
  startsAt: Optional(DateTimeText),
  endsAt: Optional(DateTimeText),
  registrationOpensAt: Optional(DateTimeOrNull),
  registrationClosesAt: Optional(DateTimeOrNull)
}

export const UpsertEditionBody = Body({ ...inputOf(Edition, { required: ["year"], optional: [] }).fields, ...EditionFields })
export const UpdateEditionBody = Body(EditionFields)

export const EditionPage = GetMany(Edition).annotations({ identifier: "EditionPage" })

export const EditionCheckout = Schema.Struct({
  provider: Schema.String,
  orderId: Schema.String,
  /** Minor units. */
  amount: Schema.Int,
  currency: Schema.String,
  /** The gateway's public key id the app opens checkout with. */
  keyId: Schema.String
}).annotations({ identifier: "EditionCheckout" })

export const EditionRegistrationResult = Schema.Struct({
  registration: EditionRegistration,
  /** The order to pay for a paid edition; null when the registration is confirmed. */
  payment: Schema.NullOr(EditionCheckout)
}).annotations({ identifier: "EditionRegistrationResult" })

export const MyRegistration = Schema.Struct({ ...EditionRegistration.fields, edition: Edition }).annotations({ identifier: "MyEditionRegistration" })
export const MyRegistrationPage = GetMany(MyRegistration).annotations({ identifier: "MyEditionRegistrationPage" })

export const VerifyEditionPaymentBody = Body({ orderId: NonEmptyStr, paymentId: NonEmptyStr, signature: NonEmptyStr })

export const EditionStats = Schema.Struct({
  total: Schema.Int,
  byStatus: Schema.Array(Schema.Struct({ status: EditionStatus, count: Schema.Int })),
  registrations: Schema.Struct({ confirmed: Schema.Int, pendingPayment: Schema.Int }),
  revenue: Schema.Int
}).annotations({ identifier: "EditionStats" })

export const AdminEditionQuery = Query({ status: Optional(EditionStatus), eventId: Optional(UuidStr), ...PageParams })
export const EditionStatusBody = Body({ status: EditionStatus, reason: Optional(StrLength(10, 500)) })

/** An event as its series (the spec names the read, not its body): its public editions and the current one. */
export const EventSeries = Schema.Struct({
  eventId: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  timezone: Schema.String,
  editionCount: Schema.Int,
  /** The earliest public edition not cancelled and not yet ended; null when none is ahead. */
  current: Schema.NullOr(Edition),
  /** Every public edition, newest first (one per year, so the series is never paged). */
  editions: Schema.Array(Edition)
}).annotations({ identifier: "EventSeries" })

export const GatewayWebhookHeaders = Schema.Struct({
  "x-razorpay-signature": Schema.optional(Schema.String),
  "x-razorpay-event-id": Schema.optional(Schema.String)
})
export const GatewayWebhookAnswer = Schema.Struct({
  id: Schema.String,
  status: Schema.String,
  duplicate: Schema.Boolean
}).annotations({ identifier: "GatewayWebhookAnswer" })

const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })
const IdOrSlugPath = Schema.Struct({ idOrSlug: Schema.String })

export class PublicEditionsGroup extends HttpApiGroup.make("publicEditions")
  .add(op.get("getEdition", "/v2/editions/:idOrSlug", { path: IdOrSlugPath, ok: Edition, summary: "A published (or closed, or cancelled) edition of a public event, by id or slug" }))
  .add(op.get("eventEditions", "/v2/events/:idOrSlug/editions", { path: IdOrSlugPath, query: Query(PageParams), ok: EditionPage, summary: "A public event's editions (not drafts), newest first" }))
  .add(op.get("eventSeries", "/v2/events/:eventId/series", { path: Schema.Struct({ eventId: Schema.String }), ok: EventSeries, summary: "A public event (by id or slug) as its series: every public edition, newest first, and the current one; 404 for an event the public cannot see" }))
  .annotate(OpenApi.Title, "Editions")
  .annotate(OpenApi.Description, "Dated editions of event series, as the public reads them")
{}

export class EditionRegistrationsGroup extends HttpApiGroup.make("editionRegistrations")
  .add(op.post("registerForEdition", "/v2/editions/:idOrSlug/register", { path: IdOrSlugPath, ok: EditionRegistrationResult, status: 201, summary: "Register for a published edition within its window: free → confirmed; paid → pending with a gateway order (409 EDITION_FULL, EDITION_ALREADY_REGISTERED, EDITION_REGISTRATION_CLOSED)" }))
  .add(op.post("verifyEditionRegistration", "/v2/editions/registrations/:registrationId/verify", { path: Schema.Struct({ registrationId: Schema.String }), body: VerifyEditionPaymentBody, ok: EditionRegistration, summary: "Confirm the caller's pending registration with the gateway checkout's payment (signature and payment checked at the gateway)" }))
  .add(op.get("myRegistrations", "/v2/me/registrations", { query: Query(PageParams), ok: MyRegistrationPage, summary: "The caller's edition registrations with their editions, newest first" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Editions / registrations")
  .annotate(OpenApi.Description, "Athletes' registrations for editions")
{}

export class OrganizerEditionsGroup extends HttpApiGroup.make("organizerEditions")
  .add(op.patch("upsertEventEdition", "/v2/organizers/events/:eventId/edition", { path: Schema.Struct({ eventId: Schema.String }), body: UpsertEditionBody, headers: OrganizerHeader, ok: Edition, summary: "Create the event's edition of `year` (dates and capacity required) or change it; `status` moves it (publish, close, cancel, back to draft while nobody registered)" }).middleware(OrganizerManagers))
  .add(op.patch("updateEventEdition", "/v2/organizers/events/:eventId/editions/:editionId", { path: Schema.Struct({ eventId: Schema.String, editionId: Schema.String }), body: UpdateEditionBody, headers: OrganizerHeader, ok: Edition, summary: "Change one edition of the event; capacity never below the places held" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Event configuration: edition")
  .annotate(OpenApi.Description, "The organizer's editions of an event series")
{}

export class AdminEditionsGroup extends HttpApiGroup.make("adminEditions")
  .add(op.get("adminListEditions", "/v2/admin/editions", { query: AdminEditionQuery, ok: EditionPage, summary: "Every edition, newest first; filters status and event" }))
  .add(op.get("adminEditionStats", "/v2/admin/editions/stats", { ok: EditionStats, summary: "Editions per status, registrations confirmed and pending, confirmed revenue (minor units)" }))
  .add(op.get("adminGetEdition", "/v2/admin/editions/:id", { path: Schema.Struct({ id: Schema.String }), ok: Edition, summary: "Any edition (any status)" }))
  .add(op.patch("adminSetEditionStatus", "/v2/admin/editions/:id/status", { path: Schema.Struct({ id: Schema.String }), body: EditionStatusBody, ok: Edition, summary: "Override the status (publish, close, reopen, cancel, back to draft) with an optional reason, audited" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.manage"))
  .annotate(OpenApi.Title, "Admin: Editions")
  .annotate(OpenApi.Description, "Admin oversight of editions (events.manage)")
{}

export class EditionsWebhookGroup extends HttpApiGroup.make("editionsWebhook")
  .add(op.post("editionsPaymentWebhook", "/v2/editions/webhooks/payment-gateway", { headers: GatewayWebhookHeaders, ok: GatewayWebhookAnswer, summary: "The payment gateway's webhook for edition orders: signature checked, stored in the inbox first, processed once (a redelivery answers duplicate)" }))
  .annotate(OpenApi.Title, "Inbound callbacks / editions payment gateway")
{}

/** The master-events callback: the same gateway, the same inbox (processors act by the order's purpose). */
export class MasterEventsWebhookGroup extends HttpApiGroup.make("masterEventsWebhook")
  .add(op.post("masterEventsPaymentWebhook", "/v2/master-events/webhooks/payment-gateway", { headers: GatewayWebhookHeaders, ok: GatewayWebhookAnswer, summary: "The payment gateway's webhook: signature checked, stored in the inbox first, processed once by the processors of the order's purpose (a redelivery answers duplicate)" }))
  .annotate(OpenApi.Title, "Inbound callbacks / master events payment gateway")
{}
