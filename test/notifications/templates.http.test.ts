/**
 * Channel templates through the real host: the same common behaviour on each of the four channels
 * (CRUD, versions on edit, activation, pricing, visibility, variable checks, 409 on a taken key),
 * the channel extras (email version-details and validate, push preview, sms add-version), the
 * notifications.manage guard, concurrency of edits, and delivery using the active version.
 */
import { Notifications } from "@podium/core"
import { RecordedDeliveries } from "@podium/core/testing"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { adminWithPermissions, drainOnce, signInUser } from "./http-support.js"

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

let n = 0
const uniqueKey = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${n++}`

const channels = [
  {
    channel: "email",
    core: "EMAIL" as const,
    subject: "Welcome {{name}}",
    base: "/v2/admin/notification-templates/email",
    one: (id: string) => `/v2/admin/notification-templates/email/${id}`,
    pricing: (id: string) => `/v2/admin/notification-templates/email/${id}/pricing`,
    visibility: (id: string) => `/v2/admin/notification-templates/email/${id}/visibility`
  },
  {
    channel: "push",
    core: "PUSH" as const,
    subject: "Hey {{name}}",
    base: "/v2/admin/notification-templates/push",
    one: (id: string) => `/v2/admin/notification-templates/push/${id}`,
    pricing: (id: string) => `/v2/admin/notification-templates/push/${id}/pricing`,
    visibility: (id: string) => `/v2/admin/notification-templates/push/${id}/visibility`
  },
  {
    channel: "sms",
    core: "SMS" as const,
    subject: undefined,
    base: "/v2/admin/notification-templates/sms",
    one: (id: string) => `/v2/admin/notification-templates/sms/${id}`,
    pricing: (id: string) => `/v2/admin/notification-templates/sms/${id}/pricing`,
    visibility: (id: string) => `/v2/admin/notification-templates/sms/${id}/visibility`
  },
  {
    channel: "chatapp",
    core: "CHAT" as const,
    subject: undefined,
    base: "/v2/admin/notification-templates/chatapp",
    one: (id: string) => `/v2/admin/notification-templates/chatapp/${id}`,
    pricing: (id: string) => `/v2/admin/notification-templates/chatapp/${id}/pricing`,
    visibility: (id: string) => `/v2/admin/notification-templates/chatapp/${id}/visibility`
  }
]

describe("channel templates over HTTP", () => {
  for (const c of channels) {
    describe(c.channel, () => {
      const create = (key: string, extra: Record<string, unknown> = {}) =>
        request("POST", c.base, {
          key,
          name: `Welcome ${key}`,
          body: "Hello {{name}}, your race starts at {{time}}",
          variables: ["name", "time"],
          ...(c.subject === undefined ? {} : { subject: c.subject }),
          ...extra
        })

      it("requires an admin holding notifications.manage", async () => {
        expect((await host.http.get(c.base)).status).toBe(401)
        expect((await get(c.base, user)).status).toBe(403)
        const denied = await get(c.base, plainAdmin)
        expect(denied.status).toBe(403)
        expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
        expect((await request("POST", c.base, { key: uniqueKey("denied"), name: "D", body: "Hi", variables: [] }, plainAdmin)).status).toBe(403)
      })

      it("creates version 1 active with defaults, gets and lists it; a taken key answers 409", async () => {
        const key = uniqueKey("welcome")
        const created = await create(key, { category: "events" })
        expect(created.status).toBe(201)
        const t = created.body.data
        expect(t).toMatchObject({
          channel: c.channel,
          key,
          category: "events",
          priceMinor: 0,
          currency: "INR",
          visibility: "PRIVATE",
          activeVersion: 1,
          latestVersion: 1,
          variables: ["name", "time"],
          subject: c.subject ?? null
        })
        expect((await get(c.one(t.id))).body.data).toMatchObject({ id: t.id, key })
        const list = await get(`${c.base}?search=${encodeURIComponent(key)}`)
        expect(list.status).toBe(200)
        expect(list.body.data).toMatchObject({ total: 1, page: 1, hasMore: false })
        expect(list.body.data.items[0].id).toBe(t.id)
        const again = await create(key)
        expect(again.status).toBe(409)
        expect(again.body.code).toBe("TEMPLATE_KEY_TAKEN")
      })

      it("checks declared variables against the placeholders and the subject rule (400 naming each)", async () => {
        const bad = await create(uniqueKey("bad"), { body: "Hi {{name}} at {{place}}", variables: ["name", "unused"] })
        expect(bad.status).toBe(400)
        expect(String(bad.body.message)).toContain("variables must declare place")
        expect(String(bad.body.message)).toContain("variables must not declare unused")
        const subjectRule = await create(uniqueKey("subj"), c.subject === undefined ? { subject: "Not here" } : { subject: undefined })
        expect(subjectRule.status).toBe(400)
        expect(String(subjectRule.body.message)).toContain("subject must")
        const schema = await request("POST", c.base, { key: "Bad Key!", name: "", body: "", variables: "x" })
        expect(schema.status).toBe(400)
        expect(schema.body.message).toEqual(expect.arrayContaining([expect.stringContaining("key must"), expect.stringContaining("variables must")]))
      })

      it("an edit of the content creates a new active version; activeVersion activates an old one; a name edit does not version", async () => {
        const t = (await create(uniqueKey("edit"))).body.data
        const renamed = await request("PATCH", c.one(t.id), { name: "Renamed" })
        expect(renamed.status).toBe(200)
        expect(renamed.body.data).toMatchObject({ name: "Renamed", latestVersion: 1, activeVersion: 1 })
        const edited = await request("PATCH", c.one(t.id), { body: "Bye {{name}}", variables: ["name"] })
        expect(edited.status).toBe(200)
        expect(edited.body.data).toMatchObject({ latestVersion: 2, activeVersion: 2, body: "Bye {{name}}", variables: ["name"] })
        const drafted = await request("PATCH", c.one(t.id), { body: "Draft {{name}}", activate: false })
        expect(drafted.body.data).toMatchObject({ latestVersion: 3, activeVersion: 2, body: "Bye {{name}}" })
        const back = await request("PATCH", c.one(t.id), { activeVersion: 1 })
        expect(back.status).toBe(200)
        expect(back.body.data).toMatchObject({ activeVersion: 1, body: "Hello {{name}}, your race starts at {{time}}" })
        expect((await request("PATCH", c.one(t.id), { activeVersion: 9 })).status).toBe(404)
        const invalid = await request("PATCH", c.one(t.id), { body: "Hi {{nickname}}" })
        expect(invalid.status).toBe(400)
        expect(String(invalid.body.message)).toContain("nickname")
      })

      it("sets pricing (minor units + currency) and visibility with validation", async () => {
        const t = (await create(uniqueKey("price"))).body.data
        const priced = await request("PATCH", c.pricing(t.id), { priceMinor: 250, currency: "USD" })
        expect(priced.status).toBe(200)
        expect(priced.body.data).toMatchObject({ priceMinor: 250, currency: "USD", latestVersion: 1 })
        const badPrice = await request("PATCH", c.pricing(t.id), { priceMinor: -1, currency: "usd" })
        expect(badPrice.status).toBe(400)
        expect(badPrice.body.message).toEqual(expect.arrayContaining([expect.stringContaining("priceMinor must"), expect.stringContaining("currency must")]))
        const visible = await request("PATCH", c.visibility(t.id), { visibility: "ORGANIZERS" })
        expect(visible.body.data.visibility).toBe("ORGANIZERS")
        expect((await request("PATCH", c.visibility(t.id), { visibility: "EVERYONE" })).status).toBe(400)
        const filtered = await get(`${c.base}?visibility=ORGANIZERS&search=${encodeURIComponent(t.key)}`)
        expect(filtered.body.data.items.map((i: { id: string }) => i.id)).toEqual([t.id])
        expect((await request("PATCH", c.pricing("00000000-0000-4000-8000-000000000000"), { priceMinor: 1, currency: "INR" })).status).toBe(404)
      })

      it("deletes a template (404 afterwards and on a second delete)", async () => {
        const t = (await create(uniqueKey("del"))).body.data
        const deleted = await request("DELETE", c.one(t.id))
        expect(deleted.status).toBe(200)
        expect(deleted.body.data).toEqual({ id: t.id, deleted: true })
        expect((await get(c.one(t.id))).status).toBe(404)
        expect((await request("DELETE", c.one(t.id))).status).toBe(404)
      })
    })
  }

  it("a template of one channel is not reachable through another channel's path", async () => {
    const t = (await request("POST", "/v2/admin/notification-templates/sms", { key: uniqueKey("x"), name: "X", body: "Hi", variables: [] })).body.data
    expect((await get(`/v2/admin/notification-templates/email/${t.id}`)).status).toBe(404)
  })

  it("concurrent edits get distinct version numbers", async () => {
    const t = (await request("POST", "/v2/admin/notification-templates/sms", { key: uniqueKey("race"), name: "Race", body: "v1", variables: [] })).body.data
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => request("PATCH", `/v2/admin/notification-templates/sms/${t.id}`, { body: `v${i + 2}` }))
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    const details = await get(`/v2/admin/notification-templates/email/${t.id}/version-details`)
    expect(details.status).toBe(404) // sms template through the email path
    const versions = await host.run(Notifications.catalogTemplateVersions("SMS", t.id))
    expect(versions.versions.map((v) => v.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(versions.versions.filter((v) => v.active)).toHaveLength(1)
  })

  it("email version-details lists every version newest first; validate checks text without saving", async () => {
    const t = (await request("POST", "/v2/admin/notification-templates/email", {
      key: uniqueKey("vd"),
      name: "VD",
      subject: "Hi {{name}}",
      body: "Body {{name}}",
      variables: ["name"]
    })).body.data
    await request("PATCH", `/v2/admin/notification-templates/email/${t.id}`, { subject: "Hello {{name}}" })
    const details = await get(`/v2/admin/notification-templates/email/${t.id}/version-details`)
    expect(details.status).toBe(200)
    expect(details.body.data.template.id).toBe(t.id)
    expect(details.body.data.versions.map((v: { version: number; active: boolean }) => [v.version, v.active])).toEqual([[2, true], [1, false]])
    const ok = await get("/v2/admin/notification-templates/email/validate?subject=Hi%20%7B%7Bname%7D%7D&body=See%20%7B%7Blink%7D%7D&variables=name,link")
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ valid: true, undeclared: [], unused: [], problems: [] })
    expect([...ok.body.data.placeholders].sort()).toEqual(["link", "name"])
    const bad = await get("/v2/admin/notification-templates/email/validate?body=See%20%7B%7Blink%7D%7D&variables=name")
    expect(bad.body.data).toMatchObject({ valid: false, undeclared: ["link"], unused: ["name"] })
    expect(bad.body.data.problems).toEqual(expect.arrayContaining([expect.stringContaining("subject must")]))
    expect((await get("/v2/admin/notification-templates/email/validate?body=Hi", plainAdmin)).status).toBe(403)
    expect((await get("/v2/admin/notification-templates/email/validate")).status).toBe(400)
  })

  it("push preview substitutes the variables; a missing variable answers 400 listing it", async () => {
    const t = (await request("POST", "/v2/admin/notification-templates/push", {
      key: uniqueKey("pv"),
      name: "PV",
      subject: "Go {{name}}",
      body: "{{name}}, {{distance}} km today",
      variables: ["name", "distance"]
    })).body.data
    const preview = await request("POST", `/v2/admin/notification-templates/push/${t.id}/preview`, { variables: { name: "Asha", distance: "10" } })
    expect(preview.status).toBe(200)
    expect(preview.body.data).toEqual({ version: 1, subject: "Go Asha", body: "Asha, 10 km today" })
    const missing = await request("POST", `/v2/admin/notification-templates/push/${t.id}/preview`, { variables: { name: "Asha" } })
    expect(missing.status).toBe(400)
    expect(String(missing.body.message)).toContain("distance")
    expect((await request("POST", `/v2/admin/notification-templates/push/${t.id}/preview`, { variables: {}, version: 5 })).status).toBe(404)
    expect((await request("POST", `/v2/admin/notification-templates/push/${t.id}/preview`, { variables: "x" })).status).toBe(400)
  })

  it("sms add-version appends a version, active unless told otherwise, and delivery uses the active version", async () => {
    const key = uniqueKey("otp")
    const t = (await request("POST", "/v2/admin/notification-templates/sms", { key, name: "OTP", body: "Code {{code}}", variables: ["code"] })).body.data
    const added = await request("POST", `/v2/admin/notification-templates/sms/${t.id}/add-version`, { body: "Your code: {{code}}", variables: ["code"] })
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ latestVersion: 2, activeVersion: 2 })
    const inactive = await request("POST", `/v2/admin/notification-templates/sms/${t.id}/add-version`, { body: "Draft {{code}}", variables: ["code"], activate: false })
    expect(inactive.body.data).toMatchObject({ latestVersion: 3, activeVersion: 2 })
    const invalid = await request("POST", `/v2/admin/notification-templates/sms/${t.id}/add-version`, { body: "Code {{otp}}", variables: ["code"] })
    expect(invalid.status).toBe(400)

    const recipient = "+919811177001"
    await host.run(Notifications.enqueueNotification({ channel: "SMS", recipient, templateKey: key, variables: { code: "1234" } }))
    await drainOnce(host)
    const sent = await host.run(Effect.map(RecordedDeliveries, (r) => r.to(recipient)))
    expect(sent.map((d) => (d.message as Notifications.SmsMessage).body)).toEqual(["Your code: 1234"])
  })
})
