/** Records of the events context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { HttpsLink } from "./challenges.js"
import { Bool, IntBetween, OneOf, says, StrLength, UuidStr } from "../validation.js"

/**
 * An event category (C "Sponsors and brands / Event categories"): a label organizers file their
 * events under and athletes filter by. Names are unique; inactive categories stay on the events
 * that use them but are not offered for new ones.
 */
export const EventCategory = Schema.Struct({
  id: UuidStr,
  name: StrLength(1, 60),
  description: Schema.NullOr(StrLength(0, 500)),
  sortOrder: IntBetween(0, 10_000),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventCategory" })
export interface EventCategory extends Schema.Schema.Type<typeof EventCategory> {}

/** An IANA time zone name the runtime knows (`Asia/Kolkata`, `Europe/London`). */
export const TimeZoneName = Schema.String.pipe(
  Schema.filter((zone) => {
    if (zone.length === 0 || zone.length > 64) return false
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone })
      return true
    } catch {
      return false
    }
  }),
  Schema.annotations(says("must be a valid IANA time-zone")),
  Schema.annotations({ jsonSchema: { type: "string", example: "Asia/Kolkata" } })
)

/** An ISO 3166-1 alpha-2 country code, upper case (`IN`). */
export const CountryCode = Schema.String.pipe(
  Schema.filter((s) => /^[A-Z]{2}$/.test(s)),
  Schema.annotations(says("must be a valid ISO31661 Alpha2 code")),
  Schema.annotations({ jsonSchema: { type: "string", pattern: "^[A-Z]{2}$", example: "IN" } })
)

/**
 * The stored statuses of an event (states.tsv "Event"): organizers draft and submit, admins review
 * (approve → published, reject → draft with the reason), organizers unpublish and cancel, admins
 * suspend (the status before is kept in `priorStatus` and restored by unsuspend).
 */
export const EventStatuses = ["draft", "pending_approval", "published", "unpublished", "cancelled", "suspended"] as const
export const EventStatus = OneOf(...EventStatuses)
export type EventStatus = typeof EventStatus.Type

export const EventVisibility = OneOf("public", "private")
export type EventVisibility = typeof EventVisibility.Type

/**
 * An event (C "Events"): an organizer's race or session, dated by UTC instants and shown in its own
 * IANA time zone. Public lists show it only while published, public, active, not a test and not
 * deleted; `isActive` (toggle) and `bookingsOpen` (toggle-bookings) are switches beside the status.
 */
