/** Context "platform": health, background jobs, scheduling. */
export * from "./job.model.js"
export * from "./job-queue.port.js"
export * from "./job-handlers.js"
export * from "./worker.use-case.js"
export * from "./schedule.model.js"
export * from "./scheduler.use-case.js"
export * from "./maintenance.jobs.js"
export * from "./redis-ports.js"
