/** The activities context on Postgres. */
export * from "./activity.pg.js"
export * from "./anti-cheat.pg.js"
export * from "./gear.pg.js"
export * from "./tracking.pg.js"
