/** Context "compliance": consent, erasure, personal-data export, account merge. */
export * from "./compliance.model.js"
export * from "./compliance.port.js"
export * from "./compliance.use-case.js"
export * from "./medical-info.model.js"
export * from "./medical-info.port.js"
export * from "./medical-info.use-case.js"
