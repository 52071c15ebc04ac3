/**
 * Notification logs and retry policies through the real host: list/get with filters, resend of a
 * FAILED log as a NEW row (PUSH → 400, not FAILED → 409), and per-channel retry policies with
 * their validation and effect on new messages.
 */
import { Notifications } from "@podium/core"
import { RecordedDeliveries } from "@podium/core/testing"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { drainOnce, signInAdmin, signInUser } from "./http-support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>
let user: Record<string, string>
beforeAll(async () => {
  admin = await signInAdmin(host)
  user = await signInUser(host)
  // The journey steps these messages name are mapped on their channels: the sender skips rows of
  // unmapped steps (reports-preference-types.http.test.ts covers that).
  await host.run(Effect.flatMap(Notifications.NotificationMappingRepo, (r) =>
    r.createMany([
      { role: "user", step: "welcome.day1", channel: "SMS", templateKey: "welcome-sms" },
      { role: "user", step: "paging", channel: "CHAT", templateKey: "paging-chat" },
      { role: "user", step: "receipt", channel: "EMAIL", templateKey: "receipt-email" }
    ])))
}, 60_000)

const get = (path: string, headers = admin) => host.http.get(path, { headers })
const request = (method: string, path: string, body?: unknown, headers = admin) => host.http.request(method, path, body, headers)
const failNext = (channel: Notifications.Channel, n: number) =>
  host.run(Effect.map(RecordedDeliveries, (r) => r.failNext(channel, n, { retryable: true })))
const enqueue = (input: Notifications.EnqueueNotificationInput) => host.run(Notifications.enqueueNotification(input))

describe("notification logs over HTTP", () => {
  it("requires an admin", async () => {
    expect((await host.http.get("/v2/admin/notification-logs")).status).toBe(401)
    expect((await get("/v2/admin/notification-logs", user)).status).toBe(403)
    expect((await request("POST", "/v2/admin/notification-logs/00000000-0000-4000-8000-000000000000/resend", undefined, user)).status).toBe(403)
  })

  it("lists and gets log rows with masked recipients and variable names only; filters by status, channel, outbox id, step", async () => {
    const row = await enqueue({ channel: "SMS", recipient: "+919811100001", body: "Your code is 424242", variables: { code: "424242" }, step: "welcome.day1" })
    await drainOnce(host)
    const list = await get(`/v2/admin/notification-logs?outboxId=${row.id}`)
    expect(list.status).toBe(200)
    expect(list.body.data).toMatchObject({ page: 1, limit: 20, hasMore: false })
    expect(list.body.data.items).toHaveLength(1)
    const log = list.body.data.items[0]
    expect(log).toMatchObject({
      outboxId: row.id,
      attempt: 1,
      status: "SENT",
      channel: "sms",
      recipient: "+91******0001",
      step: "welcome.day1",
      variableNames: ["code"],
      provider: "local",
      deliveryStatus: null
    })
    expect(list.text).not.toContain("424242")
    const one = await get(`/v2/admin/notification-logs/${log.id}`)
    expect(one.status).toBe(200)
    expect(one.body.data).toEqual(log)
    expect((await get("/v2/admin/notification-logs/00000000-0000-4000-8000-000000000000")).status).toBe(404)

    const byStep = await get("/v2/admin/notification-logs?step=welcome.day1&channel=sms&status=SENT")
    expect(byStep.body.data.items.map((l: { id: string }) => l.id)).toEqual([log.id])
    expect((await get("/v2/admin/notification-logs?channel=email&step=welcome.day1")).body.data.items).toEqual([])
    const invalid = await get("/v2/admin/notification-logs?status=DONE&limit=0")
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(expect.arrayContaining([
      "status must be one of the following values: SENT, FAILED, SKIPPED",
      "limit must be an integer between 1 and 100"
    ]))
  })

  it("pages with hasMore", async () => {
    for (let i = 0; i < 3; i++) await enqueue({ channel: "CHAT", recipient: `+91981110010${i}`, body: "hi", step: "paging" })
    await drainOnce(host)
    const first = await get("/v2/admin/notification-logs?step=paging&limit=2")
    expect(first.body.data.items).toHaveLength(2)
    expect(first.body.data.hasMore).toBe(true)
    const second = await get("/v2/admin/notification-logs?step=paging&limit=2&page=2")
    expect(second.body.data.items).toHaveLength(1)
    expect(second.body.data.hasMore).toBe(false)
  })

  it("resends a FAILED log as a new message whose delivery writes a NEW row; the original stays unchanged", async () => {
    const row = await enqueue({ channel: "EMAIL", recipient: "resend@example.com", subject: "Receipt", body: "Thanks", variables: { order: "A1" }, step: "receipt" })
    await failNext("EMAIL", 1)
    await drainOnce(host)
    const failed = (await get(`/v2/admin/notification-logs?outboxId=${row.id}`)).body.data.items[0]
    expect(failed).toMatchObject({ status: "FAILED", channel: "email", step: "receipt" })

    const res = await request("POST", `/v2/admin/notification-logs/${failed.id}/resend`)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ resendOf: failed.id, status: "PENDING" })
    expect(res.body.data.outboxId).not.toBe(row.id)
    await drainOnce(host)

    const fresh = (await get(`/v2/admin/notification-logs?outboxId=${res.body.data.outboxId}`)).body.data.items
    expect(fresh).toHaveLength(1)
    expect(fresh[0]).toMatchObject({ status: "SENT", resendOf: failed.id, step: "receipt", channel: "email", variableNames: ["order"] })
    expect(host.deliveries.to("resend@example.com").at(-1)?.message).toMatchObject({ subject: "Receipt", text: "Thanks" })
    expect((await get(`/v2/admin/notification-logs/${failed.id}`)).body.data).toEqual(failed)

    const sentLog = await request("POST", `/v2/admin/notification-logs/${fresh[0].id}/resend`)
    expect(sentLog.status).toBe(409)
    expect(sentLog.body).toMatchObject({ code: "NOTIFICATION_LOG_NOT_FAILED", data: null })
    expect((await request("POST", "/v2/admin/notification-logs/00000000-0000-4000-8000-000000000000/resend")).status).toBe(404)
  })

  it("refuses to resend a PUSH log with a clear 400", async () => {
    const row = await enqueue({ channel: "PUSH", recipient: "device-token-123456", subject: "Hi", body: "Push body" })
    await failNext("PUSH", 1)
    await drainOnce(host)
    const failed = (await get(`/v2/admin/notification-logs?outboxId=${row.id}`)).body.data.items[0]
    expect(failed.status).toBe("FAILED")
    const res = await request("POST", `/v2/admin/notification-logs/${failed.id}/resend`)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ status: 400, code: "PUSH_RESEND_UNSUPPORTED", data: null })
    expect(res.body.message).toContain("PUSH notifications cannot be resent")
  })
})

