/** The training context on Postgres. */
export * from "./calendar.pg.js"
