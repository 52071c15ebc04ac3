/** Context "notifications": channels and their providers, outbox, templates, preferences. */
export * from "./channels.port.js"
