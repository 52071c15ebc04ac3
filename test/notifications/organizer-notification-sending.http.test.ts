/**
 * Organizer sending through the real host: audience preview counts after the unsubscribe
 * (marketing) and address filters; send debits the wallet at the template's price atomically with
 * the batch and its outbox rows (409 INSUFFICIENT_BALANCE leaves nothing behind, concurrent sends
 * never overdraw); scheduled batches; the hourly quota (429 QUOTA_EXCEEDED) and its usage; batches
 * list/get under tenancy.
 */
import { Accounts, Notifications } from "@podium/core"
import { DateTime, Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { freshPhone, newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer
let other: SeededOrganizer
let templateId: string
let privateTemplateId: string
const athletes: Array<{ id: string; headers: Record<string, string> }> = []
let noPhone: string

const credit = (organizerId: string, amount: number) =>
  host.run(Effect.flatMap(Notifications.NotificationWalletRepo, (r) =>
    r.post({ organizerId, amount, reason: "seed", counterAccount: Notifications.CounterAccounts.adjustment, idempotencyKey: null })))
const balance = (organizerId: string) => host.run(Effect.flatMap(Notifications.NotificationWalletRepo, (r) => r.summary(organizerId)))
const outboxFor = (organizerId: string) =>
  host.run(Effect.flatMap(Notifications.OutboxRepo, (r) => r.list({ limit: 1000, offset: 0 }))).then((p) =>
    p.items.filter((m) => m.producer?.startsWith(`organizer:${organizerId}:`) === true))

beforeAll(async () => {
  org = await seedOrganizer(host, "Sending Org")
  other = await seedOrganizer(host, "Other Org")
  for (let i = 0; i < 4; i++) {
    const a = await newAthlete(host)
    athletes.push({ id: a.user.id, headers: a.headers })
  }
  noPhone = (await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ email: `nophone-${freshPhone().slice(4)}@example.com` })))).id
  // athlete 3 unsubscribed from marketing
  await host.run(Effect.flatMap(Notifications.PreferenceRepo, (r) => r.update(athletes[3]!.id, { categories: { marketing: false } })))
  const create = (key: string, visibility: "ORGANIZERS" | "PRIVATE") =>
    host.run(Effect.flatMap(Notifications.TemplateCatalogRepo, (r) =>
      r.create({
        channel: "SMS",
        key,
        name: key,
        description: null,
        category: "marketing",
        priceMinor: 25,
        currency: "INR",
        visibility,
        subject: null,
        body: "{{event}} opens registrations today",
        variables: ["event"]
      })))
  templateId = (await create(`org-promo-${Date.now()}`, "ORGANIZERS")).id
  privateTemplateId = (await create(`private-${Date.now()}`, "PRIVATE")).id
}, 60_000)

const request = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const everyone = () => [...athletes.map((a) => a.id), noPhone, "00000000-0000-4000-8000-000000000000"]

