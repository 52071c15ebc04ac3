/** In-memory layers for every port of the core, for other teams' tests. */
export * from "./job-queue.memory.js"
export * from "./rate-limiter.memory.js"
export * from "./ttl-cache.memory.js"
export * from "./distributed-lock.memory.js"
export * from "./leaderboard.memory.js"
export * from "./redis-ports.memory.js"
export * from "./channels.memory.js"
