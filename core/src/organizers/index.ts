/** Context "organizers": organizer accounts, the tenancy policy, teams. */
export * from "./organizer.model.js"
export * from "./organizer.port.js"
export * from "./tenancy.policy.js"
export * from "./organizer.use-case.js"
export * from "./team.use-case.js"
