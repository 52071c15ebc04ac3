/**
 * Channel templates and the messaging provider's template store through the real host (local
 * provider, which keeps a registry): email/sms create-via-messaging-provider (provider first, then
 * the catalog with its mapping; a provider failure leaves nothing), email/sms/chatapp sync
 * (imports, new versions, skips), chatapp verify-chatapp-provider, and 503 PROVIDER_NOT_CONFIGURED
 * on a production host without providers.
 */
import { Notifications } from "@podium/core"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { adminWithPermissions, ProductionEnv } from "./http-support.js"

let host: RealHost
let production: RealHost
let manager: Record<string, string>
let prodManager: Record<string, string>
let plainAdmin: Record<string, string>
const missingId = "00000000-0000-4000-8000-000000000000"

beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  production = await startRealHost(`${import.meta.url}-production`, ProductionEnv)
  manager = await adminWithPermissions(host, ["notifications.manage"])
  prodManager = await adminWithPermissions(production, ["notifications.manage"])
  plainAdmin = await adminWithPermissions(host, ["admins.read"])
}, 90_000)
afterAll(async () => {
  await host?.close()
  await production?.close()
})

const request = (method: string, path: string, body?: unknown, headers = manager, on = host) => on.http.request(method, path, body, headers)
const providerTemplates = (channel: Notifications.TemplateChannel) =>
  host.run(Effect.flatMap(Notifications.providerTemplateStore(channel), ({ store }) => store.list))
const extras = (channel: Notifications.Channel, id: string) =>
  host.run(Effect.flatMap(Notifications.TemplateCatalogExtrasRepo, (r) => r.get(channel, id))).then(Option.getOrThrow)

describe("create-via-messaging-provider", () => {
  it("creates the email template at the provider, then in the catalog with the provider mapping", async () => {
    const res = await request("POST", "/v2/admin/notification-templates/email/create-via-messaging-provider", {
      key: "receipt",
      name: "Receipt",
      subject: "Your receipt, {{name}}",
      body: "<p>Paid {{amount}}</p>",
      variables: ["name", "amount"]
    })
    expect(res.status).toBe(201)
    expect(res.body.data.provider).toBe("local")
    expect(res.body.data.template).toMatchObject({ channel: "email", key: "receipt", activeVersion: 1, variables: ["name", "amount"] })
    expect(res.body.data.providerTemplate).toMatchObject({ name: "receipt", status: "ACTIVE", language: "en" })
    const mapping = (await extras("EMAIL", res.body.data.template.id)).providerMapping
    expect(mapping).toMatchObject({ providerTemplateName: res.body.data.providerTemplate.providerTemplateId, language: "en", parameters: ["name", "amount"] })
    expect((await providerTemplates("EMAIL")).map((t) => t.name)).toContain("receipt")
  })

  it("creates an sms template the same way; a taken key answers 409 before the provider is asked", async () => {
    const body = { key: "otp-sms", name: "OTP", body: "Code {{code}}", variables: ["code"], language: "en_US" }
    const res = await request("POST", "/v2/admin/notification-templates/sms/create-via-messaging-provider", body)
    expect(res.status).toBe(201)
    expect(res.body.data.template).toMatchObject({ channel: "sms", key: "otp-sms" })
    const before = (await providerTemplates("SMS")).length
    const taken = await request("POST", "/v2/admin/notification-templates/sms/create-via-messaging-provider", body)
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("TEMPLATE_KEY_TAKEN")
    expect((await providerTemplates("SMS")).length).toBe(before)
  })

  it("refuses invalid content (400) and a provider failure (503 PROVIDER_FAILED) leaving no catalog template", async () => {
    const invalid = await request("POST", "/v2/admin/notification-templates/sms/create-via-messaging-provider", {
      key: "bad",
      name: "Bad",
      subject: "not for sms",
      body: "Hi {{name}}",
      variables: []
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.code).toBe("TEMPLATE_CONTENT_INVALID")
    const malformed = await request("POST", "/v2/admin/notification-templates/email/create-via-messaging-provider", { key: "Bad Key", name: "", body: "" })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message.length).toBeGreaterThanOrEqual(3)
    host.deliveries.failNext("SMS", 1, { retryable: false })
    const failed = await request("POST", "/v2/admin/notification-templates/sms/create-via-messaging-provider", { key: "doomed", name: "Doomed", body: "Hello", variables: [] })
    expect(failed.status).toBe(503)
    expect(failed.body.code).toBe("PROVIDER_FAILED")
    const list = await request("GET", "/v2/admin/notification-templates/sms?search=doomed")
    expect(list.body.data.total).toBe(0)
    expect((await request("POST", "/v2/admin/notification-templates/sms/create-via-messaging-provider", { key: "x", name: "X", body: "Hi", variables: [] }, plainAdmin)).status).toBe(403)
  })
})

