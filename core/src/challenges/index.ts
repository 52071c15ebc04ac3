/** Context "challenges": challenge badge requests and badges (challenges themselves arrive later). */
export * from "./badge-request.model.js"
export * from "./badge-request.port.js"
export * from "./badge-request.use-case.js"
