/** Context "events": events, slots, tickets, add-ons, courses, forms, FAQs, editions, master events, categories. */
export * from "./event-category.model.js"
export * from "./event.model.js"
export * from "./event.port.js"
export * from "./event.use-case.js"
export * from "./inventory.use-case.js"
export * from "./event-config/index.js"
