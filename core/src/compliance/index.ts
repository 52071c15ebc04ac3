/** Context "compliance": consent, erasure, personal-data export, account merge. */
export * from "./compliance.model.js"
export * from "./compliance.port.js"
export * from "./compliance.use-case.js"
