/** Official partners (A 4.6): organizer and club partnerships, partner logos and the athlete exclusive partner tab. */
export * from "./partner.model.js"
export * from "./partner.port.js"
export * from "./partner.use-case.js"
