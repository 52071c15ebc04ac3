/** Repositories of bookings and check-ins (Postgres adapters in @podium/postgres, memory twins in ../testing). */
import type {
  BookingAddOn,
  BookingTimelineEntry,
  CheckIn,
  CheckInMethod,
  MoveRefused,
  Participant,
  ParticipantStatus,
  Participation,
  ParticipationStatus,
  ScanVerdict,
  ShippingAddress
} from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type {
  CheckInAlreadyUndone,
  CheckInNotFound,
  ParticipantAlreadyCancelled,
  ParticipantNotFound,
  ParticipationMove,
  AddOnPurchase,
  AddOnSoldOut,
  BookingAddOnNotFound,
  CouponExhausted,
  DeliverableRefused,
  ParticipationNotFound,
  TicketSoldOut
} from "./participation.model.js"

/** A booking with its participants. */
export interface Booking {
  readonly participation: Participation
  readonly participants: ReadonlyArray<Participant>
}

export interface NewParticipant extends Pick<Participant, "id" | "firstName" | "lastName" | "email" | "phoneNumber" | "ticketCode"> {}

export interface NewBooking {
  readonly id: string
  /** Candidates in order; the first whose last 7 digits are free in the event is used. */
  readonly bookingIds: ReadonlyArray<string>
  readonly eventId: string
  readonly slotId: string
  readonly ticketId: string
  readonly userId: string
  readonly status: "PENDING" | "CONFIRMED"
  readonly amount: number
  readonly currency: string
  readonly holdExpiresAt: Date | null
  readonly participants: ReadonlyArray<NewParticipant>
  /** Taken from each add-on's stock with the seats (after them, in add-on id order). */
  readonly addOns: ReadonlyArray<AddOnPurchase & { readonly currency: string }>
  /** The coupon redeemed (one use taken under its caps, after the add-ons), and the discount it gave. */
  readonly coupon: { readonly id: string; readonly code: string; readonly maxUsesPerUser: number | null } | null
  readonly discount: number
}

export interface TimelineInput {
  readonly participationId: string
  readonly action: string
  readonly actor: string
  readonly reason?: string | null
  readonly data?: Readonly<Record<string, unknown>>
}

export interface BookingFilter {
  readonly eventId?: string | undefined
  readonly userId?: string | undefined
  readonly status?: ParticipationStatus | undefined
  readonly ticketId?: string | undefined
  readonly slotId?: string | undefined
  /** Name, e-mail, phone or booking id (or its last 7 digits) of a participant. */
  readonly q?: string | undefined
  readonly page: number
  readonly limit: number
}

export interface BookingPage {
  readonly items: ReadonlyArray<Booking>
  readonly total: number
}

export interface MoveContext {
  readonly at: Date
  readonly reason?: string | null
  readonly timeline: Omit<TimelineInput, "participationId">
}

/**
 * Bookings. Seats are counted in the database: taking them is one conditional update of the
 * slot's counter and one of the ticket's `sold` (`… where sold + n <= capacity`, slot before
 * ticket, always), in the transaction that inserts the participation; releasing them happens in
 * the transaction of the move into CANCELLED/EXPIRED (or a participant's cancel), which is itself
 * conditional, so seats are released at most once.
 */
export class ParticipationRepo extends Context.Tag("@podium/core/registrations/ParticipationRepo")<ParticipationRepo, {
  /**
   * Releases the ticket's lapsed holds, takes `participants.length` seats and the add-ons' units
   * and inserts the booking, atomically (a cancel or an expiry gives the units back with the seats).
   */
  readonly book: (input: NewBooking, now: Date, timeline: Omit<TimelineInput, "participationId">) => Effect.Effect<Booking, TicketSoldOut | AddOnSoldOut | CouponExhausted>
  readonly find: (id: string) => Effect.Effect<Option.Option<Booking>>
  readonly findByOrder: (gatewayOrderId: string) => Effect.Effect<Option.Option<Booking>>
  readonly findByLast7: (eventId: string, last7: string) => Effect.Effect<Option.Option<Booking>>
  readonly findParticipant: (participantId: string) => Effect.Effect<Option.Option<Booking & { readonly participant: Participant }>>
  readonly list: (filter: BookingFilter) => Effect.Effect<BookingPage>
  /** A move of the machine; cancel and expire release the seats of the still-active participants. */
  readonly move: (id: string, move: ParticipationMove, context: MoveContext) => Effect.Effect<Participation, MoveRefused | ParticipationNotFound>
  /** A fresh gateway order for a PENDING booking (resume-payment), with a new hold. */
  readonly attachOrder: (id: string, gatewayOrderId: string, holdExpiresAt: Date) => Effect.Effect<Participation, MoveRefused | ParticipationNotFound>
  /** Cancels one participant (one seat released); the booking is cancelled with its last participant. */
  readonly cancelParticipant: (
    participationId: string,
    participantId: string,
    context: MoveContext
  ) => Effect.Effect<Booking, ParticipantNotFound | ParticipantAlreadyCancelled | MoveRefused | ParticipationNotFound>
  readonly updateParticipant: (
    participationId: string,
    participantId: string,
    patch: Partial<Pick<Participant, "firstName" | "lastName" | "email" | "phoneNumber">>,
    timeline: Omit<TimelineInput, "participationId">
  ) => Effect.Effect<Option.Option<Participant>>
  /**
   * Several seats' contact corrections as one unit of work, only while the booking is PENDING or
   * CONFIRMED and each seat ACTIVE (checked under the booking's row lock): all written, or none —
   * `inactive` with the booking's status, or the first seat that is not an active one of it.
   */
  readonly correctContacts: (
    participationId: string,
    changes: ReadonlyArray<{ readonly participantId: string; readonly patch: Partial<Pick<Participant, "email" | "phoneNumber">> }>,
    timeline: Omit<TimelineInput, "participationId">
  ) => Effect.Effect<{ readonly inactive: ParticipationStatus } | { readonly corrected: true }, ParticipantNotFound>
  /** PENDING bookings whose hold lapsed before `now`, moved to EXPIRED (seats released), up to `limit`. */
  readonly expireLapsed: (now: Date, limit: number) => Effect.Effect<ReadonlyArray<Participation>>
  readonly appendTimeline: (entry: TimelineInput) => Effect.Effect<void>
  /** Ids of bookings whose booking id a helper re-issues: one event's, legacy short ones, or all (up to 10 000). */
  readonly bookingIdTargets: (filter: { readonly eventId?: string; readonly shortOnly?: boolean }) => Effect.Effect<ReadonlyArray<string>>
  /** A fresh booking id (the first candidate whose last 7 digits are free in the event), recorded on the timeline. */
  readonly reissueBookingId: (id: string, candidates: ReadonlyArray<string>, timeline: Omit<TimelineInput, "participationId">) => Effect.Effect<Option.Option<Participation>>
  readonly timeline: (participationId: string) => Effect.Effect<ReadonlyArray<BookingTimelineEntry>>
}>() {}

