/**
 * An event's configuration: the plain per-event collections (add-ons, FAQs, waypoints, gallery
 * images, communications) declared from their kernel records, the repositories of the records
 * that need more than a collection (coupons with their ticket list, versioned forms, the course),
 * and the errors the configuration answers with.
 */
import {
  DomainError,
  EventAddOn,
  EventCommunication,
  type EventCoupon,
  type EventCourse,
  EventFaq,
  type EventForm,
  type EventFormVersion,
  EventGalleryImage,
  EventWaypoint
} from "@podium/kernel"
import { Context, type Effect, type Option, Schema } from "effect"
import { type CollectionRepo, defineCollection } from "../../platform/collection.js"
import type { ListPage, ListQuery, ListSpec } from "../../platform/list-query.model.js"

/** `sold` is written by registrations only (atomically against `stock`); a create starts it at 0. */
export const EventAddOns = defineCollection({
  resource: "add-on",
  record: EventAddOn,
  writable: ["eventId", "name", "description", "price", "currency", "stock", "sold", "maxPerBooking", "isActive"],
  defaults: { description: null, currency: "INR", sold: 0, maxPerBooking: 1, isActive: true },
  sort: [{ field: "createdAt", order: "ASC" }],
  searchable: ["name"]
})
export class EventAddOnRepo extends Context.Tag("@podium/core/events/EventAddOnRepo")<EventAddOnRepo, CollectionRepo<typeof EventAddOns> & {
  /**
   * The patch written only while the stock (new or kept) stays at or above the units sold, in one
   * conditional statement, so a booking taking units cannot slip between a check and the write:
   * `below` carries the units sold when refused; none when the add-on does not exist.
   */
  readonly updateAboveSold: (id: string, patch: Partial<Pick<EventAddOn, "name" | "description" | "price" | "currency" | "stock" | "maxPerBooking" | "isActive">>) =>
    Effect.Effect<Option.Option<{ readonly updated: EventAddOn } | { readonly below: number }>>
  /** Deletes an add-on no booking bought: `deleted`, `sold` (kept, with the units sold) or `missing`. */
  readonly removeUnsold: (id: string) => Effect.Effect<"deleted" | { readonly sold: number } | "missing">
}>() {}

export const EventFaqs = defineCollection({
  resource: "FAQ",
  record: EventFaq,
  writable: ["eventId", "question", "answer", "sortOrder"],
  defaults: { sortOrder: 0 },
  sort: [{ field: "sortOrder", order: "ASC" }, { field: "createdAt", order: "ASC" }],
  searchable: ["question", "answer"]
})
export class EventFaqRepo extends Context.Tag("@podium/core/events/EventFaqRepo")<EventFaqRepo, CollectionRepo<typeof EventFaqs> & {
  /** Deletes every FAQ of the event and creates `inputs`, in one transaction. */
  readonly replaceAll: (eventId: string, inputs: ReadonlyArray<FaqInput>) => Effect.Effect<ReadonlyArray<EventFaq>>
}>() {}
export interface FaqInput extends Pick<EventFaq, "question" | "answer">, Partial<Pick<EventFaq, "sortOrder">> {}

export const EventWaypoints = defineCollection({
  resource: "waypoint",
  record: EventWaypoint,
  writable: ["eventId", "name", "kind", "description", "latitude", "longitude", "distanceFromStartMeters", "sortOrder"],
  defaults: { description: null, distanceFromStartMeters: null, sortOrder: 0 },
  sort: [{ field: "sortOrder", order: "ASC" }, { field: "distanceFromStartMeters", order: "ASC" }, { field: "createdAt", order: "ASC" }],
  searchable: ["name"]
})
export class EventWaypointRepo extends Context.Tag("@podium/core/events/EventWaypointRepo")<EventWaypointRepo, CollectionRepo<typeof EventWaypoints>>() {}

