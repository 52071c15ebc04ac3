/** The challenges context's Postgres repositories. */
export * from "./badge-request.pg.js"
export * from "./challenge.pg.js"
