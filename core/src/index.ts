/** @podium/core — the domain: models, state machines, use cases and ports, one folder per context. */
export * as Notifications from "./notifications/index.js"
export * as Platform from "./platform/index.js"
export * as Accounts from "./accounts/index.js"
export * as Identity from "./identity/index.js"
export * as Organizers from "./organizers/index.js"
export * as Media from "./media/index.js"
export * as Compliance from "./compliance/index.js"
export * as Challenges from "./challenges/index.js"
