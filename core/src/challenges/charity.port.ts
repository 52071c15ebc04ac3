/** The charities repository (Postgres adapter in @podium/postgres). */
import type { Charity, CharityStatus, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { CharityNotFound, CharityRegistrationTaken } from "./charity.model.js"

export type NewCharity = Pick<Charity, "name" | "registrationNumber" | "pan" | "address" | "createdBy">

export class CharityRepo extends Context.Tag("@podium/core/challenges/CharityRepo")<CharityRepo, {
  readonly create: (input: NewCharity) => Effect.Effect<Charity, CharityRegistrationTaken>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Charity>>
  /** Newest first, optionally of one status. */
  readonly list: (status: CharityStatus | undefined, page: { readonly page: number; readonly limit: number }) => Effect.Effect<{
    readonly items: ReadonlyArray<Charity>
    readonly total: number
  }>
  /** The move to `status` as one conditional update (of two concurrent moves one wins). */
  readonly move: (id: string, status: CharityStatus, reason: string | null) => Effect.Effect<Charity, CharityNotFound | MoveRefused>
}>() {}
