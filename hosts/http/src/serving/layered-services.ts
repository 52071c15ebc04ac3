/**
 * A request's services as one map without copying the host's: a few request-scoped entries laid
 * over a shared, never-mutated base (the services a handler group was built with).
 *
 * Why: an Effect `Context` is a `Map` from tag key to service, and the usual way to give a request
 * its own services (a merge, `Context.add`, `Effect.provideService`) copies the whole map. A host
 * holds hundreds of services, and every request copied them several times, so every request paid
 * for the size of the application. A `LayeredServices` reads through to its base instead, so
 * starting a request costs what the request adds, not what the host holds.
 *
 * It is a real `Map` (lookups, `size`, iteration and copies see the union, request entries
 * winning), so any code that copies it gets a correct plain map. Code that knows the protocol
 * (`Layered.extend`) extends it without flattening: Effect's `Context.add` and `Context.merge` do
 * when the `effect` package carries the repository's patch (patches/effect*.patch), which is what
 * keeps the scope every SQL statement provides to itself from copying the host's services.
 */

/** The extension protocol: `map[Layered.extend](entries)` answers a new map with `entries` laid on top. */
export const Layered = {
  extend: Symbol.for("effect/Context/layered/extend")
} as const

export class LayeredServices extends Map<string, unknown> {
  /** Keys of the base hidden by a delete on this layer. */
  private hidden: Set<string> | undefined
  /** Own entries whose key the base also holds (so `size` counts each key once). */
  private shadowing = 0

  constructor(
    private readonly base: ReadonlyMap<string, unknown>,
    entries?: Iterable<readonly [string, unknown]>
  ) {
    super()
    if (entries !== undefined) for (const [key, value] of entries) this.set(key, value)
  }

  /** A new layer over the same base with this layer's entries and `entries` on top (O(own entries)). */
  [Layered.extend](entries: Iterable<readonly [string, unknown]>): LayeredServices {
    const next = new LayeredServices(this.base, super.entries())
    if (this.hidden !== undefined) for (const key of this.hidden) next.delete(key)
    for (const [key, value] of entries) next.set(key, value)
    return next
  }

  override get(key: string): unknown {
    return super.has(key) ? super.get(key) : this.hidden?.has(key) ? undefined : this.base.get(key)
  }

  override has(key: string): boolean {
    return super.has(key) || (this.base.has(key) && this.hidden?.has(key) !== true)
  }

  override set(key: string, value: unknown): this {
    if (!super.has(key)) {
      if (this.hidden?.delete(key) === true) this.shadowing++
      else if (this.base.has(key)) this.shadowing++
    }
    return super.set(key, value)
  }

  override delete(key: string): boolean {
    const present = this.has(key)
    if (!present) return false
    if (super.has(key)) {
      super.delete(key)
      if (this.base.has(key)) this.shadowing--
    }
    if (this.base.has(key)) (this.hidden ??= new Set()).add(key)
    return true
  }

  override clear(): void {
    super.clear()
    this.shadowing = 0
    this.hidden = new Set(this.base.keys())
  }

  override get size(): number {
    return super.size - this.shadowing + this.base.size - (this.hidden?.size ?? 0)
  }

  override *entries(): MapIterator<[string, unknown]> {
    yield* super.entries()
    for (const [key, value] of this.base) {
      if (!super.has(key) && this.hidden?.has(key) !== true) yield [key, value]
    }
  }

  override *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key
  }

  override *values(): MapIterator<unknown> {
    for (const [, value] of this.entries()) yield value
  }

  override [Symbol.iterator](): MapIterator<[string, unknown]> {
    return this.entries()
  }

  override forEach(callback: (value: unknown, key: string, map: Map<string, unknown>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this)
  }
}
