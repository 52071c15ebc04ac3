/** The sponsors repositories (Postgres adapter in @podium/postgres, memory twin in testing). */
import type { MoveRefused, SponsorAccount, SponsorAccountRole, SponsorAccountStatus, SponsorBrand } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { SponsorAccountExists, SponsorAccountNotFound, SponsorBrandMove, SponsorBrandNotFound } from "./sponsor.model.js"

export class SponsorBrandRepo extends Context.Tag("@podium/core/sponsors/SponsorBrandRepo")<SponsorBrandRepo, {
  readonly create: (input: { readonly name: string; readonly createdBy: string }) => Effect.Effect<SponsorBrand>
  readonly findById: (id: string) => Effect.Effect<Option.Option<SponsorBrand>>
  /** The move as one conditional update (of two concurrent moves one wins); approve stamps approvedAt. */
  readonly move: (id: string, move: SponsorBrandMove, reason: string | null) => Effect.Effect<SponsorBrand, SponsorBrandNotFound | MoveRefused>
}>() {}

export class SponsorAccountRepo extends Context.Tag("@podium/core/sponsors/SponsorAccountRepo")<SponsorAccountRepo, {
  readonly create: (input: {
    readonly brandId: string
    readonly userId: string
    readonly role: SponsorAccountRole
    readonly createdBy: string
  }) => Effect.Effect<SponsorAccount, SponsorAccountExists>
  readonly findById: (id: string) => Effect.Effect<Option.Option<SponsorAccount>>
  readonly find: (brandId: string, userId: string) => Effect.Effect<Option.Option<SponsorAccount>>
  /** A brand's accounts, oldest first. */
  readonly listByBrand: (brandId: string) => Effect.Effect<ReadonlyArray<SponsorAccount>>
  /** The move to `status` as one conditional update. */
  readonly setStatus: (id: string, status: SponsorAccountStatus, reason: string | null) => Effect.Effect<SponsorAccount, SponsorAccountNotFound | MoveRefused>
}>() {}
