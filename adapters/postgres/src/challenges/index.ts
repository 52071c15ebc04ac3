/** The challenges context's Postgres repositories. */
export * from "./badge-request.pg.js"
export * from "./badge.pg.js"
export * from "./challenge.pg.js"
export * from "./progress.pg.js"
export * from "./fulfillment.pg.js"
export * from "./bib-template.pg.js"
export * from "./challenge-event.pg.js"
export * from "./audience.pg.js"