describe("notification retry policies over HTTP", () => {
  it("lists every channel's policy, gets one by channel, 404 for another id; admin only", async () => {
    expect((await get("/v2/admin/notifications/retry-policies", user)).status).toBe(403)
    const list = await get("/v2/admin/notifications/retry-policies")
    expect(list.status).toBe(200)
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual(["email", "sms", "push", "chatapp"])
    const sms = await get("/v2/admin/notifications/retry-policies/sms")
    expect(sms.body.data).toEqual({ id: "sms", channel: "sms", maxAttempts: 5, baseDelayMs: 15_000, factor: 2, maxDelayMs: 1_800_000 })
    expect((await get("/v2/admin/notifications/retry-policies/fax")).status).toBe(404)
  })

  it("saves a whole policy with POST and changes fields with PATCH; new messages take its attempts", async () => {
    const saved = await request("POST", "/v2/admin/notifications/retry-policies", { channel: "chatapp", maxAttempts: 7, baseDelayMs: 1000, factor: 3, maxDelayMs: 60_000 })
    expect(saved.status).toBe(201)
    expect(saved.body.data).toEqual({ id: "chatapp", channel: "chatapp", maxAttempts: 7, baseDelayMs: 1000, factor: 3, maxDelayMs: 60_000 })
    const patched = await request("PATCH", "/v2/admin/notifications/retry-policies/chatapp", { maxAttempts: 2 })
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({ maxAttempts: 2, baseDelayMs: 1000, factor: 3 })
    expect((await get("/v2/admin/notifications/retry-policies/chatapp")).body.data.maxAttempts).toBe(2)

    const sent = await request("POST", "/v2/admin/notifications/send", { channel: "chatapp", to: "+919811100200", text: "hello" })
    const row = await host.run(Effect.orDie(Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(sent.body.data.ids[0]))))
    expect(row.maxAttempts).toBe(2)
  })

  it("validates policies: bounds, delays in order (also after merging a PATCH), unknown channel", async () => {
    const invalid = await request("POST", "/v2/admin/notifications/retry-policies", { channel: "fax", maxAttempts: 0, baseDelayMs: -1, factor: 20 })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(expect.arrayContaining([
      "channel must be one of the following values: email, sms, push, chatapp",
      "maxAttempts must be an integer between 1 and 50",
      "baseDelayMs must be an integer between 0 and 86400000",
      "factor must be a number between 1 and 10",
      "maxDelayMs must be an integer between 0 and 604800000"
    ]))
    const unordered = await request("POST", "/v2/admin/notifications/retry-policies", { channel: "email", maxAttempts: 3, baseDelayMs: 5000, factor: 2, maxDelayMs: 1000 })
    expect(unordered.status).toBe(400)
    expect(unordered.body.message).toEqual(["maxDelayMs must not be less than baseDelayMs"])
    const merged = await request("PATCH", "/v2/admin/notifications/retry-policies/push", { baseDelayMs: 700_000 })
    expect(merged.status).toBe(400)
    expect(merged.body.message).toContain("maxDelayMs must not be less than baseDelayMs")
    expect((await request("PATCH", "/v2/admin/notifications/retry-policies/fax", { maxAttempts: 2 })).status).toBe(404)
    expect((await request("PATCH", "/v2/admin/notifications/retry-policies/push", { maxAttempts: 2.5 })).status).toBe(400)
  })
})
