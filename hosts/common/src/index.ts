/** What every host shares: configuration, logging and the choice of infrastructure layers. */
export * from "./config.js"
export * from "./health.js"
export * from "./run-host.js"
export * from "./infrastructure.js"
export * from "./redis.js"
export * from "./database.js"
export * from "./jobs.js"
