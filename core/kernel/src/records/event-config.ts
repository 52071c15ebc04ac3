/**
 * Records of an event's configuration (C "Events / Event configuration": add-ons, coupons, course
 * and waypoints, FAQs, forms, gallery, communications): each belongs to one event (`eventId`, a
 * foreign key to events.events) and is managed by the event's organizer team.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, IntBetween, OneOf, says, StrLength, UuidStr } from "../validation.js"

/**
 * An add-on sold with a booking (T-shirt, meal, parking): a price in integer minor units, a stock
 * of units and `sold`, the units taken. Registrations move `sold` atomically against the stock
 * (`update … set sold = sold + n where sold + n <= stock`); the table's CHECK (sold ≤ stock)
 * refuses an oversell even from a racing writer.
 */
export const EventAddOn = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  name: StrLength(1, 100),
  description: Schema.NullOr(StrLength(0, 2000)),
  price: IntBetween(0, 100_000_000),
  currency: OneOf("INR"),
  stock: IntBetween(1, 1_000_000),
  sold: Schema.Int,
  maxPerBooking: IntBetween(1, 100),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventAddOn" })
export interface EventAddOn extends Schema.Schema.Type<typeof EventAddOn> {}

/** A coupon code: 3 to 30 upper-case letters, digits, dashes or underscores (stored upper-cased). */
export const CouponCode = Schema.String.pipe(
  Schema.filter((s) => /^[A-Za-z0-9_-]{3,30}$/.test(s)),
  Schema.annotations(says("must be 3 to 30 letters, digits, dashes or underscores")),
  Schema.annotations({ jsonSchema: { type: "string", pattern: "^[A-Za-z0-9_-]{3,30}$", example: "EARLYBIRD" } })
)

/**
 * A discount code of an event: `percent` (1–100) or `fixed` (integer minor units), usable
 * `maxUses` times in all (null: no cap) and `maxUsesPerUser` times per athlete, between
 * `validFrom` and `validUntil` when set, on the tickets listed in `ticketIds` (empty: every ticket
 * of the event). `used` counts redemptions: registrations move it atomically against the cap
 * (`update … set used = used + 1 where max_uses is null or used < max_uses`); the table's CHECK
 * (used ≤ max_uses) refuses an over-redemption.
 */
export const EventCoupon = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  code: CouponCode,
  description: Schema.NullOr(StrLength(0, 500)),
  discountType: OneOf("percent", "fixed"),
  discountValue: IntBetween(1, 100_000_000),
  currency: OneOf("INR"),
  maxUses: Schema.NullOr(IntBetween(1, 1_000_000)),
  maxUsesPerUser: Schema.NullOr(IntBetween(1, 1000)),
  used: Schema.Int,
  ticketIds: Schema.Array(UuidStr),
  validFrom: Schema.NullOr(Instant),
  validUntil: Schema.NullOr(Instant),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventCoupon" })
export interface EventCoupon extends Schema.Schema.Type<typeof EventCoupon> {}

/**
 * An event's course, derived from the GPX file the organizer uploaded: its length along the track
 * (haversine between consecutive points), the climb and descent summed from the elevations, and
 * where it starts and finishes. One course per event; a new upload replaces it.
 */
