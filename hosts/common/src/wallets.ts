/**
 * The wallets context's infrastructure: the double-entry ledger on the host's database.
 * Clubs, sponsors, rewards and referrals post through the same `Wallets.Ledger`.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Wallets } from "@podium/core"
import { LedgerMemory } from "@podium/core/testing"
import { LedgerPg } from "@podium/postgres"
import { Layer } from "effect"

/** What the wallets block adds to a host. */
export type WalletsInfrastructure = Wallets.Ledger

export const WalletsLive: Layer.Layer<WalletsInfrastructure, never, SqlClient.SqlClient> = LedgerPg

/** Adds the wallets block to an infrastructure layer. */
export const withWallets = <ROut, E, RIn>(
  infrastructure: Layer.Layer<ROut | SqlClient.SqlClient, E, RIn>
): Layer.Layer<ROut | SqlClient.SqlClient | WalletsInfrastructure, E, RIn> => WalletsLive.pipe(Layer.provideMerge(infrastructure))

/** The wallets block without a database, for HTTP tests of other routes. */
export const walletsMemory = (): Layer.Layer<WalletsInfrastructure> => LedgerMemory
