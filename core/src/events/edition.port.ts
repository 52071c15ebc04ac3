/** Editions and their registrations (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { Edition, EditionRegistration, EditionStatus, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type {
  EditionAlreadyRegistered,
  EditionFull,
  EditionHasRegistrations,
  EditionMove,
  EditionNotFound,
  EditionRegistrationClosed,
  EditionYearTaken
} from "./edition.model.js"

export interface NewEdition extends
  Pick<Edition, "eventId" | "year" | "name" | "mode" | "startsAt" | "endsAt" | "registrationOpensAt" | "registrationClosesAt" | "price" | "currency" | "capacity">
{
  /** The series' slug; the edition's slug is `<eventSlug>-<year>`. */
  readonly eventSlug: string
}

export interface EditionPatch extends
  Partial<Pick<Edition, "name" | "mode" | "startsAt" | "endsAt" | "registrationOpensAt" | "registrationClosesAt" | "price" | "capacity">>
{}

export interface EditionFilter {
  readonly eventId?: string | undefined
  readonly statuses?: ReadonlyArray<EditionStatus> | undefined
  readonly limit: number
  readonly offset: number
}

export interface EditionStats {
  readonly total: number
  readonly byStatus: ReadonlyArray<{ readonly status: EditionStatus; readonly count: number }>
  readonly registrations: { readonly confirmed: number; readonly pendingPayment: number }
  /** Confirmed paid registrations, minor units. */
  readonly revenue: number
}

export interface RegistrationWithEdition extends EditionRegistration {
  readonly edition: Edition
}

export class EditionRepo extends Context.Tag("@podium/core/events/EditionRepo")<EditionRepo, {
  readonly create: (input: NewEdition) => Effect.Effect<Edition, EditionYearTaken>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Edition>>
  readonly findBySlug: (slug: string) => Effect.Effect<Option.Option<Edition>>
  /** Changes fields; the capacity never drops below the places held (none when it would, or the edition is gone). */
  readonly update: (id: string, patch: EditionPatch) => Effect.Effect<Option.Option<Edition>>
  /** One move of the machine as a conditional update (unpublish only while nobody holds a place). */
  readonly move: (id: string, move: EditionMove, reason: string | null) => Effect.Effect<Edition, MoveRefused | EditionNotFound | EditionHasRegistrations>
  readonly list: (filter: EditionFilter) => Effect.Effect<{ readonly data: ReadonlyArray<Edition>; readonly total: number }>
  readonly stats: Effect.Effect<EditionStats>
  /**
   * Holds a place and records the registration in one step: the place is taken by a conditional
   * increment (`registered < capacity` while published), so of N concurrent registrations for the
   * last place exactly one wins; one live registration per athlete and edition.
   */
  readonly register: (input: {
    readonly editionId: string
    readonly userId: string
    readonly amount: number
    readonly currency: string
    readonly confirmed: boolean
    readonly at: Date
  }) => Effect.Effect<EditionRegistration, EditionFull | EditionAlreadyRegistered | EditionRegistrationClosed>
  readonly findRegistration: (id: string) => Effect.Effect<Option.Option<EditionRegistration>>
  /** The athlete's live (not cancelled) registration for the edition. */
  readonly findLiveRegistration: (editionId: string, userId: string) => Effect.Effect<Option.Option<EditionRegistration>>
  readonly findRegistrationByOrder: (provider: string, gatewayOrderId: string) => Effect.Effect<Option.Option<EditionRegistration>>
  readonly attachOrder: (id: string, provider: string, gatewayOrderId: string) => Effect.Effect<EditionRegistration>
  /** pending_payment → confirmed (conditional): none when it was not pending (already confirmed, or cancelled). */
  readonly confirm: (id: string, paymentId: string, at: Date) => Effect.Effect<Option.Option<EditionRegistration>>
  /** The athlete's registrations with their editions, newest first. */
  readonly registrationsOf: (userId: string, limit: number, offset: number) => Effect.Effect<{ readonly data: ReadonlyArray<RegistrationWithEdition>; readonly total: number }>
}>() {}
