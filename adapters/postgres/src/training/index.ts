/** The training context on Postgres. */
export * from "./calendar.pg.js"
export * from "./programs.pg.js"
export * from "./nutrition.pg.js"
export * from "./routes.pg.js"
export * from "./coach.pg.js"
