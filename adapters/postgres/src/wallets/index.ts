/** The wallets context's Postgres adapters. */
export * from "./ledger.pg.js"
