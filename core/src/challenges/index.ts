/** Context "challenges": challenges, participations, templates, and the badge requests of their creators. */
export * from "./badge-request.model.js"
export * from "./badge-request.port.js"
export * from "./badge-request.use-case.js"
export * from "./calendar.js"
export * from "./challenge.model.js"
export * from "./challenge.port.js"
export * from "./challenge.use-case.js"
export * from "./participation.use-case.js"
