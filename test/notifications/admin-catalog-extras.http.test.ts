/**
 * System notifications, promotion templates and template records through the real host: the
 * notifications.manage guard, create/list/get/update/delete, validation messages, 400 for unknown
 * events and missing channel templates, 409 on duplicates, 404 on missing records.
 */
import { Notifications, Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { adminWithPermissions, signInUser } from "./http-support.js"

const host = realHostOf(import.meta.url)
let manager: Record<string, string>
let plainAdmin: Record<string, string>
let user: Record<string, string>
const missingId = "00000000-0000-4000-8000-000000000000"

const adminWith = (permissions: ReadonlyArray<string>) => adminWithPermissions(host, permissions)

const template = (channel: Notifications.Channel, key: string, subject: string | null = null) =>
  host.run(Effect.flatMap(Notifications.TemplateCatalogRepo, (r) =>
    r.create({
      channel,
      key,
      name: key,
      description: null,
      category: "events",
      priceMinor: 10,
      currency: "INR",
      visibility: "PRIVATE",
      subject,
      body: "Hello {{name}}",
      variables: ["name"]
    })))

beforeAll(async () => {
  manager = await adminWith(["notifications.manage"])
  plainAdmin = await adminWith(["admins.read"])
  user = await signInUser(host)
  await template("EMAIL", "welcome-email", "Welcome {{name}}")
  await template("SMS", "welcome-sms")
  await template("PUSH", "welcome-push", "Hi {{name}}")
}, 60_000)

const get = (path: string, headers = manager) => host.http.get(path, { headers })
const request = (method: string, path: string, body?: unknown, headers = manager) => host.http.request(method, path, body, headers)

describe("system notifications over HTTP", () => {
  it("requires an admin holding notifications.manage", async () => {
    expect((await host.http.get("/v2/admin/system-notifications")).status).toBe(401)
    expect((await get("/v2/admin/system-notifications", user)).status).toBe(403)
    expect((await get("/v2/admin/system-notifications/events", plainAdmin)).status).toBe(403)
    const denied = await request("POST", "/v2/admin/system-notifications", { event: "auth.otp", channel: "sms", templateKey: "welcome-sms", name: "x" }, plainAdmin)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
  })

  it("binds an event to a channel template, lists, reads, updates and deletes it; one per event and channel", async () => {
    const created = await request("POST", "/v2/admin/system-notifications", {
      event: "registration.confirmed",
      channel: "email",
      templateKey: "welcome-email",
      name: "Registration confirmed"
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ event: "registration.confirmed", channel: "email", templateKey: "welcome-email", enabled: true, description: null })
    const id = created.body.data.id as string
    const again = await request("POST", "/v2/admin/system-notifications", {
      event: "registration.confirmed",
      channel: "email",
      templateKey: "welcome-email",
      name: "Twice"
    })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("SYSTEM_NOTIFICATION_EXISTS")
    await request("POST", "/v2/admin/system-notifications", { event: "registration.confirmed", channel: "sms", templateKey: "welcome-sms", name: "SMS" })

    const list = await get("/v2/admin/system-notifications?sort=channel,ASC")
    expect(list.status).toBe(200)
    expect(list.body.data.data.map((n: { channel: string }) => n.channel)).toEqual(["email", "sms"])
    const filtered = await get(`/v2/admin/system-notifications?filter=${encodeURIComponent("channel||$eq||SMS")}`)
    expect(filtered.body.data.data).toHaveLength(1)

    expect((await get(`/v2/admin/system-notifications/${id}`)).body.data.name).toBe("Registration confirmed")
    const updated = await request("PATCH", `/v2/admin/system-notifications/${id}`, { enabled: false, name: "Confirmed" })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ enabled: false, name: "Confirmed", templateKey: "welcome-email" })

    const events = await get("/v2/admin/system-notifications/events")
    expect(events.status).toBe(200)
    const confirmed = events.body.data.find((e: { key: string }) => e.key === "registration.confirmed")
    expect(confirmed.channels.map((c: { channel: string; enabled: boolean }) => [c.channel, c.enabled]).sort()).toEqual([["email", false], ["sms", true]])
    expect(events.body.data.find((e: { key: string }) => e.key === "auth.otp").channels).toEqual([])

    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (a) => a.list({ subjectId: id, limit: 10 })))
    expect(audit.map((e) => e.action).sort()).toEqual(["notifications.system-notification.create", "notifications.system-notification.update"])
    const deleted = await request("DELETE", `/v2/admin/system-notifications/${id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ id, deleted: true })
    expect((await get(`/v2/admin/system-notifications/${id}`)).status).toBe(404)
    expect((await request("DELETE", `/v2/admin/system-notifications/${id}`)).status).toBe(404)
    expect((await request("PATCH", `/v2/admin/system-notifications/${missingId}`, { enabled: true })).status).toBe(404)
  })

  it("refuses unknown events, missing templates and malformed bodies", async () => {
    const unknown = await request("POST", "/v2/admin/system-notifications", { event: "made.up", channel: "push", templateKey: "nope", name: "X" })
    expect(unknown.status).toBe(400)
    expect(unknown.body.code).toBe("SYSTEM_NOTIFICATION_INVALID")
    expect(unknown.body.message).toContain("event must be one of")
    expect(unknown.body.message).toContain("templateKey must name a push template (no nope)")
    const invalid = await request("POST", "/v2/admin/system-notifications", { event: "Bad Event", channel: "fax", templateKey: "", name: "" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toHaveLength(4)
    const created = await request("POST", "/v2/admin/system-notifications", { event: "auth.otp", channel: "push", templateKey: "welcome-push", name: "OTP" })
    expect(created.status).toBe(201)
    const badSwitch = await request("PATCH", `/v2/admin/system-notifications/${created.body.data.id}`, { channel: "sms", templateKey: "welcome-push" })
    expect(badSwitch.status).toBe(400)
    expect(badSwitch.body.message).toContain("templateKey must name a sms template")
  })
})

describe("promotion templates over HTTP", () => {
  it("requires notifications.manage", async () => {
    expect((await host.http.get("/v2/admin/promotion-templates")).status).toBe(401)
    expect((await get("/v2/admin/promotion-templates", user)).status).toBe(403)
    expect((await get("/v2/admin/promotion-templates", plainAdmin)).status).toBe(403)
  })

  it("creates at a price over an existing channel template, reads, edits, switches enabled; name unique", async () => {
    const created = await request("POST", "/v2/admin/promotion-templates", { name: "Race-day promo", channel: "sms", templateKey: "welcome-sms", priceMinor: 40 })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ name: "Race-day promo", channel: "sms", templateKey: "welcome-sms", priceMinor: 40, currency: "INR", enabled: true })
    const id = created.body.data.id as string
    const taken = await request("POST", "/v2/admin/promotion-templates", { name: "Race-day promo", channel: "sms", templateKey: "welcome-sms", priceMinor: 1 })
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("PROMOTION_TEMPLATE_EXISTS")

    expect((await get(`/v2/admin/promotion-templates/${id}`)).body.data.priceMinor).toBe(40)
    const edited = await request("PATCH", `/v2/admin/promotion-templates/${id}`, { priceMinor: 55, description: "Sent on race day" })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({ priceMinor: 55, description: "Sent on race day" })
    const disabled = await request("PATCH", `/v2/admin/promotion-templates/${id}/enabled`, { enabled: false })
    expect(disabled.status).toBe(200)
    expect(disabled.body.data.enabled).toBe(false)
    const list = await get(`/v2/admin/promotion-templates?filter=${encodeURIComponent("enabled||$eq||false")}`)
    expect(list.body.data.data.map((p: { id: string }) => p.id)).toEqual([id])
  })

  it("refuses a missing channel template, bad prices and unknown ids", async () => {
    const missing = await request("POST", "/v2/admin/promotion-templates", { name: "Ghost", channel: "email", templateKey: "ghost", priceMinor: 5 })
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe("PROMOTION_TEMPLATE_INVALID")
    const invalid = await request("POST", "/v2/admin/promotion-templates", { name: "", channel: "sms", templateKey: "welcome-sms", priceMinor: -1, currency: "rupees" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toHaveLength(3)
    const created = await request("POST", "/v2/admin/promotion-templates", { name: "Switchable", channel: "sms", templateKey: "welcome-sms", priceMinor: 5 })
    const moved = await request("PATCH", `/v2/admin/promotion-templates/${created.body.data.id}`, { channel: "push" })
    expect(moved.status).toBe(400)
    expect(moved.body.message).toContain("templateKey must name a push template (no welcome-sms)")
    expect((await get(`/v2/admin/promotion-templates/${missingId}`)).status).toBe(404)
    expect((await request("PATCH", `/v2/admin/promotion-templates/${missingId}/enabled`, { enabled: true })).status).toBe(404)
    expect((await request("PATCH", `/v2/admin/promotion-templates/${missingId}/enabled`, { enabled: "yes" })).status).toBe(400)
  })
})

describe("notification template records over HTTP", () => {
  it("requires notifications.manage", async () => {
    expect((await host.http.get("/v2/admin/notification-template-records")).status).toBe(401)
    expect((await get("/v2/admin/notification-template-records", plainAdmin)).status).toBe(403)
  })

  it("creates a record naming a template per channel, reads, replaces, deletes; key unique", async () => {
    const created = await request("POST", "/v2/admin/notification-template-records", {
      key: "welcome",
      name: "Welcome",
      emailTemplateKey: "welcome-email",
      smsTemplateKey: "welcome-sms"
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      key: "welcome",
      emailTemplateKey: "welcome-email",
      smsTemplateKey: "welcome-sms",
      pushTemplateKey: null,
      chatappTemplateKey: null
    })
    const id = created.body.data.id as string
    const taken = await request("POST", "/v2/admin/notification-template-records", { key: "welcome", name: "Again", smsTemplateKey: "welcome-sms" })
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("TEMPLATE_RECORD_EXISTS")

    const replaced = await request("PUT", `/v2/admin/notification-template-records/${id}`, { key: "welcome", name: "Welcome v2", pushTemplateKey: "welcome-push" })
    expect(replaced.status).toBe(200)
    expect(replaced.body.data).toMatchObject({ name: "Welcome v2", pushTemplateKey: "welcome-push", emailTemplateKey: null, smsTemplateKey: null })
    expect((await get(`/v2/admin/notification-template-records/${id}`)).body.data.name).toBe("Welcome v2")
    const list = await get("/v2/admin/notification-template-records?s=welc")
    expect(list.status).toBe(200)
    expect(list.body.data.total).toBe(1)

    expect((await request("DELETE", `/v2/admin/notification-template-records/${id}`)).status).toBe(200)
    expect((await get(`/v2/admin/notification-template-records/${id}`)).status).toBe(404)
    expect((await request("PUT", `/v2/admin/notification-template-records/${id}`, { key: "welcome", name: "W", smsTemplateKey: "welcome-sms" })).status).toBe(404)
  })

  it("refuses a record without any channel, or naming missing templates", async () => {
    const none = await request("POST", "/v2/admin/notification-template-records", { key: "empty", name: "Empty" })
    expect(none.status).toBe(400)
    expect(none.body.code).toBe("TEMPLATE_RECORD_INVALID")
    expect(none.body.message).toContain("at least one of")
    const missing = await request("POST", "/v2/admin/notification-template-records", {
      key: "ghosts",
      name: "Ghosts",
      emailTemplateKey: "ghost-email",
      chatappTemplateKey: "ghost-chat"
    })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain("emailTemplateKey must name a email template (no ghost-email)")
    expect(missing.body.message).toContain("chatappTemplateKey must name a chat template (no ghost-chat)")
    const invalid = await request("POST", "/v2/admin/notification-template-records", { key: "Not A Key", name: "" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toHaveLength(2)
  })
})
