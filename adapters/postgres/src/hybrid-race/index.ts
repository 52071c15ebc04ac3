/** The hybrid-race context on Postgres. */
export * from "./hybrid-race.pg.js"
