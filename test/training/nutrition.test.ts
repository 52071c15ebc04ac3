/**
 * The nutrition catalogue through the real host: admin fueling templates (soft delete, restore
 * once: concurrent restores, one wins), sources with the enable toggle, the idempotent IFCT seed,
 * and the athlete's reads (foods of enabled sources only, templates and categories).
 */
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { realHostOf } from "../support/real-host.js"
import { athlete, caller } from "./support.js"

const host = realHostOf(import.meta.url)
const call = caller(host)
let admin: Record<string, string>
let otherAdmin: Record<string, string>
beforeAll(async () => {
  admin = await adminWithPermissions(host, ["training.manage"])
  otherAdmin = await adminWithPermissions(host, ["activities.review"])
}, 60_000)

describe("nutrition admin", () => {
  it("is for admins holding training.manage; athletes read only when signed in", async () => {
    expect((await host.http.get("/v2/admin/nutrition/sources")).status).toBe(401)
    expect((await call("GET", "/v2/admin/nutrition/sources", otherAdmin)).status).toBe(403)
    const me = await athlete(host)
    expect((await call("POST", "/v2/admin/nutrition/sources/seed/ifct", me.headers)).status).toBe(403)
    expect((await host.http.get("/v2/nutrition/foods")).status).toBe(401)
  })

  it("keeps fueling templates: create, read, edit, soft-delete, restore once", async () => {
    const created = await call("POST", "/v2/admin/nutrition/fueling-templates", admin, {
      name: "Marathon race day",
      category: "Race day",
      durationMinutes: 240,
      items: [{ atMinute: 45, food: "Gel", carbsGrams: 25, fluidMl: 150, sodiumMg: 50 }, { atMinute: -60, food: "Banana", carbsGrams: 27, fluidMl: 0, sodiumMg: 1 }]
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ sport: "run", description: null, deletedAt: null })
    expect(created.body.data.items.map((i: { food: string }) => i.food)).toEqual(["Banana", "Gel"])
    const id = created.body.data.id
    await call("POST", "/v2/admin/nutrition/fueling-templates", admin, { name: "Long ride", category: "Training", sport: "ride" })

    const me = await athlete(host)
    expect((await call("GET", `/v2/nutrition/fueling-templates/${id}`, me.headers)).body.data.name).toBe("Marathon race day")
    expect((await call("GET", "/v2/nutrition/fueling-templates?category=Race%20day", me.headers)).body.data.map((t: { id: string }) => t.id)).toEqual([id])
    expect((await call("GET", "/v2/nutrition/fueling-templates/categories", me.headers)).body.data).toEqual([
      { category: "Race day", templates: 1 },
      { category: "Training", templates: 1 }
    ])

    const edited = await call("PATCH", `/v2/admin/nutrition/fueling-templates/${id}`, admin, { description: "Sub-4 plan" })
    expect(edited.body.data).toMatchObject({ description: "Sub-4 plan", name: "Marathon race day", durationMinutes: 240 })
    expect(edited.body.data.items).toHaveLength(2)

    expect((await call("POST", `/v2/admin/nutrition/fueling-templates/${id}/restore`, admin)).body.code).toBe("FUELING_TEMPLATE_NOT_DELETED")
    expect((await call("DELETE", `/v2/admin/nutrition/fueling-templates/${id}`, admin)).body.data).toEqual({ id, deleted: true })
    expect((await call("GET", `/v2/nutrition/fueling-templates/${id}`, me.headers)).body.code).toBe("FUELING_TEMPLATE_NOT_FOUND")
    expect((await call("GET", `/v2/admin/nutrition/fueling-templates/${id}`, admin)).body.data.deletedAt).not.toBeNull()
    expect((await call("GET", "/v2/admin/nutrition/fueling-templates", admin)).body.data.map((t: { name: string }) => t.name)).toEqual(["Long ride"])
    expect((await call("GET", "/v2/admin/nutrition/fueling-templates?includeDeleted=true", admin)).body.data).toHaveLength(2)

    const restores = await Promise.all(Array.from({ length: 4 }, () => call("POST", `/v2/admin/nutrition/fueling-templates/${id}/restore`, admin)))
    expect(restores.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    expect((await call("GET", `/v2/nutrition/fueling-templates/${id}`, me.headers)).status).toBe(200)
  })

  it("refuses bad input in the spec's wording", async () => {
    const bad = await call("POST", "/v2/admin/nutrition/fueling-templates", admin, { name: "X", items: [{ atMinute: -500, food: "Gel", carbsGrams: 25, fluidMl: 0, sodiumMg: 0 }] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "name must be longer than or equal to 2 and shorter than or equal to 120 characters",
      "category must be longer than or equal to 2 and shorter than or equal to 60 characters",
      "items.0.atMinute must be an integer between -240 and 1440"
    ])
    expect((await call("POST", "/v2/admin/nutrition/sources", admin, { key: "Bad Key", name: "Bad" })).body.message).toEqual([
      "key must be 2 to 40 lowercase letters, digits, '-' or '_'"
    ])
  })

  it("seeds IFCT idempotently, keeps sources, and shows athletes only enabled sources' foods", async () => {
    const first = await call("POST", "/v2/admin/nutrition/sources/seed/ifct", admin)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ inserted: 40, staples: 40, source: { key: "ifct", enabled: true, foodCount: 40 } })
    const second = await call("POST", "/v2/admin/nutrition/sources/seed/ifct", admin)
    expect(second.body.data).toMatchObject({ inserted: 0, source: { foodCount: 40 } })

    const me = await athlete(host)
    const bananas = await call("GET", "/v2/nutrition/foods?q=banana", me.headers)
    expect(bananas.body.data.items.map((f: { name: string; carbsGrams: number }) => [f.name, f.carbsGrams])).toEqual([["Banana, ripe (robusta)", 20.3]])
    expect((await call("GET", "/v2/nutrition/foods?category=Millets&limit=2", me.headers)).body.data).toMatchObject({ total: 3, limit: 2 })

    const custom = await call("POST", "/v2/admin/nutrition/sources", admin, { key: "usda", name: "USDA FoodData" })
    expect(custom.status).toBe(201)
    expect(custom.body.data).toMatchObject({ key: "usda", enabled: true, foodCount: 0, description: null })
    expect((await call("POST", "/v2/admin/nutrition/sources", admin, { key: "usda", name: "Again" })).body.code).toBe("NUTRITION_SOURCE_EXISTS")
    expect((await call("PATCH", "/v2/admin/nutrition/sources/usda", admin, { description: "United States" })).body.data.description).toBe("United States")
    expect((await call("PATCH", "/v2/admin/nutrition/sources/nope", admin, { name: "Nope" })).body.code).toBe("NUTRITION_SOURCE_NOT_FOUND")
    expect((await call("GET", "/v2/admin/nutrition/sources", admin)).body.data.map((s: { key: string }) => s.key)).toEqual(["ifct", "usda"])

    // The toggle takes no body: it flips; with `enabled` it sets.
    expect((await call("PATCH", "/v2/admin/nutrition/sources/ifct/enable", admin)).body.data.enabled).toBe(false)
    expect((await call("GET", "/v2/nutrition/foods?q=banana", me.headers)).body.data.total).toBe(0)
    expect((await call("PATCH", "/v2/admin/nutrition/sources/ifct/enable", admin, { enabled: true })).body.data.enabled).toBe(true)
    expect((await call("PATCH", "/v2/admin/nutrition/sources/ifct/enable", admin, { enabled: true })).body.data.enabled).toBe(true)
    expect((await call("GET", "/v2/nutrition/foods?q=banana", me.headers)).body.data.total).toBe(1)
  })
})