export const EventGallery = defineCollection({
  resource: "gallery image",
  record: EventGalleryImage,
  writable: ["eventId", "key", "contentType", "fileName", "size", "caption", "sortOrder"],
  defaults: { caption: null, sortOrder: 0 },
  sort: [{ field: "sortOrder", order: "ASC" }, { field: "createdAt", order: "ASC" }]
})
export class EventGalleryRepo extends Context.Tag("@podium/core/events/EventGalleryRepo")<EventGalleryRepo, CollectionRepo<typeof EventGallery>>() {}

export const EventCommunications = defineCollection({
  resource: "communication template",
  record: EventCommunication,
  writable: ["eventId", "trigger", "channel", "subject", "body", "offsetMinutes", "isActive"],
  defaults: { subject: null, offsetMinutes: 0, isActive: true },
  sort: [{ field: "trigger", order: "ASC" }, { field: "channel", order: "ASC" }]
})
export class EventCommunicationRepo extends Context.Tag("@podium/core/events/EventCommunicationRepo")<
  EventCommunicationRepo,
  CollectionRepo<typeof EventCommunications>
>() {}

/** A coupon as the use case settled it (code upper-cased, instants read in the event's zone). */
export interface NewCoupon extends
  Pick<EventCoupon, "eventId" | "code" | "description" | "discountType" | "discountValue" | "currency" | "maxUses" | "maxUsesPerUser" | "ticketIds" | "validFrom" | "validUntil">
{}

/** What a coupon list lets clients filter and sort (the generic list query). */
export const CouponListSpec: ListSpec = {
  fields: {
    id: "uuid", code: "string", description: "string", discountType: "string", discountValue: "number", currency: "string",
    maxUses: "number", maxUsesPerUser: "number", used: "number", validFrom: "date", validUntil: "date", isActive: "boolean",
    createdAt: "date", updatedAt: "date", eventId: "uuid"
  },
  defaultSort: [{ field: "createdAt", order: "ASC" }],
  searchable: ["code", "description"]
}

/** Coupons of events. */
export class EventCouponRepo extends Context.Tag("@podium/core/events/EventCouponRepo")<EventCouponRepo, {
  /** Fails with CouponCodeTaken when the event already has the code. */
  readonly create: (input: NewCoupon) => Effect.Effect<EventCoupon, CouponCodeTaken>
  readonly list: (eventId: string, query: ListQuery) => Effect.Effect<ListPage<EventCoupon>>
  readonly find: (eventId: string, couponId: string) => Effect.Effect<Option.Option<EventCoupon>>
  /** The event's coupon of this code (codes are stored upper-cased). */
  readonly findByCode: (eventId: string, code: string) => Effect.Effect<Option.Option<EventCoupon>>
  /** Deletes an unused coupon: `deleted`, `used` (kept: redemptions refer to it) or `missing`. */
  readonly remove: (eventId: string, couponId: string) => Effect.Effect<"deleted" | "used" | "missing">
  /**
   * Moves the count of uses by `delta` — for writers outside a booking's SQL transaction (the
   * memory registrations twin); Postgres bookings move it in their own transaction.
   */
  readonly countUses: (couponId: string, delta: number) => Effect.Effect<void>
}>() {}

export interface NewForm extends Pick<EventForm, "eventId" | "title" | "description" | "fields"> {}
export interface FormPatch extends Partial<Pick<EventForm, "title" | "description" | "fields">> {}

/** What a form list lets clients filter and sort. */
export const FormListSpec: ListSpec = {
  fields: {
    id: "uuid", eventId: "uuid", title: "string", description: "string", version: "number", isActive: "boolean",
    createdAt: "date", updatedAt: "date"
  },
  defaultSort: [{ field: "createdAt", order: "ASC" }],
  searchable: ["title"]
}