export interface NewCheckIn {
  readonly id: string
  readonly eventId: string
  readonly participantId: string
  readonly participationId: string
  readonly method: CheckInMethod
  readonly scannedAt: Date
  readonly checkedInAt: Date
  readonly checkedInBy: string
}

export interface CheckInState {
  readonly participant: Participant
  readonly participation: Participation
  readonly checkIn: CheckIn | null
}

export interface CheckInSummary {
  readonly checkedIn: number
  readonly total: number
  readonly byWave: ReadonlyArray<{ readonly slotId: string; readonly checkedIn: number; readonly total: number }>
}

/** Check-ins: at most one live check-in per participant, enforced by a unique index. */
export class CheckInRepo extends Context.Tag("@podium/core/registrations/CheckInRepo")<CheckInRepo, {
  /**
   * Runs `decide` once per (event, nonce): the first call stores its verdict, a concurrent or later
   * call with the same nonce waits for it and answers the stored verdict without running `decide`.
   */
  readonly remembered: <E>(eventId: string, nonce: string, decide: Effect.Effect<ScanVerdict, E>) => Effect.Effect<ScanVerdict, E>
  /** Inserts the check-in unless the participant has a live one, which is then answered instead. */
  readonly checkIn: (input: NewCheckIn) => Effect.Effect<{ readonly created: boolean; readonly checkIn: CheckIn }>
  readonly live: (participantId: string) => Effect.Effect<Option.Option<CheckIn>>
  readonly find: (eventId: string, checkInId: string) => Effect.Effect<Option.Option<CheckIn>>
  /** Marks a live check-in undone (conditional: a second undo is refused). */
  readonly undo: (eventId: string, checkInId: string, by: string, reason: string | null, at: Date) => Effect.Effect<CheckIn, CheckInNotFound | CheckInAlreadyUndone>
  /** Active participants of confirmed bookings checked in / in total, per slot (wave). */
  readonly summary: (eventId: string) => Effect.Effect<CheckInSummary>
  /** Participants of the event (any status) matching `q` (name, e-mail, phone, booking id), with their live check-in. */
  readonly search: (eventId: string, q: string | undefined, page: number, limit: number) => Effect.Effect<{
    readonly items: ReadonlyArray<CheckInState>
    readonly total: number
  }>
}>() {}

export type { ParticipantStatus }

/** The add-ons bought with bookings: each one a deliverable, collected at the venue or shipped. */
export class BookingAddOnRepo extends Context.Tag("@podium/core/registrations/BookingAddOnRepo")<BookingAddOnRepo, {
  readonly ofBooking: (participationId: string) => Effect.Effect<ReadonlyArray<BookingAddOn>>
  readonly find: (id: string) => Effect.Effect<Option.Option<BookingAddOn>>
  /** NOT_COLLECTED → COLLECTED as one conditional update (of two desks at once, one wins). */
  readonly collect: (id: string, by: string, at: Date) => Effect.Effect<BookingAddOn, BookingAddOnNotFound | DeliverableRefused>
  /** Ships the deliverable to `address` while it is neither collected nor claimed. */
  readonly ship: (id: string, address: ShippingAddress) => Effect.Effect<BookingAddOn, BookingAddOnNotFound | DeliverableRefused>
  /** The athlete's receipt, once. */
  readonly claim: (id: string, at: Date) => Effect.Effect<BookingAddOn, BookingAddOnNotFound | DeliverableRefused>
}>() {}
