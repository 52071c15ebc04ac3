/**
 * The declaration-form and GST template memory twins keep their Postgres adapters' rules (one shared
 * store): versions numbered per name, exactly one active, the active template cannot be deleted, and
 * deleted templates no longer change.
 */
import { Organizers } from "@podium/core"
import { DeclarationsReposMemory, GstReposMemory } from "@podium/core/testing"
import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"

describe("versioned template memory twins", () => {
  it("numbers versions per name, keeps one active, refuses deleting the active one", async () => {
    const outcome = await Effect.runPromise(Effect.gen(function*() {
      const repo = yield* Organizers.DeclarationTemplateRepo
      const a1 = yield* repo.create({ name: "a", html: "<p>{{organizerName}}</p>", requiredFields: [] } as never)
      const a2 = yield* repo.create({ name: "a", html: "<p>{{companyName}}</p>", requiredFields: [] } as never)
      const b1 = yield* repo.create({ name: "b", html: "<p>x</p>", requiredFields: [] } as never)
      yield* repo.activate(a1.id)
      yield* repo.activate(a2.id)
      const active = yield* repo.findActive()
      const refused = yield* repo.softDelete(a2.id)
      const deleted = yield* repo.softDelete(b1.id)
      const afterDelete = yield* repo.update(b1.id, {} as never)
      return { versions: [a1.version, a2.version, b1.version], active: Option.map(active, (t) => t.id), a2: a2.id, refused, deleted, afterDelete }
    }).pipe(Effect.provide(DeclarationsReposMemory)))
    expect(outcome.versions).toEqual([1, 2, 1])
    expect(outcome.active).toEqual(Option.some(outcome.a2))
    expect(outcome.refused).toBe("active")
    expect(outcome.deleted).toBe("deleted")
    expect(Option.isNone(outcome.afterDelete)).toBe(true)
  })

  it("deactivates a GST template and lists by activity", async () => {
    const listed = await Effect.runPromise(Effect.gen(function*() {
      const repo = yield* Organizers.GstTemplateRepo
      const t = yield* repo.create({ name: "gst", html: "<p>x</p>" } as never)
      yield* repo.activate(t.id)
      const active = yield* repo.list({ isActive: true } as never)
      yield* repo.deactivate(t.id)
      const inactive = yield* repo.list({ isActive: false } as never)
      return { active: active.map((x) => x.id), inactive: inactive.map((x) => x.id), id: t.id }
    }).pipe(Effect.provide(GstReposMemory)))
    expect(listed.active).toEqual([listed.id])
    expect(listed.inactive).toEqual([listed.id])
  })
})
