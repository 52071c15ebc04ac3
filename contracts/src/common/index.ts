/** Shared contract pieces: the envelope, public errors and the API identifier every area uses. */
export * from "./envelope.js"
export * from "./errors.js"

/** Every area API uses this identifier so handler layers built for an area satisfy the served API. */
export const ApiId = "podium" as const
export * from "./list-query.js"
export * from "./crud.js"
export * from "./endpoint.js"
export * from "./auth.middleware.js"
export * from "./organizer-tenancy.middleware.js"
export * from "./club-tenancy.middleware.js"
export * from "./page.js"
export * from "./bank-account.js"
export * from "./checkout.js"

import { HttpApi } from "@effect/platform"
import { withStandardErrors } from "./errors.js"
/** The empty area API every area extends: the shared identifier and the standard errors, declared once. */
export const AreaApi = withStandardErrors(HttpApi.make(ApiId))
export * from "./brand-tenancy.middleware.js"