/** Forms and their versions; deleted forms keep their versions (answers refer to them). */
export class EventFormRepo extends Context.Tag("@podium/core/events/EventFormRepo")<EventFormRepo, {
  /** Creates the form at version 1 (and its version row). */
  readonly create: (input: NewForm) => Effect.Effect<EventForm>
  readonly list: (eventId: string, query: ListQuery) => Effect.Effect<ListPage<EventForm>>
  readonly find: (eventId: string, formId: string) => Effect.Effect<Option.Option<EventForm>>
  /**
   * Changes the form; when `fields` (or the title) change, the version moves to the next number
   * and the new version row is written in the same transaction (conditional on the version read,
   * so two concurrent edits make two versions, never one lost).
   */
  readonly change: (eventId: string, formId: string, patch: FormPatch) => Effect.Effect<Option.Option<EventForm>>
  readonly toggle: (eventId: string, formId: string) => Effect.Effect<Option.Option<EventForm>>
  readonly version: (formId: string, version: number) => Effect.Effect<Option.Option<EventFormVersion>>
  /** Soft delete (the versions stay). */
  readonly remove: (eventId: string, formId: string) => Effect.Effect<boolean>
}>() {}

export interface CourseInput extends Omit<EventCourse, "createdAt" | "updatedAt"> {}

/** The course of each event (one per event; an upload replaces it). */
export class EventCourseRepo extends Context.Tag("@podium/core/events/EventCourseRepo")<EventCourseRepo, {
  readonly upsert: (input: CourseInput) => Effect.Effect<EventCourse>
  readonly find: (eventId: string) => Effect.Effect<Option.Option<EventCourse>>
}>() {}

/** Another coupon of the event has that code (codes compare case-insensitively). */
export class CouponCodeTaken extends DomainError<CouponCodeTaken>()("CouponCodeTaken", { kind: "conflict", code: "COUPON_CODE_EXISTS" }, {
  code: Schema.String
}) {
  override get message() {
    return `The event already has a coupon ${this.code}`
  }
}

/** A redeemed coupon stays: the bookings that used it refer to it. */
export class CouponInUse extends DomainError<CouponInUse>()("CouponInUse", { kind: "conflict", code: "COUPON_IN_USE" }, {
  couponId: Schema.String
}) {
  override get message() {
    return "The coupon has been redeemed and cannot be deleted; deactivate it instead"
  }
}

/** An add-on with units sold stays: the bookings that bought it refer to it. */
export class AddOnSold extends DomainError<AddOnSold>()("AddOnSold", { kind: "conflict", code: "ADD_ON_SOLD" }, {
  addOnId: Schema.String,
  sold: Schema.Int
}) {
  override get message() {
    return `The add-on has ${this.sold} unit(s) sold and cannot be deleted; deactivate it instead`
  }
}

/** The event already has a template for that trigger and channel. */
export class CommunicationExists extends DomainError<CommunicationExists>()("CommunicationExists", {
  kind: "conflict",
  code: "COMMUNICATION_TEMPLATE_EXISTS"
}, {
  trigger: Schema.String,
  channel: Schema.String
}) {
  override get message() {
    return `The event already has a ${this.channel} template for ${this.trigger}`
  }
}

/** The event has no course yet (upload a GPX first). */
export class CourseNotFound extends DomainError<CourseNotFound>()("CourseNotFound", { kind: "not-found", code: "COURSE_NOT_FOUND" }, {
  eventId: Schema.String
}) {
  override get message() {
    return "The event has no course yet; upload a GPX file first"
  }
}

/** A form version that was never written. */
export class FormVersionNotFound extends DomainError<FormVersionNotFound>()("FormVersionNotFound", { kind: "not-found" }, {
  formId: Schema.String,
  version: Schema.Int
}) {
  override get message() {
    return `Form ${this.formId} has no version ${this.version}`
  }
}

/** The gallery holds at most `limit` images. */
export class GalleryFull extends DomainError<GalleryFull>()("GalleryFull", { kind: "conflict", code: "GALLERY_FULL" }, {
  limit: Schema.Int
}) {
  override get message() {
    return `The gallery already holds ${this.limit} images; delete one first`
  }
}

/** Most images one event's gallery holds. */
export const GalleryLimit = 50
