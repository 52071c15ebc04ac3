/**
 * Inbound delivery-receipt webhooks (messaging provider, chat-app) and the development-only
 * inspection route of the local recording provider, through the real host.
 */
import { Notifications } from "@podium/core"
import { signPayload } from "@podium/host-common"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { drainOnce, signInAdmin, signInUser } from "./http-support.js"

const Secret = "whsec-test-secret"
let host: RealHost
let unsigned: RealHost
let production: RunningHttp
let admin: Record<string, string>
beforeAll(async () => {
  host = await startRealHost(import.meta.url, { NOTIFICATION_WEBHOOK_SECRET: Secret })
  unsigned = await startRealHost(`${import.meta.url}-unsigned`)
  production = await startHttp(await infraWith([], {
    APP_ENV: "production",
    JWT_SECRET: "j".repeat(40),
    HASH_SECRET: "h".repeat(40),
    ENCRYPTION_KEY: "e".repeat(40),
    OPS_TOKEN: "o".repeat(40)
  }))
  admin = await signInAdmin(host)
}, 60_000)
afterAll(async () => {
  await host?.close()
  await unsigned?.close()
  await production?.close()
})

const enqueue = (input: Notifications.EnqueueNotificationInput) => host.run(Notifications.enqueueNotification(input))
/** Queues and delivers one message; answers its log row (with the local provider's message id). */
const deliveredLog = async (input: Notifications.EnqueueNotificationInput) => {
  const row = await enqueue(input)
  await drainOnce(host)
  const logs = await host.run(Effect.flatMap(Notifications.NotificationLogRepo, (l) => l.list({ outboxId: row.id })))
  expect(logs[0]?.providerMessageId).toBeTruthy()
  return logs[0]!
}
const logById = async (id: string) => (await host.http.get(`/v2/admin/notification-logs/${id}`, { headers: admin })).body.data

const messaging = (h: RealHost, body: string, headers: Record<string, string>) =>
  h.http.request("POST", "/v2/notification-webhooks/messaging-provider", body, headers)
const signedMessaging = (body: unknown, options: { readonly secret?: string; readonly timestamp?: number } = {}) => {
  const raw = JSON.stringify(body)
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000))
  return messaging(host, raw, {
    "x-webhook-timestamp": timestamp,
    "x-webhook-signature": `sha256=${signPayload(options.secret ?? Secret, `${timestamp}.${raw}`)}`
  })
}
const chat = (body: unknown, signature?: string) => {
  const raw = JSON.stringify(body)
  return host.http.request("POST", "/v2/notification-webhooks/chatapp", raw, {
    "x-hub-signature-256": signature ?? `sha256=${signPayload(Secret, raw)}`
  })
}
const chatStatus = (id: string, status: string, errors?: ReadonlyArray<{ title: string }>) => ({
  object: "whatsapp_business_account",
  entry: [{ id: "waba", changes: [{ field: "messages", value: { statuses: [{ id, status, timestamp: "1700000000", ...(errors ? { errors } : {}) }] } }] }]
})

