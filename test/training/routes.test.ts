/**
 * Admin routes through the real host: who may call, create with the distance measured from the
 * points, list with inactive ones, edit (new points re-measured), the active toggle (concurrent
 * toggles with the same target: all land on it), soft delete.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { realHostOf } from "../support/real-host.js"
import { athlete, caller } from "./support.js"

const host = realHostOf(import.meta.url)
const call = caller(host)
let admin: Record<string, string>
beforeAll(async () => {
  admin = await adminWithPermissions(host, ["training.manage"])
}, 60_000)

// 0.01° of latitude is about 1112 m.
const north = [{ lat: 12.97, lon: 77.59 }, { lat: 12.98, lon: 77.59 }]

describe("admin routes", () => {
  it("are for admins holding training.manage", async () => {
    expect((await host.http.get("/v2/admin/routes")).status).toBe(401)
    expect((await call("GET", "/v2/admin/routes", (await athlete(host)).headers)).status).toBe(403)
    expect((await call("POST", "/v2/admin/routes", await adminWithPermissions(host, ["events.catalog"]), { name: "Loop", points: north })).status).toBe(403)
  })

  it("creates, lists inactive ones too, edits, toggles active and soft-deletes a route", async () => {
    const created = await call("POST", "/v2/admin/routes", admin, { name: "Cubbon Park loop", city: "Bengaluru", points: north })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ sport: "run", difficulty: "moderate", isActive: true, elevationGainMeters: 0 })
    expect(created.body.data.distanceMeters).toBeGreaterThan(1100)
    expect(created.body.data.distanceMeters).toBeLessThan(1125)
    const id = created.body.data.id
    await call("POST", "/v2/admin/routes", admin, { name: "Nandi hills climb", sport: "ride", difficulty: "hard", points: north })

    const longer = await call("PATCH", `/v2/admin/routes/${id}`, admin, { points: [...north, { lat: 12.99, lon: 77.59 }] })
    expect(longer.body.data.distanceMeters).toBeGreaterThan(2200)
    expect(longer.body.data.city).toBe("Bengaluru")

    expect((await call("PATCH", `/v2/admin/routes/${id}/active`, admin)).body.data.isActive).toBe(false)
    expect((await call("GET", "/v2/admin/routes", admin)).body.data.map((r: { name: string; isActive: boolean }) => [r.name, r.isActive])).toEqual([
      ["Cubbon Park loop", false],
      ["Nandi hills climb", true]
    ])
    expect((await call("GET", "/v2/admin/routes?active=true&sport=ride", admin)).body.data.map((r: { name: string }) => r.name)).toEqual(["Nandi hills climb"])
    const racing = await Promise.all(Array.from({ length: 4 }, () => call("PATCH", `/v2/admin/routes/${id}/active`, admin, { isActive: true })))
    expect(racing.map((r) => r.body.data.isActive)).toEqual([true, true, true, true])

    expect((await call("DELETE", `/v2/admin/routes/${id}`, admin)).body.data).toEqual({ id, deleted: true })
    expect((await call("DELETE", `/v2/admin/routes/${id}`, admin)).body.code).toBe("ROUTE_NOT_FOUND")
    expect((await call("PATCH", `/v2/admin/routes/${id}`, admin, { name: "Gone" })).status).toBe(404)
    expect((await call("GET", "/v2/admin/routes?q=cubbon", admin)).body.data).toEqual([])
  })

  it("refuses bad input in the spec's wording", async () => {
    const bad = await call("POST", "/v2/admin/routes", admin, { name: "L", points: [{ lat: 12.97, lon: 77.59 }], difficulty: "extreme" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "name must be longer than or equal to 2 and shorter than or equal to 120 characters",
      "points must contain between 2 and 5000 points",
      "difficulty must be one of the following values: easy, moderate, hard"
    ])
  })
})
