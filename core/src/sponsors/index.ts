/** Sponsors: brands, the accounts of the users acting for them, and admins' decisions on both. */
export * from "./sponsor.model.js"
export * from "./sponsor.port.js"
export * from "./sponsor.use-case.js"
export * from "./workspace.model.js"
export * from "./workspace.port.js"
export * from "./workspace.use-case.js"
