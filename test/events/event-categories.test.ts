/** Event categories through the real host: public reads, admin writes, validation, 409 on a taken name. */
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions, signInUser } from "../notifications/http-support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let catalog: Record<string, string>
let user: Record<string, string>
beforeAll(async () => {
  catalog = await adminWithPermissions(host, ["events.catalog"])
  user = await signInUser(host)
}, 60_000)

const send = (method: string, path: string, body?: unknown, headers = catalog) => host.http.request(method, path, body, headers)

describe("event categories", () => {
  it("lets anyone read them and only admins with events.catalog write them", async () => {
    expect((await host.http.get("/v2/event-categories")).status).toBe(200)
    expect((await send("POST", "/v2/event-categories", {}, {})).status).toBe(401)
    expect((await send("POST", "/v2/event-categories", {}, user)).status).toBe(403)
  })

  it("creates with defaults, sorts by sortOrder then name, updates, deletes; a taken name is 409 and bad input 400", async () => {
    const trail = await send("POST", "/v2/event-categories", { name: "Trail", sortOrder: 2 })
    expect(trail.status).toBe(201)
    expect(trail.body.data).toMatchObject({ name: "Trail", description: null, sortOrder: 2, isActive: true })
    await send("POST", "/v2/event-categories", { name: "Road", sortOrder: 1, description: "Tarmac" })
    expect((await send("POST", "/v2/event-categories", { name: "Road" })).body.code).toBe("EVENT_CATEGORY_EXISTS")
    const invalid = await send("POST", "/v2/event-categories", { name: "", sortOrder: -1 })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "name must be longer than or equal to 1 and shorter than or equal to 60 characters",
      "sortOrder must be an integer between 0 and 10000"
    ])
    const list = await host.http.get("/v2/event-categories")
    expect(list.body.data.data.map((c: { name: string }) => c.name)).toEqual(["Road", "Trail"])

    const id = trail.body.data.id as string
    const updated = await send("PATCH", `/v2/event-categories/${id}`, { isActive: false, description: "Off road" })
    expect(updated.body.data).toMatchObject({ name: "Trail", isActive: false, description: "Off road" })
    expect((await host.http.get(`/v2/event-categories/${id}`)).body.data.isActive).toBe(false)
    expect((await send("DELETE", `/v2/event-categories/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await host.http.get(`/v2/event-categories/${id}`)).status).toBe(404)
  })
})
