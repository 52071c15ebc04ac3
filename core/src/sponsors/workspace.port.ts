/** The sponsor workspace repositories (Postgres adapters in @podium/postgres, memory twins in testing). */
import type { MoveRefused, SponsorInventoryItem, SponsorInventoryMovement, SponsorRcGrant, SponsorRcGrantStatus, SponsorRewardGrant } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { SponsorInventoryItemNotFound, SponsorInventoryStockShort, SponsorRcGrantAlreadyOpen, SponsorRcGrantNotFound } from "./workspace.model.js"

import type { Paged, PageWindow as Window } from "../platform/paged.js"

export class SponsorInventoryRepo extends Context.Tag("@podium/core/sponsors/SponsorInventoryRepo")<SponsorInventoryRepo, {
  /** The brand's items, by name. */
  readonly list: (brandId: string, window: Window) => Effect.Effect<Paged<SponsorInventoryItem>>
  readonly create: (input: { readonly brandId: string; readonly name: string; readonly stock: number; readonly lowStockThreshold: number; readonly createdBy: string }) => Effect.Effect<SponsorInventoryItem>
  readonly find: (brandId: string, itemId: string) => Effect.Effect<Option.Option<SponsorInventoryItem>>
  readonly update: (brandId: string, itemId: string, patch: { readonly name?: string | undefined; readonly lowStockThreshold?: number | undefined }) => Effect.Effect<SponsorInventoryItem, SponsorInventoryItemNotFound>
  /**
   * Adds `delta` to the stock as one conditional update (`stock + delta >= 0`), so concurrent
   * deltas serialise on the row and none is lost; answers the item after it.
   */
  readonly applyDelta: (brandId: string, itemId: string, delta: number) => Effect.Effect<SponsorInventoryItem, SponsorInventoryItemNotFound | SponsorInventoryStockShort>
  readonly addMovement: (input: Omit<SponsorInventoryMovement, "id" | "createdAt">) => Effect.Effect<SponsorInventoryMovement>
  /** An item's movements, newest first. */
  readonly movements: (itemId: string, window: Window) => Effect.Effect<Paged<SponsorInventoryMovement>>
}>() {}

export class SponsorRewardGrantRepo extends Context.Tag("@podium/core/sponsors/SponsorRewardGrantRepo")<SponsorRewardGrantRepo, {
  /** Inserts the grant unless the brand already used its sequenceKey (then none: a concurrent twin waits for the first to commit). */
  readonly insert: (input: Omit<SponsorRewardGrant, "id" | "createdAt" | "ledgerTransferId">) => Effect.Effect<Option.Option<SponsorRewardGrant>>
  readonly findByKey: (brandId: string, sequenceKey: string) => Effect.Effect<Option.Option<SponsorRewardGrant>>
  readonly setLedgerTransfer: (id: string, transferId: string) => Effect.Effect<SponsorRewardGrant>
  /** The brand's grants, newest first. */
  readonly list: (brandId: string, window: Window) => Effect.Effect<Paged<SponsorRewardGrant>>
}>() {}

export class SponsorRcGrantRepo extends Context.Tag("@podium/core/sponsors/SponsorRcGrantRepo")<SponsorRcGrantRepo, {
  /** A REQUESTED grant; one open request per brand (409 SPONSOR_RC_GRANT_REQUEST_ALREADY_OPEN). */
  readonly create: (input: { readonly brandId: string; readonly requestedRc: number; readonly reason: string; readonly requestedBy: string }) => Effect.Effect<SponsorRcGrant, SponsorRcGrantAlreadyOpen>
  readonly findById: (id: string) => Effect.Effect<Option.Option<SponsorRcGrant>>
  /** Newest first, or oldest first for the admin queue. */
  readonly list: (filter: { readonly brandId?: string | undefined; readonly status?: SponsorRcGrantStatus | undefined; readonly oldestFirst: boolean } & Window) => Effect.Effect<Paged<SponsorRcGrant>>
  /** REQUESTED → APPROVED with the approved amount, as one conditional update. */
  readonly approve: (id: string, approvedRc: number, reviewedBy: string) => Effect.Effect<SponsorRcGrant, SponsorRcGrantNotFound | MoveRefused>
  /** REQUESTED → REJECTED with the reason, as one conditional update. */
  readonly reject: (id: string, reason: string, reviewedBy: string) => Effect.Effect<SponsorRcGrant, SponsorRcGrantNotFound | MoveRefused>
  readonly setLedgerTransfer: (id: string, transferId: string) => Effect.Effect<SponsorRcGrant>
}>() {}
