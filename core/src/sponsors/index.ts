/** Sponsors: brands, the accounts of the users acting for them, and admins' decisions on both. */
export * from "./sponsor.model.js"
export * from "./sponsor.port.js"
export * from "./sponsor.use-case.js"
export * from "./sponsorship.model.js"
export * from "./sponsorship.port.js"
export * from "./sponsorship.use-case.js"
