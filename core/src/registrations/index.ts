/** Context "registrations": bookings of event tickets (participations), the organizer's bookings and check-in. */
export * from "./participation.model.js"
export * from "./participation.port.js"
export * from "./booking.use-case.js"
export * from "./organizer-bookings.use-case.js"
export * from "./check-in.use-case.js"
export * from "./admin-event-oversight.use-case.js"
