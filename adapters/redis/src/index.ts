/** @podium/redis — ioredis adapters of the core's Redis-backed platform ports. */
export * from "./distributed-lock.redis.js"
export * from "./leaderboard.redis.js"
export * from "./rate-limiter.redis.js"
export * from "./redis-client.js"
export * from "./redis-ports.redis.js"
export * from "./ttl-cache.redis.js"