export const EventCourse = Schema.Struct({
  eventId: UuidStr,
  name: StrLength(1, 150),
  fileName: Schema.String,
  pointCount: Schema.Int,
  distanceMeters: Schema.Number,
  elevationGainMeters: Schema.Number,
  elevationLossMeters: Schema.Number,
  minElevationMeters: Schema.NullOr(Schema.Number),
  maxElevationMeters: Schema.NullOr(Schema.Number),
  startLatitude: Schema.Number,
  startLongitude: Schema.Number,
  finishLatitude: Schema.Number,
  finishLongitude: Schema.Number,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventCourse" })
export interface EventCourse extends Schema.Schema.Type<typeof EventCourse> {}

/** A latitude in degrees (class-validator `IsLatitude` wording). */
export const Latitude = Schema.Number.pipe(
  Schema.filter((n) => Number.isFinite(n) && n >= -90 && n <= 90),
  Schema.annotations(says("must be a latitude string or number")),
  Schema.annotations({ jsonSchema: { type: "number", minimum: -90, maximum: 90 } })
)

/** A longitude in degrees (class-validator `IsLongitude` wording). */
export const Longitude = Schema.Number.pipe(
  Schema.filter((n) => Number.isFinite(n) && n >= -180 && n <= 180),
  Schema.annotations(says("must be a longitude string or number")),
  Schema.annotations({ jsonSchema: { type: "number", minimum: -180, maximum: 180 } })
)

export const WaypointKinds = ["start", "finish", "aid_station", "water", "medical", "checkpoint", "viewpoint", "other"] as const

/** A point of interest on the course (aid station, checkpoint…), placed by coordinates and distance from the start. */
export const EventWaypoint = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  name: StrLength(1, 100),
  kind: OneOf(...WaypointKinds),
  description: Schema.NullOr(StrLength(0, 1000)),
  latitude: Latitude,
  longitude: Longitude,
  distanceFromStartMeters: Schema.NullOr(IntBetween(0, 1_000_000)),
  sortOrder: IntBetween(0, 10_000),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventWaypoint" })
export interface EventWaypoint extends Schema.Schema.Type<typeof EventWaypoint> {}

/** A question and answer shown on the event page, in `sortOrder`. */
export const EventFaq = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  question: StrLength(1, 300),
  answer: StrLength(1, 5000),
  sortOrder: IntBetween(0, 10_000),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventFaq" })
export interface EventFaq extends Schema.Schema.Type<typeof EventFaq> {}

export const FormFieldTypes = ["text", "textarea", "number", "email", "phone", "date", "select", "multiselect", "checkbox"] as const

/** One question of a registration form; `select`/`multiselect` list their `options`. */
export const FormField = Schema.Struct({
  key: Schema.String.pipe(
    Schema.filter((s) => /^[a-z][a-z0-9_]{0,49}$/.test(s)),
    Schema.annotations(says("must be 1 to 50 lower-case letters, digits or underscores, starting with a letter"))
  ),
  label: StrLength(1, 200),
  type: OneOf(...FormFieldTypes),
  required: Bool,
  options: Schema.Array(StrLength(1, 200))
}).annotations({ identifier: "FormField" })
export interface FormField extends Schema.Schema.Type<typeof FormField> {}

/**
 * A registration form of an event. Its questions are versioned: every change of `fields` (PATCH
 * or PUT) writes version `version + 1` and keeps the earlier ones, so a participant's answers name
 * the version they answered (`formId` + `version`) and stay readable after the form changes.
 */
export const EventForm = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  title: StrLength(1, 150),
  description: Schema.NullOr(StrLength(0, 2000)),
  fields: Schema.Array(FormField),
  version: Schema.Int,
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventForm" })
export interface EventForm extends Schema.Schema.Type<typeof EventForm> {}

/** One stored version of a form's questions (what answers given under that version refer to). */
export const EventFormVersion = Schema.Struct({
  formId: UuidStr,
  version: Schema.Int,
  title: StrLength(1, 150),
  fields: Schema.Array(FormField),
  createdAt: Instant
}).annotations({ identifier: "EventFormVersion" })
export interface EventFormVersion extends Schema.Schema.Type<typeof EventFormVersion> {}

/** An image of the event's gallery, stored in the blob store under `key` (served through signed media URLs). */
export const EventGalleryImage = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  key: Schema.String,
  contentType: Schema.String,
  fileName: Schema.String,
  size: Schema.Int,
  caption: Schema.NullOr(StrLength(0, 300)),
  sortOrder: IntBetween(0, 10_000),
  createdAt: Instant
}).annotations({ identifier: "EventGalleryImage" })
export interface EventGalleryImage extends Schema.Schema.Type<typeof EventGalleryImage> {}

/**
 * What sets a communication off: an action (`booking_confirmed`, `booking_cancelled`,
 * `event_updated`, `event_cancelled`) fires it at that moment; a schedule fires it relative to the
 * event's dates (`event_reminder` `offsetMinutes` before the start, `event_started` after the
 * start, `event_completed` after the end).
 */
export const CommunicationTriggers = [
  "booking_confirmed",
  "booking_cancelled",
  "event_updated",
  "event_cancelled",
  "event_reminder",
  "event_started",
  "event_completed"
] as const
export const CommunicationTrigger = OneOf(...CommunicationTriggers)
export type CommunicationTrigger = typeof CommunicationTrigger.Type

/** The notification channels a communication can use (the notifications context's channels). */
export const CommunicationChannel = OneOf("EMAIL", "SMS", "PUSH", "CHAT")

/**
 * A message template of an event for one trigger and channel (one per pair): `{{variable}}`
 * placeholders rendered by the notifications context's renderer with the event's and the
 * participant's values; `subject` is the e-mail subject or push title.
 */
export const EventCommunication = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  trigger: CommunicationTrigger,
  channel: CommunicationChannel,
  subject: Schema.NullOr(StrLength(1, 200)),
  body: StrLength(1, 5000),
  offsetMinutes: IntBetween(0, 43_200),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventCommunication" })
export interface EventCommunication extends Schema.Schema.Type<typeof EventCommunication> {}