describe("delivery-receipt webhooks", () => {
  it("messaging provider: a signed receipt updates the log row by provider message id; replays change nothing", async () => {
    const log = await deliveredLog({ channel: "SMS", recipient: "+919822200001", body: "hello" })
    const delivered = { events: [{ messageId: log.providerMessageId, status: "delivered" }] }
    const first = await signedMessaging(delivered)
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ received: 1, updated: 1 })
    expect(await logById(log.id)).toMatchObject({ deliveryStatus: "DELIVERED", deliveryError: null })

    const replay = await signedMessaging(delivered)
    expect(replay.body.data).toEqual({ received: 1, updated: 0 })
    // An older status arriving late does not move the row back.
    const late = await signedMessaging({ events: [{ messageId: log.providerMessageId, status: "sent" }] })
    expect(late.body.data).toEqual({ received: 1, updated: 0 })
    expect((await logById(log.id)).deliveryStatus).toBe("DELIVERED")
    const read = await signedMessaging({ messageId: log.providerMessageId, status: "read" })
    expect(read.body.data).toEqual({ received: 1, updated: 1 })
    expect((await logById(log.id)).deliveryStatus).toBe("READ")
  })

  it("messaging provider: records undelivered with the error; unknown ids and untracked statuses change nothing", async () => {
    const log = await deliveredLog({ channel: "EMAIL", recipient: "bounce@example.com", subject: "s", body: "b" })
    const res = await signedMessaging({
      events: [
        { messageId: log.providerMessageId, status: "undelivered", error: "mailbox full" },
        { messageId: "unknown-id", status: "delivered" },
        { messageId: log.providerMessageId, status: "sending" }
      ]
    })
    expect(res.body.data).toEqual({ received: 2, updated: 1 })
    expect(await logById(log.id)).toMatchObject({ deliveryStatus: "UNDELIVERED", deliveryError: "mailbox full" })
    // A chat-app receipt never touches an SMS/e-mail row.
    expect((await chat(chatStatus(log.providerMessageId!, "read"))).body.data).toEqual({ received: 1, updated: 0 })
  })

  it("messaging provider: rejects unsigned, wrongly signed, stale and tampered calls with 401; bad JSON with 400", async () => {
    const log = await deliveredLog({ channel: "SMS", recipient: "+919822200002", body: "hello" })
    const body = JSON.stringify({ events: [{ messageId: log.providerMessageId, status: "failed" }] })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const unsignedCall = await messaging(host, body, { "x-webhook-timestamp": timestamp })
    expect(unsignedCall.status).toBe(401)
    expect(unsignedCall.body).toMatchObject({ status: 401, statusText: "UNAUTHORIZED", data: null })
    expect((await messaging(host, body, { "x-webhook-signature": `sha256=${signPayload(Secret, `${timestamp}.${body}`)}` })).status).toBe(401)
    expect((await signedMessaging(JSON.parse(body), { secret: "wrong-secret" })).status).toBe(401)
    expect((await signedMessaging(JSON.parse(body), { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401)
    const tampered = await messaging(host, body.replace("failed", "read"), {
      "x-webhook-timestamp": timestamp,
      "x-webhook-signature": `sha256=${signPayload(Secret, `${timestamp}.${body}`)}`
    })
    expect(tampered.status).toBe(401)
    expect((await logById(log.id)).deliveryStatus).toBeNull()

    const raw = "not json"
    const malformed = await messaging(host, raw, { "x-webhook-timestamp": timestamp, "x-webhook-signature": `sha256=${signPayload(Secret, `${timestamp}.${raw}`)}` })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe("body must be valid JSON")
  })

  it("chat-app: the platform's status payload with x-hub-signature-256 updates CHAT rows; wrong signatures are 401", async () => {
    const log = await deliveredLog({ channel: "CHAT", recipient: "+919822200003", body: "hello" })
    const failed = chatStatus(log.providerMessageId!, "failed", [{ title: "Re-engagement message" }])
    expect((await chat(failed, "sha256=deadbeef")).status).toBe(401)
    expect((await host.http.request("POST", "/v2/notification-webhooks/chatapp", JSON.stringify(failed))).status).toBe(401)
    const res = await chat(failed)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ received: 1, updated: 1 })
    expect(await logById(log.id)).toMatchObject({ deliveryStatus: "FAILED", deliveryError: "Re-engagement message" })
    expect((await chat(failed)).body.data).toEqual({ received: 1, updated: 0 })
    expect((await chat({ entry: "nope" })).body.data).toEqual({ received: 0, updated: 0 })
  })

  it("answers 503 while no webhook secret is configured", async () => {
    const res = await messaging(unsigned, "{}", { "x-webhook-signature": "sha256=00", "x-webhook-timestamp": "1" })
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ code: "WEBHOOK_NOT_CONFIGURED", data: null })
    expect((await unsigned.http.request("POST", "/v2/notification-webhooks/chatapp", "{}")).status).toBe(503)
  })
})

describe("development-only inspection of the local provider", () => {
  it("lists what the local provider recorded, newest first, filtered by channel and recipient; admin only", async () => {
    await enqueue({ channel: "EMAIL", recipient: "dev-inbox@example.com", subject: "Welcome", body: "Hello there" })
    await enqueue({ channel: "SMS", recipient: "+919822200009", body: "Code 1234" })
    await drainOnce(host)
    const res = await host.http.get("/v2/dev/notifications/deliveries?channel=email&to=dev-inbox@example.com", { headers: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(1)
    expect(res.body.data[0]).toMatchObject({ channel: "email", to: "dev-inbox@example.com", subject: "Welcome", body: "Hello there", template: null })
    const all = await host.http.get("/v2/dev/notifications/deliveries?limit=2", { headers: admin })
    expect(all.body.data).toHaveLength(2)
    expect(all.body.data[0]).toMatchObject({ channel: "sms", to: "+919822200009", body: "Code 1234" })
    expect((await host.http.get("/v2/dev/notifications/deliveries")).status).toBe(401)
    const user = await signInUser(host)
    expect((await host.http.get("/v2/dev/notifications/deliveries", { headers: user })).status).toBe(403)
    expect((await host.http.get("/v2/dev/notifications/deliveries?limit=0", { headers: admin })).status).toBe(400)
  })

  it("is not routed in production (404 even without a token), and says so in the OpenAPI document", async () => {
    const res = await production.get("/v2/dev/notifications/deliveries")
    expect(res.status).toBe(404)
    expect((await production.get("/v2/admin/notifications/outbox")).status).toBe(401)
    const doc = (await host.http.get("/docs/openapi.json")).body
    const operation = doc.paths["/v2/dev/notifications/deliveries"].get
    expect(operation.description).toContain("Development-only")
    expect(operation.description).toContain("not routed when APP_ENV=production")
  })
})
