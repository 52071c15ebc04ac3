/** The organizer brand's storage (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { BrandCascadeDefaults, BrandPage, PrepProgram, PrepProgramStatus, PrepWeek, SaasPlan, SaasSubscription } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { SaasAlreadySubscribed } from "./brand.model.js"

export interface BrandPagePatch extends Partial<Omit<BrandPage, "organizerId" | "updatedAt">> {}
export interface CascadeDefaultsPatch extends Partial<Omit<BrandCascadeDefaults, "organizerId" | "updatedAt">> {}

export interface Follower {
  readonly userId: string
  readonly firstName: string | null
  readonly lastName: string | null
  readonly followedAt: Date
}

export interface NewPrepProgram extends Pick<PrepProgram, "organizerId" | "title" | "description" | "sport" | "level" | "weeks" | "eventId" | "status"> {}
export interface PrepProgramPatch extends Partial<Pick<PrepProgram, "title" | "description" | "sport" | "level" | "weeks" | "eventId" | "status">> {
  readonly weeklyPlan?: ReadonlyArray<PrepWeek>
}

export class BrandRepo extends Context.Tag("@podium/core/events/BrandRepo")<BrandRepo, {
  readonly page: (organizerId: string) => Effect.Effect<Option.Option<BrandPage>>
  /** Creates or changes the organizer's page. */
  readonly savePage: (organizerId: string, patch: BrandPagePatch) => Effect.Effect<BrandPage>
  readonly defaults: (organizerId: string) => Effect.Effect<Option.Option<BrandCascadeDefaults>>
  readonly saveDefaults: (organizerId: string, patch: CascadeDefaultsPatch) => Effect.Effect<BrandCascadeDefaults>
  /** Followers, newest first. */
  readonly followers: (organizerId: string, limit: number, offset: number) => Effect.Effect<{ readonly data: ReadonlyArray<Follower>; readonly total: number }>
  /** Of `userIds`, those who follow the organizer. */
  readonly followingOf: (organizerId: string, userIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<string>>
  readonly programs: (organizerId: string, statuses: ReadonlyArray<PrepProgramStatus> | undefined, limit: number, offset: number) => Effect.Effect<{ readonly data: ReadonlyArray<PrepProgram>; readonly total: number }>
  readonly findProgram: (id: string) => Effect.Effect<Option.Option<PrepProgram>>
  readonly createProgram: (input: NewPrepProgram) => Effect.Effect<PrepProgram>
  readonly updateProgram: (id: string, patch: PrepProgramPatch) => Effect.Effect<Option.Option<PrepProgram>>
  /** Assigns the program to athletes (once each, `assignedCount` moved in the same statement); answers the newly assigned. */
  readonly assign: (programId: string, userIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<string>>
  readonly plans: Effect.Effect<ReadonlyArray<SaasPlan>>
  /** The organizer's live (pending or active) subscription. */
  readonly liveSubscription: (organizerId: string) => Effect.Effect<Option.Option<SaasSubscription>>
  readonly findSubscription: (id: string) => Effect.Effect<Option.Option<SaasSubscription>>
  /** Inserts a live subscription (one per organizer: the second concurrent one fails). */
  readonly subscribe: (input: {
    readonly organizerId: string
    readonly planId: string
    readonly amount: number
    readonly currency: string
    readonly active: boolean
    readonly at: Date
  }) => Effect.Effect<SaasSubscription, SaasAlreadySubscribed>
  readonly attachOrder: (id: string, provider: string, gatewayOrderId: string) => Effect.Effect<SaasSubscription>
  /** pending_payment → active (conditional); none when it was not pending. */
  readonly activate: (id: string, paymentId: string, at: Date, periodEnd: Date) => Effect.Effect<Option.Option<SaasSubscription>>
  /** The live subscription → cancelled (conditional); none when there was none. */
  readonly cancel: (organizerId: string, at: Date) => Effect.Effect<Option.Option<SaasSubscription>>
}>() {}
