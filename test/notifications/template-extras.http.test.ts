/**
 * Channel-template extras through the real host: email CSS inlining, the SMS default template per
 * category (mark-default), the SMS messaging-provider analytics and logs (503
 * PROVIDER_NOT_CONFIGURED on a production host without an SMS provider), and the chat-app
 * provider mapping with its one-step rollback.
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { adminWithPermissions, drainOnce, freshPhone, ProductionEnv, signInUser } from "./http-support.js"

let host: RealHost
let production: RealHost
let manager: Record<string, string>
let prodManager: Record<string, string>
let plainAdmin: Record<string, string>
let user: Record<string, string>
const ids: Record<string, string> = {}
const missingId = "00000000-0000-4000-8000-000000000000"

const template = async (channel: Notifications.Channel, key: string, category: string | null, variables: ReadonlyArray<string> = ["name"]) =>
  (await host.run(Effect.flatMap(Notifications.TemplateCatalogRepo, (r) =>
    r.create({
      channel,
      key,
      name: key,
      description: null,
      category,
      priceMinor: 0,
      currency: "INR",
      visibility: "PRIVATE",
      subject: null,
      body: variables.map((v) => `{{${v}}}`).join(" ") || "Hello",
      variables
    })))).id

beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  production = await startRealHost(`${import.meta.url}-production`, ProductionEnv)
  manager = await adminWithPermissions(host, ["notifications.manage"])
  prodManager = await adminWithPermissions(production, ["notifications.manage"])
  plainAdmin = await adminWithPermissions(host, ["admins.read"])
  user = await signInUser(host)
  ids.smsA = await template("SMS", "reminder-a", "events")
  ids.smsB = await template("SMS", "reminder-b", "events")
  ids.smsOther = await template("SMS", "promo-x", "marketing")
  ids.chat = await template("CHAT", "chat-welcome", null, ["name", "event"])
  ids.email = await template("EMAIL", "mail", null, [])
}, 90_000)
afterAll(async () => {
  await host?.close()
  await production?.close()
})

const get = (path: string, headers = manager, on = host) => on.http.get(path, { headers })
const request = (method: string, path: string, body?: unknown, headers = manager) => host.http.request(method, path, body, headers)

describe("email css-inline", () => {
  it("copies <style> rules into style attributes, keeping what cannot be inlined", async () => {
    const html = "<html><head><style>p { color: red } .big { font-size: 20px } a:hover { color: blue }</style></head>" +
      "<body><p class=\"big\" style=\"color: green\">Hi</p><p>Yo</p></body></html>"
    const res = await request("POST", "/v2/admin/notification-templates/email/css-inline", { html, css: "body { margin: 0 }" })
    expect(res.status).toBe(200)
    expect(res.body.data.html).toContain("<p class=\"big\" style=\"color: green; font-size: 20px\">Hi</p>")
    expect(res.body.data.html).toContain("<p style=\"color: red\">Yo</p>")
    expect(res.body.data.html).toContain("<body style=\"margin: 0\">")
    expect(res.body.data.html).toContain("<style>\na:hover { color: blue }\n</style></head>")
    expect(res.body.data).toMatchObject({ unsupported: ["a:hover { color: blue }"], styledElements: 3 })
  })

  it("requires notifications.manage and an html body", async () => {
    expect((await host.http.request("POST", "/v2/admin/notification-templates/email/css-inline", { html: "<p/>" })).status).toBe(401)
    expect((await request("POST", "/v2/admin/notification-templates/email/css-inline", { html: "<p/>" }, plainAdmin)).status).toBe(403)
    const bad = await request("POST", "/v2/admin/notification-templates/email/css-inline", { html: "" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(1)
  })
})

describe("sms mark-default", () => {
  it("makes the template the default of its category and unsets the previous one; idempotent", async () => {
    const a = await get(`/v2/admin/notification-templates/sms/${ids.smsA}/mark-default`)
    expect(a.status).toBe(200)
    expect(a.body.data).toMatchObject({ id: ids.smsA, isDefault: true })
    await get(`/v2/admin/notification-templates/sms/${ids.smsOther}/mark-default`)
    const b = await get(`/v2/admin/notification-templates/sms/${ids.smsB}/mark-default`)
    expect(b.body.data.isDefault).toBe(true)
    const again = await get(`/v2/admin/notification-templates/sms/${ids.smsB}/mark-default`)
    expect(again.body.data.isDefault).toBe(true)
    const extras = (id: string) =>
      host.run(Effect.flatMap(Notifications.TemplateCatalogExtrasRepo, (r) => r.get("SMS", id)))
    expect((await extras(ids.smsA!)).pipe((o) => o._tag === "Some" && o.value.isDefault)).toBe(false)
    expect((await extras(ids.smsOther!)).pipe((o) => o._tag === "Some" && o.value.isDefault)).toBe(true)
  })

  it("answers 404 for unknown ids and templates of another channel, 403 without the permission", async () => {
    expect((await get(`/v2/admin/notification-templates/sms/${missingId}/mark-default`)).status).toBe(404)
    expect((await get(`/v2/admin/notification-templates/sms/${ids.chat}/mark-default`)).status).toBe(404)
    expect((await get(`/v2/admin/notification-templates/sms/${ids.smsA}/mark-default`, plainAdmin)).status).toBe(403)
    expect((await get(`/v2/admin/notification-templates/sms/${ids.smsA}/mark-default`, user)).status).toBe(403)
  })
})

describe("sms messaging-provider analytics and logs", () => {
  it("report the configured provider's deliveries from the delivery log", async () => {
    const phone = freshPhone()
    for (let i = 0; i < 3; i++) await host.run(Notifications.enqueueNotification({ channel: "SMS", recipient: phone, body: `hello ${i}` }))
    await drainOnce(host)
    const logs = await host.run(Effect.flatMap(Notifications.NotificationLogRepo, (r) => r.list({ channel: "SMS" })))
    await host.run(Effect.flatMap(Notifications.NotificationLogRepo, (r) =>
      r.applyReceipt({ providerMessageId: logs[0]!.providerMessageId!, status: "DELIVERED", error: null }, ["SMS"])))
    const analytics = await get("/v2/admin/notification-templates/sms/messaging-provider-analytics")
    expect(analytics.status).toBe(200)
    expect(analytics.body.data).toMatchObject({ provider: "local", sent: 3, failed: 0, skipped: 0 })
    expect(analytics.body.data.byDeliveryStatus.DELIVERED).toBe(1)
    expect(analytics.body.data.deliveryRate).toBeCloseTo(1 / 3)
    const future = await get(`/v2/admin/notification-templates/sms/messaging-provider-analytics?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)
    expect(future.body.data).toMatchObject({ sent: 0, deliveryRate: null })
    expect((await get("/v2/admin/notification-templates/sms/messaging-provider-analytics?from=yesterday")).status).toBe(400)

    const page = await get("/v2/admin/notification-templates/sms/messaging-provider-logs?limit=2")
    expect(page.status).toBe(200)
    expect(page.body.data).toMatchObject({ provider: "local", page: 1, limit: 2, hasMore: true })
    expect(page.body.data.items).toHaveLength(2)
    expect(page.body.data.items[0].recipient).not.toBe(phone)
    const failed = await get("/v2/admin/notification-templates/sms/messaging-provider-logs?status=FAILED")
    expect(failed.body.data.items).toEqual([])
    expect((await get("/v2/admin/notification-templates/sms/messaging-provider-logs?status=LOST")).status).toBe(400)
    expect((await get("/v2/admin/notification-templates/sms/messaging-provider-logs", plainAdmin)).status).toBe(403)
  })

  it("answer 503 PROVIDER_NOT_CONFIGURED when no SMS provider is configured", async () => {
    const analytics = await get("/v2/admin/notification-templates/sms/messaging-provider-analytics", prodManager, production)
    expect(analytics.status).toBe(503)
    expect(analytics.body.code).toBe("PROVIDER_NOT_CONFIGURED")
    const logs = await get("/v2/admin/notification-templates/sms/messaging-provider-logs", prodManager, production)
    expect(logs.status).toBe(503)
    expect(logs.body.code).toBe("PROVIDER_NOT_CONFIGURED")
  })
})

describe("chat-app provider mapping", () => {
  const mappingPath = () => `/v2/admin/notification-templates/chatapp/${ids.chat}/provider-mapping`
  const rollbackPath = () => `/v2/admin/notification-templates/chatapp/${ids.chat}/rollback-mapping`

  it("refuses a rollback before any previous mapping (409 NO_PREVIOUS_MAPPING)", async () => {
    const none = await request("POST", rollbackPath())
    expect(none.status).toBe(409)
    expect(none.body.code).toBe("NO_PREVIOUS_MAPPING")
  })

  it("sets the mapping (parameters default to the variables), keeps the previous one and rolls back to it", async () => {
    const first = await request("PATCH", mappingPath(), { providerTemplateName: "welcome_v1", language: "en" })
    expect(first.status).toBe(200)
    expect(first.body.data.providerMapping).toMatchObject({ providerTemplateName: "welcome_v1", language: "en", namespace: null, parameters: ["name", "event"] })
    expect(first.body.data.previousProviderMapping).toBeNull()
    const second = await request("PATCH", mappingPath(), { providerTemplateName: "welcome_v2", language: "en_US", namespace: "ns", parameters: ["event", "name"] })
    expect(second.body.data.providerMapping).toMatchObject({ providerTemplateName: "welcome_v2", parameters: ["event", "name"] })
    expect(second.body.data.previousProviderMapping.providerTemplateName).toBe("welcome_v1")
    const back = await request("POST", rollbackPath())
    expect(back.status).toBe(201)
    expect(back.body.data.providerMapping.providerTemplateName).toBe("welcome_v1")
    expect(back.body.data.previousProviderMapping.providerTemplateName).toBe("welcome_v2")
  })

  it("validates the mapping against the template's variables and the body's shape", async () => {
    const wrong = await request("PATCH", mappingPath(), { providerTemplateName: "welcome_v3", language: "en", parameters: ["name", "city", "name"] })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe("PROVIDER_MAPPING_INVALID")
    expect(wrong.body.message).toBe("parameters must name template variables (not city); parameters must include event; parameters must not repeat a variable")
    const malformed = await request("PATCH", mappingPath(), { providerTemplateName: "Welcome V3", language: "English" })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toHaveLength(2)
    expect((await request("PATCH", `/v2/admin/notification-templates/chatapp/${missingId}/provider-mapping`, { providerTemplateName: "x", language: "en" })).status).toBe(404)
    expect((await request("PATCH", `/v2/admin/notification-templates/chatapp/${ids.smsA}/provider-mapping`, { providerTemplateName: "x", language: "en" })).status).toBe(404)
    expect((await request("POST", `/v2/admin/notification-templates/chatapp/${missingId}/rollback-mapping`)).status).toBe(404)
    expect((await request("POST", rollbackPath(), undefined, plainAdmin)).status).toBe(403)
  })
})