describe("sync from the provider", () => {
  it("imports new provider templates, versions changed ones, skips rejected and unfit ones", async () => {
    host.deliveries.addProviderTemplate("CHAT", { providerTemplateId: "race_day", name: "race_day", language: "en", status: "APPROVED", subject: null, body: "Race day, {{1}}!" })
    host.deliveries.addProviderTemplate("CHAT", { providerTemplateId: "old_promo", name: "old_promo", language: "en", status: "REJECTED", subject: null, body: "x" })
    const first = await request("POST", "/v2/admin/notification-templates/chatapp/sync")
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ provider: "local", total: 2, imported: ["race_day"], updated: [], unchanged: 0 })
    expect(first.body.data.skipped).toEqual([{ name: "old_promo", reason: "rejected by the provider" }])
    const again = await request("POST", "/v2/admin/notification-templates/chatapp/sync")
    expect(again.body.data).toMatchObject({ imported: [], updated: [], unchanged: 1 })
    const imported = await request("GET", "/v2/admin/notification-templates/chatapp?search=race_day")
    expect(imported.body.data.items[0]).toMatchObject({ key: "race_day", body: "Race day, {{1}}!", variables: ["1"], visibility: "PRIVATE" })

    // the email template made through the provider changes there: sync adds an active version
    host.deliveries.addProviderTemplate("EMAIL", {
      providerTemplateId: (await providerTemplates("EMAIL")).find((t) => t.name === "receipt")!.providerTemplateId,
      name: "receipt",
      language: null,
      status: "ACTIVE",
      subject: "Receipt for {{name}}",
      body: "<p>Paid {{amount}} today</p>"
    })
    const email = await request("POST", "/v2/admin/notification-templates/email/sync")
    expect(email.status).toBe(200)
    expect(email.body.data.updated).toEqual(["receipt"])
    const receipt = await request("GET", "/v2/admin/notification-templates/email?search=receipt")
    expect(receipt.body.data.items[0]).toMatchObject({ latestVersion: 2, activeVersion: 2, body: "<p>Paid {{amount}} today</p>" })

    host.deliveries.addProviderTemplate("SMS", { providerTemplateId: "HXnew", name: "Welcome Text", language: "en", status: "ACTIVE", subject: null, body: "Welcome {{name}}" })
    const sms = await request("POST", "/v2/admin/notification-templates/sms/sync")
    expect(sms.body.data.imported).toEqual(["welcome-text"])
    expect((await request("POST", "/v2/admin/notification-templates/sms/sync", undefined, plainAdmin)).status).toBe(403)
  })

  it("answers 503 PROVIDER_FAILED when the provider fails", async () => {
    host.deliveries.failNext("EMAIL", 1)
    const res = await request("POST", "/v2/admin/notification-templates/email/sync")
    expect(res.status).toBe(503)
    expect(res.body.code).toBe("PROVIDER_FAILED")
  })
})

