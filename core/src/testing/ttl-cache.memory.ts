import { Clock, Duration, Effect, Layer, Option } from "effect"
import { positiveMillis } from "../platform/rate-limiter.port.js"
import { TtlCache } from "../platform/ttl-cache.port.js"

interface Entry {
  value: string
  expiresAt: number
}

/** A TtlCache in process memory with the Redis adapter's semantics; expiry follows effect's Clock (TestClock works). */
export const makeTtlCacheMemory = (): TtlCache["Type"] => {
  const entries = new Map<string, Entry>()
  let writes = 0
  const live = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt <= now) {
      entries.delete(key)
      return undefined
    }
    return entry
  }
  const write = (now: number) => {
    if (++writes % 1024 === 0) {
      for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key)
    }
  }
  const withNow = <A>(f: (now: number) => A) => Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sync(() => f(now)))
  return TtlCache.of({
    get: (key) => withNow((now) => Option.fromNullable(live(key, now)?.value)),
    getMany: (keys) => withNow((now) => keys.map((key) => Option.fromNullable(live(key, now)?.value))),
    set: (key, value, ttl) =>
      withNow((now) => {
        write(now)
        entries.set(key, { value, expiresAt: now + positiveMillis(ttl) })
      }),
    setIfAbsent: (key, value, ttl) =>
      withNow((now) => {
        const ms = positiveMillis(ttl)
        if (live(key, now) !== undefined) return false
        write(now)
        entries.set(key, { value, expiresAt: now + ms })
        return true
      }),
    take: (key) =>
      withNow((now) => {
        const entry = live(key, now)
        entries.delete(key)
        return Option.fromNullable(entry?.value)
      }),
    delete: (key) => withNow((now) => live(key, now) !== undefined && entries.delete(key)),
    incr: (key, options) =>
      withNow((now) => {
        const by = options.by ?? 1
        const ms = positiveMillis(options.ttl)
        if (!Number.isSafeInteger(by)) throw new RangeError(`incr: expected an integer step, got ${by}`)
        const entry = live(key, now)
        if (entry === undefined) {
          write(now)
          entries.set(key, { value: String(by), expiresAt: now + ms })
          return by
        }
        if (!/^-?\d+$/.test(entry.value)) throw new TypeError(`incr: value of ${key} is not an integer`)
        const next = Number(entry.value) + by
        entry.value = String(next)
        return next
      }),
    ttl: (key) => withNow((now) => Option.map(Option.fromNullable(live(key, now)), (e) => Duration.millis(e.expiresAt - now)))
  })
}

/** In-memory TtlCache; each build has its own state. */
export const TtlCacheMemory: Layer.Layer<TtlCache> = Layer.sync(TtlCache, makeTtlCacheMemory)