export const Event = Schema.Struct({
  id: UuidStr,
  organizerId: UuidStr,
  /** Unique, derived from the title at creation and never changed (links stay valid). */
  slug: Schema.String,
  title: StrLength(3, 150),
  description: Schema.NullOr(StrLength(0, 20_000)),
  sport: StrLength(2, 40),
  city: StrLength(1, 100),
  country: CountryCode,
  venue: Schema.NullOr(StrLength(0, 300)),
  startsAt: Instant,
  endsAt: Instant,
  timezone: TimeZoneName,
  visibility: EventVisibility,
  isTest: Bool,
  categoryId: Schema.NullOr(UuidStr),
  status: EventStatus,
  /** The status before an admin suspension (restored by unsuspend); null otherwise. */
  priorStatus: Schema.NullOr(EventStatus),
  /** The admin's reason of the last rejection or suspension, verbatim. */
  reviewReason: Schema.NullOr(Schema.String),
  isActive: Bool,
  bookingsOpen: Bool,
  isFeatured: Bool,
  desktopCover: Schema.NullOr(Schema.String),
  mobileCover: Schema.NullOr(Schema.String),
  refundPolicy: Schema.NullOr(StrLength(0, 5000)),
  cancelReason: Schema.NullOr(Schema.String),
  submittedAt: Schema.NullOr(Instant),
  publishedAt: Schema.NullOr(Instant),
  cancelledAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Event" })
export interface Event extends Schema.Schema.Type<typeof Event> {}

/** A slot (wave, session or category start) of an event: its start and its capacity, which bounds its tickets'. */
export const EventSlot = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  name: StrLength(1, 100),
  startsAt: Instant,
  capacity: IntBetween(1, 1_000_000),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventSlot" })
export interface EventSlot extends Schema.Schema.Type<typeof EventSlot> {}

/**
 * A ticket of a slot: a price in integer minor units (0 = free) and its currency, a capacity no
 * larger than its slot's, and an optional sale window that ends before the event starts. `sold`
 * counts the places taken (registrations move it atomically against `capacity`).
 */
export const EventTicket = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  slotId: UuidStr,
  name: StrLength(1, 100),
  description: Schema.NullOr(StrLength(0, 2000)),
  price: IntBetween(0, 100_000_000),
  currency: OneOf("INR"),
  capacity: IntBetween(1, 1_000_000),
  sold: Schema.Int,
  salesStartAt: Schema.NullOr(Instant),
  salesEndAt: Schema.NullOr(Instant),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventTicket" })
export interface EventTicket extends Schema.Schema.Type<typeof EventTicket> {}

/**
 * The statuses of an edition (states.tsv "Edition"): drafted by the organizer, published (open for
 * registration within its window), closed (registration closed, still shown), cancelled.
 */
export const EditionStatuses = ["draft", "published", "closed", "cancelled"] as const
export const EditionStatus = OneOf(...EditionStatuses)
export type EditionStatus = typeof EditionStatus.Type

/**
 * An edition (C "Editions"): one dated instance of a recurring event (the event is the series; the
 * 2027 edition of a marathon is an edition). Athletes register for an edition; its price is in
 * integer minor units (0 = free) and `registered` counts the places held against `capacity`.
 */
export const Edition = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  /** Unique, derived from the series' slug and the year at creation and never changed. */
  slug: Schema.String,
  /** The edition's year label (one edition per year of a series). */
  year: IntBetween(2000, 2100),
  name: StrLength(3, 150),
  mode: OneOf("in_person", "virtual"),
  startsAt: Instant,
  endsAt: Instant,
  registrationOpensAt: Schema.NullOr(Instant),
  registrationClosesAt: Schema.NullOr(Instant),
  price: IntBetween(0, 100_000_000),
  currency: OneOf("INR"),
  capacity: IntBetween(1, 1_000_000),
  registered: Schema.Int,
  status: EditionStatus,
  /** The admin's reason of the last status override, verbatim. */
  statusReason: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Edition" })
export interface Edition extends Schema.Schema.Type<typeof Edition> {}

export const EditionRegistrationStatus = OneOf("pending_payment", "confirmed", "cancelled")
export type EditionRegistrationStatus = typeof EditionRegistrationStatus.Type

/**
 * An athlete's registration for an edition: confirmed at once when free, else pending until the
 * gateway payment of `gatewayOrderId` is captured (by the app's verify or the gateway's webhook).
 */
export const EditionRegistration = Schema.Struct({
  id: UuidStr,
  editionId: UuidStr,
  userId: UuidStr,
  status: EditionRegistrationStatus,
  amount: Schema.Int,
  currency: Schema.String,
  provider: Schema.NullOr(Schema.String),
  gatewayOrderId: Schema.NullOr(Schema.String),
  paymentId: Schema.NullOr(Schema.String),
  confirmedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EditionRegistration" })
export interface EditionRegistration extends Schema.Schema.Type<typeof EditionRegistration> {}

/** The organizer's public brand page (C "Organizer brand"): one per organizer, every field optional. */
export const BrandPage = Schema.Struct({
  organizerId: UuidStr,
  tagline: Schema.NullOr(StrLength(0, 160)),
  about: Schema.NullOr(StrLength(0, 5000)),
  logoUrl: Schema.NullOr(HttpsLink),
  coverUrl: Schema.NullOr(HttpsLink),
  accentColor: Schema.NullOr(Schema.String.pipe(
    Schema.filter((s) => /^#[0-9a-fA-F]{6}$/.test(s)),
    Schema.annotations({ ...says("must be a hexadecimal color"), jsonSchema: { type: "string", pattern: "^#[0-9a-fA-F]{6}$", example: "#FF5A1F" } })
  )),
  website: Schema.NullOr(HttpsLink),
  instagramUrl: Schema.NullOr(HttpsLink),
  facebookUrl: Schema.NullOr(HttpsLink),
  xUrl: Schema.NullOr(HttpsLink),
  youtubeUrl: Schema.NullOr(HttpsLink),
  stravaUrl: Schema.NullOr(HttpsLink),
  updatedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "BrandPage" })
export interface BrandPage extends Schema.Schema.Type<typeof BrandPage> {}

/**
 * The organizer's cascade defaults: what the organizer's new events and editions take when their
 * input leaves a field out (and what the portal pre-fills).
 */
export const BrandCascadeDefaults = Schema.Struct({
  organizerId: UuidStr,
  timezone: Schema.NullOr(TimeZoneName),
  country: Schema.NullOr(CountryCode),
  city: Schema.NullOr(StrLength(1, 100)),
  sport: Schema.NullOr(StrLength(2, 40)),
  visibility: Schema.NullOr(EventVisibility),
  refundPolicy: Schema.NullOr(StrLength(0, 5000)),
  editionCapacity: Schema.NullOr(IntBetween(1, 1_000_000)),
  updatedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "BrandCascadeDefaults" })
export interface BrandCascadeDefaults extends Schema.Schema.Type<typeof BrandCascadeDefaults> {}

/** One session of a prep program's week. */
export const PrepSession = Schema.Struct({
  day: IntBetween(1, 7),
  title: StrLength(1, 120),
  durationMinutes: Schema.NullOr(IntBetween(1, 600)),
  notes: Schema.NullOr(StrLength(0, 1000))
}).annotations({ identifier: "PrepSession" })

/** One week of a prep program's plan: its focus and up to 14 sessions. */
export const PrepWeek = Schema.Struct({
  week: IntBetween(1, 52),
  focus: StrLength(1, 200),
  sessions: Schema.Array(PrepSession).pipe(
    Schema.filter((a) => a.length <= 14),
    Schema.annotations(says("must contain no more than 14 elements"))
  )
}).annotations({ identifier: "PrepWeek" })
export interface PrepWeek extends Schema.Schema.Type<typeof PrepWeek> {}

export const PrepProgramStatus = OneOf("draft", "published", "archived")
export type PrepProgramStatus = typeof PrepProgramStatus.Type

/**
 * A brand prep program: a weekly training plan an organizer publishes for its followers (often
 * toward one of its events) and assigns to athletes.
 */
export const PrepProgram = Schema.Struct({
  id: UuidStr,
  organizerId: UuidStr,
  title: StrLength(3, 120),
  description: Schema.NullOr(StrLength(0, 5000)),
  sport: StrLength(2, 40),
  level: OneOf("beginner", "intermediate", "advanced"),
  weeks: IntBetween(1, 52),
  eventId: Schema.NullOr(UuidStr),
  status: PrepProgramStatus,
  weeklyPlan: Schema.Array(PrepWeek),
  assignedCount: Schema.Int,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "PrepProgram" })
export interface PrepProgram extends Schema.Schema.Type<typeof PrepProgram> {}

/** A SaaS plan organizers subscribe to (monthly price in minor units; 0 = free). */
export const SaasPlan = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  monthlyPrice: Schema.Int,
  currency: Schema.String,
  features: Schema.Array(Schema.String),
  sortOrder: Schema.Int
}).annotations({ identifier: "SaasPlan" })
export interface SaasPlan extends Schema.Schema.Type<typeof SaasPlan> {}

export const SaasSubscriptionStatus = OneOf("pending_payment", "active", "cancelled")
export type SaasSubscriptionStatus = typeof SaasSubscriptionStatus.Type

/** An organizer's SaaS subscription: one live (pending or active) at a time. */
export const SaasSubscription = Schema.Struct({
  id: UuidStr,
  organizerId: UuidStr,
  planId: Schema.String,
  status: SaasSubscriptionStatus,
  amount: Schema.Int,
  currency: Schema.String,
  provider: Schema.NullOr(Schema.String),
  gatewayOrderId: Schema.NullOr(Schema.String),
  paymentId: Schema.NullOr(Schema.String),
  currentPeriodEnd: Schema.NullOr(Instant),
  activatedAt: Schema.NullOr(Instant),
  cancelledAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SaasSubscription" })
export interface SaasSubscription extends Schema.Schema.Type<typeof SaasSubscription> {}

/**
 * The bib claim terms of an event (B "Bib claim terms"): what an athlete accepts when claiming a
 * bib or race pack. Every replacement bumps `version`, so an acceptance can name the text it saw.
 */
export const BibClaimTerms = Schema.Struct({
  eventId: UuidStr,
  body: StrLength(20, 20_000),
  requiresIdProof: Bool,
  pickupInstructions: Schema.NullOr(StrLength(0, 2000)),
  version: Schema.Int,
  updatedBy: Schema.NullOr(Schema.String),
  updatedAt: Instant
}).annotations({ identifier: "BibClaimTerms" })
export interface BibClaimTerms extends Schema.Schema.Type<typeof BibClaimTerms> {}
