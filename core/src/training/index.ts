/** Context "training": the athlete's calendar, programs and their enrollments, organizer training programs, nutrition, routes, the AI coach. */
export * from "./calendar.port.js"
export * from "./calendar.use-case.js"
export * from "./training.model.js"
export * from "./programs.port.js"
export * from "./programs.use-case.js"
export * from "./organizer-programs.use-case.js"
export * from "./nutrition.port.js"
export * from "./nutrition.use-case.js"
