/** Context "promotions": mobile experiences (in-app promotional placements), their creatives and engagement. */
export * from "./mobile-experience.model.js"
export * from "./mobile-experience.port.js"
export * from "./mobile-experience.use-case.js"
