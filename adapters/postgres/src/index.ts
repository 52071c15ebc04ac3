/** @podium/postgres — @effect/sql-pg adapters, the migration stream and the embedded PGlite default. */
export * from "./client.pg.js"
export * from "./embedded.pglite.js"
export * from "./health.pg.js"
export * from "./migrations/index.js"
export * from "./platform/job-queue.pg.js"
export * from "./platform/list-query.pg.js"
export * from "./platform/audit-log.pg.js"
