/**
 * @podium/kernel — value schemas shared by the core and the contracts: branded ids, money,
 * enums and the validation vocabulary whose messages follow the spec's wording.
 */
export * from "./ids.js"
export * from "./validation.js"
export * from "./money.js"
export * from "./domain-error.js"
export * from "./moves.js"
export * from "./record.js"
export * from "./records/accounts.js"
export * from "./records/clubs.js"
export * from "./records/compliance.js"
export * from "./records/events.js"
export * from "./records/notifications.js"
export * from "./records/organizers.js"
export * from "./records/activities.js"
export * from "./records/challenges.js"
export * from "./records/event-config.js"
export * from "./records/registrations.js"
export * from "./records/payments.js"
export * from "./records/results.js"
export * from "./records/training.js"
export * from "./records/hybrid-race.js"
