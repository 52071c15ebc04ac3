/**
 * A request's services laid over the host's (hosts/http/src/serving/layered-services.ts) read like
 * one merged map, and Effect's own context operations extend them without copying the host's
 * services (the repository's patch of `effect`, patches/).
 */
import { LayeredServices } from "@podium/http/serving/layered-services"
import { Context, Effect } from "effect"
import { describe, expect, it } from "vitest"

const base = new Map<string, unknown>([["a", 1], ["b", 2], ["c", 3]])

describe("layered services", () => {
  it("reads the request's entries over the base, each key once", () => {
    const layered = new LayeredServices(base, [["b", 20], ["d", 4]])
    expect(layered.get("a")).toBe(1)
    expect(layered.get("b")).toBe(20)
    expect(layered.get("d")).toBe(4)
    expect(layered.has("c")).toBe(true)
    expect(layered.has("z")).toBe(false)
    expect(layered.size).toBe(4)
    expect(new Map(layered)).toEqual(new Map([["b", 20], ["d", 4], ["a", 1], ["c", 3]]))
    expect([...layered.keys()].sort()).toEqual(["a", "b", "c", "d"])
    expect(base).toEqual(new Map([["a", 1], ["b", 2], ["c", 3]]))
  })

  it("deletes on its own layer only, hiding a base entry without touching the base", () => {
    const layered = new LayeredServices(base, [["b", 20]])
    expect(layered.delete("b")).toBe(true)
    expect(layered.has("b")).toBe(false)
    expect(layered.get("b")).toBeUndefined()
    expect(layered.size).toBe(2)
    expect(layered.delete("b")).toBe(false)
    layered.set("b", 200)
    expect(layered.get("b")).toBe(200)
    expect(layered.size).toBe(3)
    expect(base.get("b")).toBe(2)
  })

  it("is extended, not copied, by Context.add and Context.merge, and stays correct", () => {
    const A = Context.GenericTag<"A", number>("a")
    const E = Context.GenericTag<"E", number>("e")
    const context = Context.unsafeMake(new LayeredServices(base, [["d", 4]])) as Context.Context<"A">
    const added = Context.add(context, E, 5)
    expect(added.unsafeMap).toBeInstanceOf(LayeredServices)
    expect(Context.get(added, E)).toBe(5)
    expect(Context.get(added, A)).toBe(1)
    expect(added.unsafeMap.size).toBe(5)
    expect(context.unsafeMap.has("e")).toBe(false)
    const merged = Context.merge(added, Context.make(A, 10))
    expect(merged.unsafeMap).toBeInstanceOf(LayeredServices)
    expect(Context.get(merged, A)).toBe(10)
    expect(Context.get(added, A)).toBe(1)
  })

  it("serves effects that provide services to themselves, as SQL statements do with their scope", async () => {
    const A = Context.GenericTag<"A", number>("a")
    const E = Context.GenericTag<"E", number>("e")
    const context = Context.unsafeMake(new LayeredServices(base, [])) as Context.Context<"A">
    const program = Effect.scoped(Effect.flatMap(A, (a) => Effect.map(E, (e) => a + e))).pipe(Effect.provideService(E, 41))
    expect(await Effect.runPromise(Effect.provide(program, context))).toBe(42)
  })
})
