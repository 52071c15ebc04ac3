import { Clock, Effect, Layer, Option } from "effect"
import { DistributedLock } from "../platform/distributed-lock.port.js"
import { positiveMillis } from "../platform/rate-limiter.port.js"

/** A DistributedLock in process memory with the Redis adapter's lease semantics; time from effect's Clock. */
export const makeDistributedLockMemory = (): DistributedLock["Type"] => {
  const locks = new Map<string, { token: string; expiresAt: number }>()
  let counter = 0
  const holder = (key: string, now: number) => {
    const lock = locks.get(key)
    if (lock !== undefined && lock.expiresAt <= now) {
      locks.delete(key)
      return undefined
    }
    return lock
  }
  const withNow = <A>(f: (now: number) => A) => Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sync(() => f(now)))
  return DistributedLock.of({
    acquire: (key, ttl) =>
      withNow((now) => {
        const ms = positiveMillis(ttl)
        if (holder(key, now) !== undefined) return Option.none()
        const token = `${now.toString(36)}-${(++counter).toString(36)}-${Math.random().toString(36).slice(2)}`
        locks.set(key, { token, expiresAt: now + ms })
        return Option.some(token)
      }),
    release: (key, token) =>
      withNow((now) => {
        if (holder(key, now)?.token !== token) return false
        return locks.delete(key)
      }),
    extend: (key, token, ttl) =>
      withNow((now) => {
        const ms = positiveMillis(ttl)
        const lock = holder(key, now)
        if (lock?.token !== token) return false
        lock.expiresAt = now + ms
        return true
      })
  })
}

/** In-memory DistributedLock; each build has its own state. */
export const DistributedLockMemory: Layer.Layer<DistributedLock> = Layer.sync(DistributedLock, makeDistributedLockMemory)
