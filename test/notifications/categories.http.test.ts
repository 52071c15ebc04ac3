/** Notification categories through the real host: guard, create/list/update/delete, validation, 409 on a taken key. */
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { adminWithPermissions, signInUser } from "./http-support.js"

const host = realHostOf(import.meta.url)
let manager: Record<string, string>
let plainAdmin: Record<string, string>
let user: Record<string, string>

const adminWith = (permissions: ReadonlyArray<string>) => adminWithPermissions(host, permissions)

beforeAll(async () => {
  manager = await adminWith(["notifications.manage"])
  plainAdmin = await adminWith(["admins.read"])
  user = await signInUser(host)
}, 60_000)

const get = (path: string, headers = manager) => host.http.get(path, { headers })
const request = (method: string, path: string, body?: unknown, headers = manager) => host.http.request(method, path, body, headers)

describe("notification categories over HTTP", () => {
  it("requires an admin holding notifications.manage", async () => {
    expect((await host.http.get("/v2/admin/notification-categories")).status).toBe(401)
    expect((await get("/v2/admin/notification-categories", user)).status).toBe(403)
    const denied = await request("POST", "/v2/admin/notification-categories", { key: "x", name: "X" }, plainAdmin)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
  })

  it("creates with defaults, lists with the generic query, updates, deletes; a taken key answers 409", async () => {
    const created = await request("POST", "/v2/admin/notification-categories", { key: "challenges", name: "Challenges" })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ key: "challenges", name: "Challenges", audience: "ALL", userControllable: true, enabled: true, description: null })
    const id = created.body.data.id as string
    await request("POST", "/v2/admin/notification-categories", { key: "security", name: "Security", audience: "USER", userControllable: false })
    const taken = await request("POST", "/v2/admin/notification-categories", { key: "challenges", name: "Again" })
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("CATEGORY_KEY_TAKEN")

    const list = await get("/v2/admin/notification-categories?sort=key,ASC")
    expect(list.status).toBe(200)
    expect(list.body.data.data.map((c: { key: string }) => c.key)).toEqual(["challenges", "security"])
    const filtered = await get(`/v2/admin/notification-categories?filter=${encodeURIComponent("userControllable||$eq||false")}`)
    expect(filtered.body.data.data.map((c: { key: string }) => c.key)).toEqual(["security"])

    const updated = await request("PATCH", `/v2/admin/notification-categories/${id}`, { name: "Challenges & races", enabled: false })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ key: "challenges", name: "Challenges & races", enabled: false })

    const deleted = await request("DELETE", `/v2/admin/notification-categories/${id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ id, deleted: true })
    expect((await request("DELETE", `/v2/admin/notification-categories/${id}`)).status).toBe(404)
    expect((await request("PATCH", `/v2/admin/notification-categories/${id}`, { name: "Gone" })).status).toBe(404)
  })

  it("validates every field (400 listing each message)", async () => {
    const bad = await request("POST", "/v2/admin/notification-categories", { key: "Bad Key", name: "", audience: "EVERYONE", enabled: "yes" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      expect.stringContaining("key must"),
      expect.stringContaining("name must"),
      expect.stringContaining("audience must"),
      expect.stringContaining("enabled must")
    ]))
    expect((await request("PATCH", "/v2/admin/notification-categories/not-a-uuid", { name: "X" })).status).toBe(400)
  })
})