describe("verify-chatapp-provider", () => {
  it("answers the provider's review status of the mapped template; 409 when unmapped, 404 when unknown", async () => {
    const created = await request("POST", "/v2/admin/notification-templates/chatapp", { key: "chat-hello", name: "Hello", body: "Hello {{name}}", variables: ["name"] })
    const id = created.body.data.id as string
    const unmapped = await request("POST", `/v2/admin/notification-templates/chatapp/${id}/verify-chatapp-provider`)
    expect(unmapped.status).toBe(409)
    expect(unmapped.body.code).toBe("NO_PROVIDER_MAPPING")
    await request("PATCH", `/v2/admin/notification-templates/chatapp/${id}/provider-mapping`, { providerTemplateName: "hello_v1", language: "en" })
    const notThere = await request("POST", `/v2/admin/notification-templates/chatapp/${id}/verify-chatapp-provider`)
    expect(notThere.status).toBe(200)
    expect(notThere.body.data).toMatchObject({ id, providerTemplateName: "hello_v1", found: false, status: null, verified: false })
    host.deliveries.addProviderTemplate("CHAT", { providerTemplateId: "hello_v1", name: "hello_v1", language: "en", status: "PENDING", subject: null, body: "Hello {{1}}" })
    const pending = await request("POST", `/v2/admin/notification-templates/chatapp/${id}/verify-chatapp-provider`)
    expect(pending.body.data).toMatchObject({ found: true, status: "PENDING", verified: false })
    host.deliveries.addProviderTemplate("CHAT", { providerTemplateId: "finish_v1", name: "finish_v1", language: "en", status: "APPROVED", subject: null, body: "Well run, {{1}}" })
    expect((await request("POST", "/v2/admin/notification-templates/chatapp/sync")).body.data.imported).toContain("finish_v1")
    const importedId = (await request("GET", "/v2/admin/notification-templates/chatapp?search=finish_v1")).body.data.items[0].id
    const approved = await request("POST", `/v2/admin/notification-templates/chatapp/${importedId}/verify-chatapp-provider`)
    expect(approved.body.data).toMatchObject({ providerTemplateName: "finish_v1", found: true, status: "APPROVED", verified: true })
    expect((await request("POST", `/v2/admin/notification-templates/chatapp/${missingId}/verify-chatapp-provider`)).status).toBe(404)
    expect((await request("POST", `/v2/admin/notification-templates/chatapp/${id}/verify-chatapp-provider`, undefined, plainAdmin)).status).toBe(403)
  })
})

describe("without a provider (production host)", () => {
  it("answers 503 PROVIDER_NOT_CONFIGURED for every provider template operation", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["POST", "/v2/admin/notification-templates/email/create-via-messaging-provider", { key: "k", name: "K", subject: "S", body: "B", variables: [] }],
      ["POST", "/v2/admin/notification-templates/sms/create-via-messaging-provider", { key: "k", name: "K", body: "B", variables: [] }],
      ["POST", "/v2/admin/notification-templates/email/sync"],
      ["POST", "/v2/admin/notification-templates/sms/sync"],
      ["POST", "/v2/admin/notification-templates/chatapp/sync"]
    ]
    for (const [method, path, body] of calls) {
      const res = await request(method, path, body, prodManager, production)
      expect(res.status, path).toBe(503)
      expect(res.body.code).toBe("PROVIDER_NOT_CONFIGURED")
    }
    const created = await request("POST", "/v2/admin/notification-templates/chatapp", { key: "c", name: "C", body: "Hi", variables: [] }, prodManager, production)
    const id = created.body.data.id as string
    await request("PATCH", `/v2/admin/notification-templates/chatapp/${id}/provider-mapping`, { providerTemplateName: "c_v1", language: "en" }, prodManager, production)
    const verify = await request("POST", `/v2/admin/notification-templates/chatapp/${id}/verify-chatapp-provider`, undefined, prodManager, production)
    expect(verify.status).toBe(503)
    expect(verify.body.code).toBe("PROVIDER_NOT_CONFIGURED")
  })
})
