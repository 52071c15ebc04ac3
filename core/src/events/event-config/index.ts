/** An event's configuration: add-ons, coupons, course and waypoints, FAQs, forms, gallery, communications. */
export * from "./event-config.model.js"
export * from "./event-config.use-case.js"
export * from "./gpx.model.js"
