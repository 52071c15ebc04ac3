/** The HTTP host as a library: its routes, server layer and lifecycle, for tests and the bench. */
export * from "./api.js"
export * from "./lifecycle.js"
export * from "./server.js"
export { DocsRoutes } from "./docs/docs.routes.js"
export * from "./identity/auth.middleware.js"
export { startupSummary } from "./summary.js"
export { toOpenApi30 } from "./openapi30.js"
