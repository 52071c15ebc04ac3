/** Context "results": raw timing records and computed results, leaderboards, the publication of an event's results. */
export * from "./results.model.js"
export * from "./results.port.js"
export * from "./leaderboards.use-case.js"
export * from "./event-results.use-case.js"
export * from "./certificates.model.js"
export * from "./certificates.port.js"
export * from "./certificates.use-case.js"
export * from "./medals.use-case.js"
