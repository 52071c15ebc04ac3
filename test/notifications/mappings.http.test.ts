/**
 * Notification mappings through the real host: guard, create/list/replace/delete, the template
 * must exist on the channel (400 naming it), one mapping per role+step+channel (409), bulk all or
 * none with per-item messages, template candidates from the channel catalog.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { adminWithPermissions, signInUser } from "./http-support.js"

const host = realHostOf(import.meta.url)
let manager: Record<string, string>
let plainAdmin: Record<string, string>
let user: Record<string, string>

const adminWith = (permissions: ReadonlyArray<string>) => adminWithPermissions(host, permissions)

const get = (path: string, headers = manager) => host.http.get(path, { headers })
const request = (method: string, path: string, body?: unknown, headers = manager) => host.http.request(method, path, body, headers)

beforeAll(async () => {
  manager = await adminWith(["notifications.manage"])
  plainAdmin = await adminWith(["admins.read"])
  user = await signInUser(host)
  for (const key of ["welcome.sms", "reminder.sms"]) {
    const r = await request("POST", "/v2/admin/notification-templates/sms", { key, name: key, body: "Hi {{name}}", variables: ["name"], category: "events" })
    if (r.status !== 201) throw new Error(r.text)
  }
  await request("POST", "/v2/admin/notification-templates/email", { key: "welcome.email", name: "Welcome", subject: "Hi", body: "Hello", variables: [] })
}, 60_000)

describe("notification mappings over HTTP", () => {
  it("requires an admin holding notifications.manage", async () => {
    expect((await host.http.get("/v2/admin/notification-mappings")).status).toBe(401)
    expect((await get("/v2/admin/notification-mappings", user)).status).toBe(403)
    expect((await get("/v2/admin/notification-mappings/template-candidates?channel=sms", plainAdmin)).status).toBe(403)
  })

  it("creates, lists, replaces and deletes a mapping; one per role, step and channel", async () => {
    const created = await request("POST", "/v2/admin/notification-mappings", { role: "user", step: "welcome.day1", channel: "sms", templateKey: "welcome.sms" })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ role: "user", step: "welcome.day1", channel: "sms", templateKey: "welcome.sms", enabled: true })
    const id = created.body.data.id as string
    const again = await request("POST", "/v2/admin/notification-mappings", { role: "user", step: "welcome.day1", channel: "sms", templateKey: "reminder.sms" })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("MAPPING_EXISTS")
    // Same step on another channel or role is a different mapping.
    expect((await request("POST", "/v2/admin/notification-mappings", { role: "user", step: "welcome.day1", channel: "email", templateKey: "welcome.email" })).status).toBe(201)
    expect((await request("POST", "/v2/admin/notification-mappings", { role: "organizer", step: "welcome.day1", channel: "sms", templateKey: "welcome.sms" })).status).toBe(201)

    const list = await get(`/v2/admin/notification-mappings?filter=${encodeURIComponent("role||$eq||user")}&sort=channel,ASC`)
    expect(list.status).toBe(200)
    expect(list.body.data.data.map((m: { channel: string }) => m.channel)).toEqual(["email", "sms"])

    const replaced = await request("PUT", `/v2/admin/notification-mappings/${id}`, { role: "user", step: "welcome.day1", channel: "sms", templateKey: "reminder.sms", enabled: false })
    expect(replaced.status).toBe(200)
    expect(replaced.body.data).toMatchObject({ id, templateKey: "reminder.sms", enabled: false })
    const missingTemplate = await request("PUT", `/v2/admin/notification-mappings/${id}`, { role: "user", step: "welcome.day1", channel: "sms", templateKey: "nope" })
    expect(missingTemplate.status).toBe(400)

    expect((await request("DELETE", `/v2/admin/notification-mappings/${id}`)).status).toBe(200)
    expect((await request("DELETE", `/v2/admin/notification-mappings/${id}`)).status).toBe(404)
    expect((await request("PUT", `/v2/admin/notification-mappings/${id}`, { role: "user", step: "welcome.day1", channel: "sms", templateKey: "welcome.sms" })).status).toBe(404)
  })

  it("refuses a template missing from the channel's catalog and invalid fields (400 listing each)", async () => {
    const wrongChannel = await request("POST", "/v2/admin/notification-mappings", { role: "user", step: "x.one", channel: "push", templateKey: "welcome.sms" })
    expect(wrongChannel.status).toBe(400)
    expect(String(wrongChannel.body.message)).toContain("templateKey must name a push template")
    const invalid = await request("POST", "/v2/admin/notification-mappings", { role: "athlete", step: "Bad Step", channel: "fax", templateKey: "" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(expect.arrayContaining([
      expect.stringContaining("role must"),
      expect.stringContaining("step must"),
      expect.stringContaining("channel must"),
      expect.stringContaining("templateKey must")
    ]))
  })

  it("bulk creates all or none", async () => {
    const ok = await request("POST", "/v2/admin/notification-mappings/bulk", {
      bulk: [
        { role: "user", step: "bulk.a", channel: "sms", templateKey: "welcome.sms" },
        { role: "user", step: "bulk.b", channel: "sms", templateKey: "reminder.sms" }
      ]
    })
    expect(ok.status).toBe(201)
    expect(ok.body.data).toHaveLength(2)
    const badTemplate = await request("POST", "/v2/admin/notification-mappings/bulk", {
      bulk: [
        { role: "user", step: "bulk.c", channel: "sms", templateKey: "welcome.sms" },
        { role: "user", step: "bulk.d", channel: "sms", templateKey: "missing.sms" }
      ]
    })
    expect(badTemplate.status).toBe(400)
    expect(String(badTemplate.body.message)).toContain("bulk.1.templateKey")
    const clash = await request("POST", "/v2/admin/notification-mappings/bulk", {
      bulk: [
        { role: "user", step: "bulk.e", channel: "sms", templateKey: "welcome.sms" },
        { role: "user", step: "bulk.a", channel: "sms", templateKey: "welcome.sms" }
      ]
    })
    expect(clash.status).toBe(409)
    const steps = await get(`/v2/admin/notification-mappings?s=bulk.&limit=50`)
    expect(steps.body.data.data.map((m: { step: string }) => m.step).sort()).toEqual(["bulk.a", "bulk.b"])
    expect((await request("POST", "/v2/admin/notification-mappings/bulk", { bulk: [] })).status).toBe(400)
  })

  it("template candidates are the channel's catalog templates, filterable", async () => {
    const sms = await get("/v2/admin/notification-mappings/template-candidates?channel=sms")
    expect(sms.status).toBe(200)
    expect(sms.body.data.map((t: { key: string }) => t.key).sort()).toEqual(["reminder.sms", "welcome.sms"])
    expect(sms.body.data[0]).toMatchObject({ channel: "sms", activeVersion: 1, variables: ["name"], category: "events" })
    const searched = await get("/v2/admin/notification-mappings/template-candidates?channel=sms&search=remind")
    expect(searched.body.data.map((t: { key: string }) => t.key)).toEqual(["reminder.sms"])
    expect((await get("/v2/admin/notification-mappings/template-candidates?channel=fax")).status).toBe(400)
  })
})
