/**
 * The wallets context's infrastructure: the double-entry ledger on the host's database.
 * Clubs, sponsors, rewards and referrals post through the same `Wallets.Ledger`.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Wallets } from "@podium/core"
import { LedgerMemory } from "@podium/core/testing"
import { LedgerPg } from "@podium/postgres"
import type { Layer } from "effect"
import { hostContext } from "./host-context.js"

/** What the wallets block adds to a host. */
export type WalletsInfrastructure = Wallets.Ledger

export const WalletsLive: Layer.Layer<WalletsInfrastructure, never, SqlClient.SqlClient> = LedgerPg

export const walletsContext = hostContext<WalletsInfrastructure>({
  name: "wallets",
  live: () => WalletsLive,
  memory: () => LedgerMemory
})