describe("organizer notification sending over HTTP", () => {
  it("previews the audience after unsubscribe, preference and address filters", async () => {
    expect((await request("POST", "/v2/organizer/notifications/audience/preview", { channel: "sms", userIds: everyone() }, athletes[0]!.headers)).status).toBe(403)
    const preview = await request("POST", "/v2/organizer/notifications/audience/preview", { channel: "sms", userIds: everyone() }, org.viewer.headers)
    expect(preview.status).toBe(201)
    expect(preview.body.data).toEqual({ requested: 6, unknown: 1, unsubscribed: 1, channelDisabled: 0, noAddress: 1, eligible: 3 })
    const bad = await request("POST", "/v2/organizer/notifications/audience/preview", { channel: "fax", userIds: [] }, org.viewer.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(2)
  })

  it("refuses when the balance is short (409 INSUFFICIENT_BALANCE) and leaves no batch or outbox row", async () => {
    const body = { channel: "sms", templateId, userIds: everyone(), variables: { event: "City 10K" } }
    expect((await request("POST", "/v2/organizer/notifications/send", body, org.viewer.headers)).status).toBe(403)
    const short = await request("POST", "/v2/organizer/notifications/send", body, org.owner.headers)
    expect(short.status).toBe(409)
    expect(short.body.code).toBe("INSUFFICIENT_BALANCE")
    expect((await request("GET", "/v2/organizer/notifications/batches", undefined, org.owner.headers)).body.data.total).toBe(0)
    expect(await outboxFor(org.id)).toEqual([])
  })

  it("sends: debits price × eligible recipients and queues one rendered outbox row each", async () => {
    await credit(org.id, 100)
    const sent = await request("POST", "/v2/organizer/notifications/send", {
      channel: "sms",
      templateId,
      userIds: everyone(),
      variables: { event: "City 10K" }
    }, org.admin.headers)
    expect(sent.status).toBe(201)
    expect(sent.body.data).toMatchObject({ organizerId: org.id, channel: "sms", unitPrice: 25, recipients: 3, cost: 75, status: "QUEUED", scheduledAt: null })
    expect((await balance(org.id)).balance).toBe(25)
    const rows = await outboxFor(org.id)
    expect(rows).toHaveLength(3)
    expect(rows.every((r) => r.body === "City 10K opens registrations today" && r.category === "marketing")).toBe(true)
    const wallet = await request("GET", "/v2/organizer/notification-wallet", undefined, org.owner.headers)
    expect(wallet.body.data.entries[0]).toMatchObject({ amount: -75, counterAccount: "platform:notification-revenue" })

    const one = await request("GET", `/v2/organizer/notifications/batches/${sent.body.data.id}`, undefined, org.viewer.headers)
    expect(one.body.data).toMatchObject({ id: sent.body.data.id, recipients: 3 })
    expect((await request("GET", `/v2/organizer/notifications/batches/${sent.body.data.id}`, undefined, other.owner.headers)).status).toBe(404)
    expect((await request("GET", "/v2/organizer/notifications/batches/nope", undefined, org.owner.headers)).status).toBe(404)
    const list = await request("GET", "/v2/organizer/notifications/batches?limit=10", undefined, org.viewer.headers)
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 10, hasMore: false })
  })

  it("validates the template, its variables and the schedule", async () => {
    const send = (body: Record<string, unknown>) =>
      request("POST", "/v2/organizer/notifications/send", { channel: "sms", templateId, userIds: [athletes[0]!.id], variables: { event: "X" }, ...body }, org.owner.headers)
    expect((await send({ templateId: privateTemplateId })).body.code).toBe("TEMPLATE_NOT_AVAILABLE")
    expect((await send({ templateId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404)
    const missing = await send({ variables: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe("TEMPLATE_VARIABLES_MISSING")
    expect((await send({ userIds: [athletes[3]!.id] })).body.code).toBe("NO_ELIGIBLE_RECIPIENTS")
    expect((await send({ scheduledAt: "2020-01-01T00:00:00Z" })).status).toBe(400)
  })

  it("schedules a batch: its outbox rows wait until scheduledAt", async () => {
    await credit(org.id, 25)
    const at = new Date(Date.now() + 3_600_000)
    const sent = await request("POST", "/v2/organizer/notifications/send", {
      channel: "sms",
      templateId,
      userIds: [athletes[0]!.id],
      variables: { event: "Night Run" },
      scheduledAt: at.toISOString()
    }, org.owner.headers)
    expect(sent.status).toBe(201)
    expect(sent.body.data).toMatchObject({ status: "SCHEDULED", scheduledAt: at.toISOString() })
    const row = (await outboxFor(org.id)).find((r) => r.body?.startsWith("Night Run") === true)
    expect(DateTime.toEpochMillis(row!.nextAttemptAt)).toBeGreaterThanOrEqual(at.getTime() - 1000)
  })

  it("cancels a batch only while SCHEDULED: its outbox rows are removed and their price refunded", async () => {
    await credit(org.id, 50)
    const before = (await balance(org.id)).balance
    const sent = await request("POST", "/v2/organizer/notifications/send", {
      channel: "sms",
      templateId,
      userIds: [athletes[0]!.id, athletes[1]!.id],
      variables: { event: "Trail" },
      scheduledAt: new Date(Date.now() + 7_200_000).toISOString()
    }, org.owner.headers)
    expect(sent.status).toBe(201)
    const id = sent.body.data.id as string
    expect((await balance(org.id)).balance).toBe(before - 50)
    expect((await request("POST", `/v2/organizer/notifications/batches/${id}/cancel`, undefined, org.viewer.headers)).status).toBe(403)
    expect((await request("POST", `/v2/organizer/notifications/batches/${id}/cancel`, undefined, other.owner.headers)).status).toBe(404)
    const cancelled = await request("POST", `/v2/organizer/notifications/batches/${id}/cancel`, undefined, org.owner.headers)
    expect(cancelled.status).toBe(201)
    expect(cancelled.body.data).toMatchObject({ id, status: "CANCELLED", cancelledAt: expect.any(String) })
    expect((await balance(org.id)).balance).toBe(before)
    expect((await outboxFor(org.id)).filter((r) => r.producer?.endsWith(id) === true)).toEqual([])
    const again = await request("POST", `/v2/organizer/notifications/batches/${id}/cancel`, undefined, org.owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("BATCH_NOT_CANCELLABLE")
    // an immediate (QUEUED) batch cannot be cancelled
    const list = await request("GET", "/v2/organizer/notifications/batches", undefined, org.owner.headers)
    const queued = list.body.data.items.find((b: { status: string }) => b.status === "QUEUED")
    expect((await request("POST", `/v2/organizer/notifications/batches/${queued.id}/cancel`, undefined, org.owner.headers)).status).toBe(409)
  })

  it("never overdraws under concurrent sends", async () => {
    await credit(other.id, 50)
    const answers = await Promise.all(Array.from({ length: 6 }, () =>
      request("POST", "/v2/organizer/notifications/send", { channel: "sms", templateId, userIds: [athletes[0]!.id], variables: { event: "R" } }, other.owner.headers)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4)
    expect((await balance(other.id)).balance).toBe(0)
    expect(await outboxFor(other.id)).toHaveLength(2)
  })

  it("reports hourly and daily usage with reset timestamps, and enforces the quota (429)", async () => {
    const quota = await request("GET", "/v2/organizer/notifications/quota", undefined, org.viewer.headers)
    expect(quota.status).toBe(200)
    expect(quota.body.data.hourly).toMatchObject({ limit: 1000, used: 4, remaining: 996 })
    expect(quota.body.data.daily).toMatchObject({ limit: 5000, used: 4 })
    expect(Date.parse(quota.body.data.hourly.resetsAt)).toBeGreaterThan(Date.now())
    expect(Date.parse(quota.body.data.daily.resetsAt)).toBeGreaterThanOrEqual(Date.parse(quota.body.data.hourly.resetsAt))
    // fill the hour up to its limit with a recorded batch, then one more recipient is refused
    await host.run(Effect.flatMap(Notifications.OrganizerNotificationRepo, (r) =>
      r.createBatch({ organizerId: org.id, channel: "SMS", templateId, templateKey: "seed", unitPrice: 0, recipients: 996, scheduledAt: null }, Notifications.DefaultQuota, () => Effect.void)))
    await credit(org.id, 25)
    const before = (await balance(org.id)).balance
    const over = await request("POST", "/v2/organizer/notifications/send", { channel: "sms", templateId, userIds: [athletes[0]!.id], variables: { event: "Q" } }, org.owner.headers)
    expect(over.status).toBe(429)
    expect(over.body.code).toBe("QUOTA_EXCEEDED")
    expect((await balance(org.id)).balance).toBe(before)
  })
})
