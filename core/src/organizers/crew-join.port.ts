/** Crew join codes and their redemptions. */
import { Context, type Effect, type Option } from "effect"
import type { CrewMember } from "../accounts/account.model.js"
import type { CrewJoinCode, CrewJoinCodeNotFound, CrewJoinCodeUnusable } from "./crew-join.model.js"

export interface CrewJoiner {
  readonly phoneNumber: string | null
  readonly email: string | null
  readonly name: string | null
}

export class CrewJoinCodeRepo extends Context.Tag("@podium/core/organizers/CrewJoinCodeRepo")<CrewJoinCodeRepo, {
  /** None when the code is taken (the caller draws another). */
  readonly create: (
    input: Pick<CrewJoinCode, "organizerId" | "code" | "label" | "expiresAt" | "maxUses" | "createdBy">
  ) => Effect.Effect<Option.Option<CrewJoinCode>>
  readonly list: (organizerId: string) => Effect.Effect<ReadonlyArray<CrewJoinCode>>
  /** The organizer's code by id (another organizer's id answers none). */
  readonly find: (organizerId: string, id: string) => Effect.Effect<Option.Option<CrewJoinCode>>
  readonly findByCode: (code: string) => Effect.Effect<Option.Option<CrewJoinCode>>
  /** Changes label, expiry or max uses (max uses never below the uses so far: `below_uses`). */
  readonly update: (
    organizerId: string,
    id: string,
    patch: Partial<Pick<CrewJoinCode, "label" | "expiresAt" | "maxUses">>
  ) => Effect.Effect<Option.Option<CrewJoinCode> | "below_uses">
  readonly revoke: (organizerId: string, id: string) => Effect.Effect<Option.Option<CrewJoinCode>>
  /**
   * Atomically redeems the code for the joiner: locks the code, checks it is usable, and either
   * finds the joiner's crew row already linked to the organizer (no use consumed) or creates one,
   * links it and counts a use.
   */
  readonly redeem: (
    code: string,
    joiner: CrewJoiner,
    now: Date
  ) => Effect.Effect<
    { readonly code: CrewJoinCode; readonly member: CrewMember; readonly created: boolean },
    CrewJoinCodeNotFound | CrewJoinCodeUnusable
  >
}>() {}
