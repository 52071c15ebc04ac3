/**
 * Through the real host: the admin log reports (stats by status, channel, receipt and provider;
 * organizer batches with their delivery counts), the caller's preference types (subscribe / opt out,
 * transactional types locked, the sender honouring an opt-out), and the sender skipping journey
 * steps that are disabled or unmapped with the reason on the log row.
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { adminWithPermissions, drainOnce, freshPhone } from "./http-support.js"

const host = realHostOf(import.meta.url)
let manager: Record<string, string>
let plainAdmin: Record<string, string>
let org: SeededOrganizer
const athletes: Array<{ id: string; headers: Record<string, string> }> = []
let batchId: string

const adminWith = (permissions: ReadonlyArray<string>) => adminWithPermissions(host, permissions)
const catalog = (channel: Notifications.Channel, key: string, visibility: "ORGANIZERS" | "PRIVATE") =>
  host.run(Effect.flatMap(Notifications.TemplateCatalogRepo, (r) =>
    r.create({
      channel,
      key,
      name: key,
      description: null,
      category: null,
      priceMinor: 5,
      currency: "INR",
      visibility,
      subject: null,
      body: "News for you",
      variables: []
    })))
const logsOf = (filter: Notifications.NotificationLogFilter) => host.run(Effect.flatMap(Notifications.NotificationLogRepo, (r) => r.list(filter)))

beforeAll(async () => {
  manager = await adminWith(["notifications.manage"])
  plainAdmin = await adminWith(["admins.read"])
  org = await seedOrganizer(host, "Report Org")
  for (let i = 0; i < 3; i++) {
    const a = await newAthlete(host)
    athletes.push({ id: a.user.id, headers: a.headers })
  }
  const t = await catalog("SMS", "org-news", "ORGANIZERS")
  await host.run(Effect.flatMap(Notifications.NotificationWalletRepo, (r) =>
    r.post({ organizerId: org.id, amount: 100, reason: "seed", counterAccount: Notifications.CounterAccounts.adjustment, idempotencyKey: null })))
  const sent = await host.http.request("POST", "/v2/organizer/notifications/send", {
    channel: "sms",
    templateId: t.id,
    userIds: athletes.slice(0, 2).map((a) => a.id)
  }, org.owner.headers)
  if (sent.status !== 201) throw new Error(sent.text)
  batchId = sent.body.data.id
  await drainOnce(host)
  const logs = await logsOf({ channel: "SMS" })
  await host.run(Effect.flatMap(Notifications.NotificationLogRepo, (r) =>
    r.applyReceipt({ providerMessageId: logs[0]!.providerMessageId!, status: "DELIVERED", error: null }, ["SMS"])))
}, 60_000)

const get = (path: string, headers = manager) => host.http.get(path, { headers })
const request = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

describe("notification log reports", () => {
  it("requires notifications.manage", async () => {
    expect((await host.http.get("/v2/admin/notification-logs/stats")).status).toBe(401)
    expect((await get("/v2/admin/notification-logs/stats", plainAdmin)).status).toBe(403)
    expect((await get("/v2/admin/notification-logs/batches", plainAdmin)).status).toBe(403)
    expect((await get(`/v2/admin/notification-logs/batches/${batchId}`, athletes[0]!.headers)).status).toBe(403)
  })

  it("counts log rows by status, channel, receipt and provider; filters by channel and window", async () => {
    const stats = await get("/v2/admin/notification-logs/stats")
    expect(stats.status).toBe(200)
    expect(stats.body.data).toMatchObject({ total: 2, byStatus: { SENT: 2, FAILED: 0, SKIPPED: 0 } })
    expect(stats.body.data.byChannel.sms).toEqual({ SENT: 2, FAILED: 0, SKIPPED: 0 })
    expect(stats.body.data.byChannel.email).toEqual({ SENT: 0, FAILED: 0, SKIPPED: 0 })
    expect(stats.body.data.byDeliveryStatus.DELIVERED).toBe(1)
    expect(stats.body.data.providers).toEqual([{ provider: "local", channel: "sms", sent: 2, failed: 0, delivered: 1 }])
    expect((await get("/v2/admin/notification-logs/stats?channel=email")).body.data.total).toBe(0)
    const later = new Date(Date.now() + 60_000).toISOString()
    expect((await get(`/v2/admin/notification-logs/stats?from=${encodeURIComponent(later)}`)).body.data.total).toBe(0)
    const bad = await get("/v2/admin/notification-logs/stats?channel=fax&from=soon")
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(2)
  })

  it("lists organizer batches with where their messages are, and reads one", async () => {
    const list = await get("/v2/admin/notification-logs/batches")
    expect(list.status).toBe(200)
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 20, hasMore: false })
    expect(list.body.data.items[0].batch).toMatchObject({ id: batchId, organizerId: org.id, recipients: 2, cost: 10 })
    expect(list.body.data.items[0].delivery).toEqual({
      byStatus: { PENDING: 0, PROCESSING: 0, SENT: 2, FAILED: 0, DEAD: 0 },
      skipped: 0,
      delivered: 1
    })
    expect((await get(`/v2/admin/notification-logs/batches?organizerId=${athletes[0]!.id}`)).body.data.total).toBe(0)
    expect((await get("/v2/admin/notification-logs/batches?organizerId=nope")).status).toBe(400)
    const one = await get(`/v2/admin/notification-logs/batches/${batchId}`)
    expect(one.status).toBe(200)
    expect(one.body.data.delivery.delivered).toBe(1)
    const missing = await get("/v2/admin/notification-logs/batches/00000000-0000-4000-8000-000000000000")
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe("BATCH_NOT_FOUND")
  })
})

describe("notification preference types", () => {
  it("lists every type with the caller's subscription, including the admin categories for users", async () => {
    await request("POST", "/v2/admin/notification-categories", { key: "security", name: "Security", audience: "USER", userControllable: false }, manager)
    await request("POST", "/v2/admin/notification-categories", { key: "club-news", name: "Club news", audience: "ALL" }, manager)
    await request("POST", "/v2/admin/notification-categories", { key: "payouts", name: "Payouts", audience: "ORGANIZER" }, manager)
    expect((await host.http.get("/v2/notifications/preferences-types")).status).toBe(401)
    const list = await get("/v2/notifications/preferences-types", athletes[0]!.headers)
    expect(list.status).toBe(200)
    expect(list.body.data.map((t: { key: string }) => t.key)).toEqual(["challenges", "events", "activity", "marketing", "club-news", "security"])
    expect(list.body.data.every((t: { subscribed: boolean }) => t.subscribed)).toBe(true)
    expect(list.body.data.find((t: { key: string }) => t.key === "security").userControllable).toBe(false)
  })

  it("opts out and subscribes again; the opt-out is stored as the user's category preference", async () => {
    const out = await request("DELETE", "/v2/notifications/preferences-types?type=events", undefined, athletes[1]!.headers)
    expect(out.status).toBe(200)
    expect(out.body.data.find((t: { key: string }) => t.key === "events").subscribed).toBe(false)
    const prefs = await request("GET", "/v2/notifications/preferences", undefined, athletes[1]!.headers)
    expect(prefs.body.data.categories.events).toBe(false)
    const again = await request("POST", "/v2/notifications/preferences-types", { type: "events" }, athletes[1]!.headers)
    expect(again.status).toBe(201)
    expect(again.body.data.find((t: { key: string }) => t.key === "events").subscribed).toBe(true)
    const twice = await request("POST", "/v2/notifications/preferences-types", { type: "events" }, athletes[1]!.headers)
    expect(twice.status).toBe(201)
  })

  it("refuses to switch off a transactional type (400), unknown types (404) and malformed requests (400)", async () => {
    const locked = await request("DELETE", "/v2/notifications/preferences-types?type=security", undefined, athletes[1]!.headers)
    expect(locked.status).toBe(400)
    expect(locked.body.code).toBe("PREFERENCE_TYPE_LOCKED")
    const organizerOnly = await request("DELETE", "/v2/notifications/preferences-types?type=payouts", undefined, athletes[1]!.headers)
    expect(organizerOnly.status).toBe(404)
    const unknown = await request("POST", "/v2/notifications/preferences-types", { type: "nope" }, athletes[1]!.headers)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("PREFERENCE_TYPE_NOT_FOUND")
    expect((await request("DELETE", "/v2/notifications/preferences-types", undefined, athletes[1]!.headers)).status).toBe(400)
    expect((await request("POST", "/v2/notifications/preferences-types", {}, athletes[1]!.headers)).status).toBe(400)
  })

  it("the sender honours an opt-out: the message is skipped and the log says why", async () => {
    await request("DELETE", "/v2/notifications/preferences-types?type=club-news", undefined, athletes[0]!.headers)
    await host.run(Notifications.enqueueNotification({ channel: "SMS", recipient: freshPhone(), userId: athletes[0]!.id, body: "Club run Sunday", category: "club-news" }))
    await drainOnce(host)
    const skipped = (await logsOf({ status: "SKIPPED" })).find((l) => l.category === "club-news")
    expect(skipped?.error).toBe("category \"club-news\" disabled by the user")
  })
})

describe("journey steps at delivery", () => {
  it("skips rows of an unmapped step, of a disabled step and of a step without a mapping on the channel, saying why", async () => {
    await catalog("SMS", "journey-sms", "PRIVATE")
    const mapped = await request("POST", "/v2/admin/notification-mappings", { role: "user", step: "welcome.day1", channel: "sms", templateKey: "journey-sms" }, manager)
    expect(mapped.status).toBe(201)
    await request("POST", "/v2/admin/notification-mappings", { role: "user", step: "welcome.day2", channel: "sms", templateKey: "journey-sms" }, manager)
    const off = await request("PATCH", "/v2/admin/notification-journeys/user/steps/welcome.day2", { enabled: false }, manager)
    expect(off.status).toBe(200)
    const enqueue = (step: string, channel: Notifications.Channel = "SMS") =>
      host.run(Notifications.enqueueNotification({ channel, recipient: channel === "EMAIL" ? "a@example.com" : freshPhone(), body: `step ${step}`, step }))
    await enqueue("welcome.day1")
    await enqueue("welcome.day1", "EMAIL")
    await enqueue("welcome.day2")
    await enqueue("welcome.day9")
    await drainOnce(host)
    const byStep = async (step: string) => {
      const res = await get(`/v2/admin/notification-logs?step=${step}`)
      return res.body.data.items.map((l: { status: string; channel: string; error: string | null }) => [l.status, l.channel, l.error])
    }
    expect(await byStep("welcome.day1")).toEqual(expect.arrayContaining([
      ["SENT", "sms", null],
      ["SKIPPED", "email", "journey step \"welcome.day1\" has no enabled EMAIL mapping"]
    ]))
    expect(await byStep("welcome.day2")).toEqual([["SKIPPED", "sms", "journey step \"welcome.day2\" is disabled"]])
    expect(await byStep("welcome.day9")).toEqual([["SKIPPED", "sms", "journey step \"welcome.day9\" is not mapped"]])
  })
})
