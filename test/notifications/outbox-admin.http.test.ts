/**
 * The operator's outbox and direct send through the real host (Postgres clone + Redis prefix):
 * admin guard, send validation per channel, templates checked at send, list previews and filters,
 * retry one / by ids / bulk redrive with their edges (409s, cap 100, dry run), summary, provider
 * health and pipeline readiness.
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
}, 60_000)

const send = (body: unknown, headers = admin) => host.http.request("POST", "/v2/admin/notifications/send", body, headers)
const get = (path: string, headers = admin) => host.http.get(path, { headers })
const post = (path: string, body?: unknown, headers = admin) => host.http.request("POST", path, body ?? {}, headers)
/** Makes the local provider refuse the next `n` sends on `channel` for good (the rows go DEAD). */
const refuseNext = (channel: Notifications.Channel, n: number) =>
  host.run(Effect.map(RecordedDeliveries, (r) => r.failNext(channel, n, { retryable: false })))
const statusOf = (id: string) => host.run(Effect.map(Effect.orDie(Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(id as Notifications.OutboxId))), (r) => r.status))

/** A lower bound for created_at that excludes every row written before this call. */
const now = async () => {
  await new Promise((r) => setTimeout(r, 30))
  return new Date(Date.now() - 5).toISOString()
}

/** Sends literal e-mails that the provider refuses for good: they end DEAD. Other due rows are delivered first. */
const deadEmails = async (to: ReadonlyArray<string>) => {
  await drainOnce(host)
  const ids = await sendEmails(to)
  await refuseNext("EMAIL", to.length)
  await drainOnce(host)
  expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map(() => "DEAD"))
  return ids
}

/** Sends literal e-mails and delivers them: they end SENT. */
const sentEmails = async (to: ReadonlyArray<string>) => {
  const ids = await sendEmails(to)
  await drainOnce(host)
  expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map(() => "SENT"))
  return ids
}

/** Sends literal e-mails and returns their ids. */
const sendEmails = async (to: ReadonlyArray<string>) => {
  const res = await send({ channel: "email", to, subject: "Hello", text: "Secret body text" })
  expect(res.status).toBe(201)
  return res.body.data.ids as Array<string>
}

describe("admin notification outbox over HTTP", () => {
  it("requires a signed-in admin: 401 without a token, 403 for an athlete", async () => {
    for (const path of ["/v2/admin/notifications/outbox", "/v2/admin/notifications/outbox/summary", "/v2/admin/notifications/provider-health"]) {
      expect((await host.http.get(path)).status).toBe(401)
      const denied = await get(path, user)
      expect(denied.status).toBe(403)
      expect(denied.body).toMatchObject({ status: 403, message: "Access Denied", data: null })
    }
    expect((await send({ channel: "sms", to: "+919812345678", text: "x" }, user)).status).toBe(403)
    expect((await post("/v2/admin/notifications/outbox/retry", { ids: ["a"] }, user)).status).toBe(403)
    expect((await post("/v2/admin/notifications/outbox/bulk-redrive", {}, user)).status).toBe(403)
  })

  it("validates the send body per channel and reports every failing field", async () => {
    const bad = await send({ channel: "fax", to: "x" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["channel must be one of the following values: email, sms, push, chatapp"])

    const emails = await send({ channel: "email", to: ["ok@example.com", "not-an-email"], subject: "s", text: "t" })
    expect(emails.status).toBe(400)
    expect(emails.body.message).toEqual(["to.1 must be an email"])

    const phones = await send({ channel: "sms", to: "12345", text: "t" })
    expect(phones.body.message).toEqual(["to must be a valid phone number"])
    const chat = await send({ channel: "chatapp", to: ["+919812345678", "abc"], text: "t" })
    expect(chat.body.message).toEqual(["to.1 must be a valid phone number"])
    const push = await send({ channel: "push", to: "short", subject: "s", text: "t" })
    expect(push.body.message).toEqual(["to must be a device token (8 to 4096 characters, no spaces)"])

    const tooMany = await send({ channel: "email", to: Array.from({ length: 101 }, (_, i) => `u${i}@example.com`), subject: "s", text: "t" })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toEqual(["to must be a recipient or a list of 1 to 100 recipients"])

    const missing = await send({})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.arrayContaining([
      "channel must be one of the following values: email, sms, push, chatapp",
      "to must be a recipient or a list of 1 to 100 recipients"
    ]))

    const noText = await send({ channel: "sms", to: "+919812345678" })
    expect(noText.status).toBe(400)
    expect(noText.body.message).toBe("text should not be empty when no templateId is given")
    const noSubject = await send({ channel: "email", to: "a@example.com", text: "t" })
    expect(noSubject.status).toBe(400)
    expect(noSubject.body.message).toBe("subject should not be empty for email without a templateId")
  })

  it("writes one outbox row per distinct recipient, answers their ids and delivers them through the worker", async () => {
    const res = await send({ channel: "sms", to: ["+91 98123 40001", "+919812340002", "+919812340001"], text: "Race day tomorrow" })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 201, statusText: "CREATED", data: { channel: "sms", count: 2 } })
    const ids = res.body.data.ids as Array<string>
    expect(ids).toHaveLength(2)
    const rows = await host.run(Effect.forEach(ids, (id) => Effect.orDie(Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(id as Notifications.OutboxId)))))
    expect(rows.map((r) => r.recipient)).toEqual(["+919812340001", "+919812340002"])
    expect(rows.every((r) => r.status === "PENDING" && r.producer?.startsWith("admin.send:"))).toBe(true)

    await drainOnce(host)
    expect(await statusOf(ids[0]!)).toBe("SENT")
    expect(host.deliveries.to("+919812340002").at(-1)?.message).toMatchObject({ body: "Race day tomorrow" })
  })

  it("checks a template when it is used: unknown → 404, missing variables → 400, else rendered at delivery", async () => {
    await host.run(Effect.flatMap(Notifications.TemplateRepo, (t) =>
      t.upsert({ channel: "EMAIL", key: "race-reminder", subject: "{{event}} reminder", body: "Hi {{name}}, {{event}} starts soon", variables: ["name", "event"], category: null })))
    const unknown = await send({ channel: "email", to: "runner@example.com", templateId: "nope" })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: "TEMPLATE_NOT_FOUND", data: null })
    const partial = await send({ channel: "email", to: "runner@example.com", templateId: "race-reminder", variables: { name: "Asha" } })
    expect(partial.status).toBe(400)
    expect(partial.body).toMatchObject({ code: "TEMPLATE_VARIABLES_MISSING" })
    expect(partial.body.message).toContain("event")
    const wrongChannel = await send({ channel: "sms", to: "+919812340003", templateId: "race-reminder", variables: { name: "A", event: "B" } })
    expect(wrongChannel.status).toBe(404)

    const ok = await send({ channel: "email", to: "Runner@Example.com", templateId: "race-reminder", variables: { name: "Asha", event: "City 10K" } })
    expect(ok.status).toBe(201)
    await drainOnce(host)
    expect(host.deliveries.to("runner@example.com").at(-1)?.message).toMatchObject({
      subject: "City 10K reminder",
      text: "Hi Asha, City 10K starts soon"
    })
  })

  it("lists fixed-shape previews with a masked recipient and never the body; filters and pages", async () => {
    await drainOnce(host)
    const from = await now()
    const ids = await sendEmails(["list1@example.com", "list2@example.com", "list3@example.com"])
    const res = await get(`/v2/admin/notifications/outbox?channel=email&status=PENDING&from=${encodeURIComponent(from)}&limit=2&page=1`)
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data).toMatchObject({ total: 3, page: 1, limit: 2, pageCount: 2 })
    expect(data.items).toHaveLength(2)
    expect(Object.keys(data.items[0]).sort()).toEqual([
      "attempts", "category", "channel", "createdAt", "id", "lastError", "maxAttempts", "nextAttemptAt", "producer", "recipient",
      "sentAt", "skipReason", "status", "templateKey"
    ])
    expect(res.text).not.toContain("Secret body text")
    expect(res.text).not.toContain("list3@example.com")
    expect(data.items[0]).toMatchObject({ channel: "email", status: "PENDING", recipient: "li***@example.com", attempts: 0, lastError: null })
    const page2 = await get(`/v2/admin/notifications/outbox?channel=email&status=PENDING&from=${encodeURIComponent(from)}&limit=2&page=2`)
    const seen = [...data.items, ...page2.body.data.items].map((i: { id: string }) => i.id)
    expect(seen.sort()).toEqual([...ids].sort())

    const future = await get(`/v2/admin/notifications/outbox?to=${encodeURIComponent(from)}&channel=email&status=PENDING`)
    expect(future.body.data.items.map((i: { id: string }) => i.id)).not.toContain(ids[0])

    const invalid = await get("/v2/admin/notifications/outbox?status=LOST&channel=fax&from=yesterday&limit=500")
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(expect.arrayContaining([
      "status must be one of the following values: PENDING, PROCESSING, SENT, FAILED, DEAD",
      "channel must be one of the following values: email, sms, push, chatapp",
      "from must be a valid ISO 8601 date string",
      "limit must be an integer between 1 and 100"
    ]))
    await drainOnce(host)
  })

  it("retries one DEAD row to PENDING (attempts reset, error cleared); SENT, PROCESSING and PENDING answer 409; unknown 404", async () => {
    const [dead] = await deadEmails(["dead1@example.com"])
    const [sent] = await sentEmails(["sent1@example.com"])

    const ok = await post(`/v2/admin/notifications/outbox/${dead}/retry`)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ id: dead, status: "PENDING", attempts: 0, lastError: null })

    const again = await post(`/v2/admin/notifications/outbox/${dead}/retry`)
    expect(again.status).toBe(409)
    const conflict = await post(`/v2/admin/notifications/outbox/${sent}/retry`)
    expect(conflict.status).toBe(409)
    expect(conflict.body).toMatchObject({ status: 409, statusText: "CONFLICT", code: "OUTBOX_RETRY_CONFLICT", data: null })
    expect(conflict.body.message).toContain("SENT")

    const [processing] = await sendEmails(["processing1@example.com"])
    await host.run(Effect.flatMap(Notifications.OutboxRepo, (o) => o.claim({ workerId: "stuck", limit: 100, leaseMs: 600_000 })))
    expect(await statusOf(processing!)).toBe("PROCESSING")
    const busy = await post(`/v2/admin/notifications/outbox/${processing}/retry`)
    expect(busy.status).toBe(409)
    expect(busy.body.message).toContain("PROCESSING")

    expect((await post("/v2/admin/notifications/outbox/00000000-0000-4000-8000-000000000000/retry")).status).toBe(404)
    expect((await post("/v2/admin/notifications/outbox/not-a-uuid/retry")).status).toBe(404)
  })

  it("lets only one of two concurrent retries of the same DEAD row win", async () => {
    const [dead] = await deadEmails(["race1@example.com"])
    const answers = await Promise.all([1, 2, 3].map(() => post(`/v2/admin/notifications/outbox/${dead}/retry`)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
  })

  it("retries by ids with one outcome per id and partial success; over 100 ids is a 400", async () => {
    const [a, b] = await deadEmails(["ids1@example.com", "ids2@example.com"])
    const [c] = await sentEmails(["ids3@example.com"])
    const sentId = c!
    const missing = "00000000-0000-4000-8000-00000000abcd"
    const res = await post("/v2/admin/notifications/outbox/retry", { ids: [a, b, c, missing, a] })
    expect(res.status).toBe(200)
    const results = res.body.data.results as Array<{ id: string; outcome: string; statusCode: number; code?: string }>
    expect(results.map((r) => r.id)).toEqual([a, b, c, missing])
    expect(res.body.data).toMatchObject({ retried: 2, failed: 2 })
    expect(results.find((r) => r.id === sentId)).toMatchObject({ outcome: "CONFLICT", statusCode: 409, code: "OUTBOX_RETRY_CONFLICT", status: "SENT" })
    expect(results.find((r) => r.id === missing)).toMatchObject({ outcome: "NOT_FOUND", statusCode: 404 })
    expect(results.filter((r) => r.outcome === "RETRIED").every((r) => r.statusCode === 200)).toBe(true)

    const over = await post("/v2/admin/notifications/outbox/retry", { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) })
    expect(over.status).toBe(400)
    expect(over.body.message).toEqual(["ids must contain between 1 and 100 elements"])
    expect((await post("/v2/admin/notifications/outbox/retry", { ids: [] })).status).toBe(400)
    expect((await post("/v2/admin/notifications/outbox/retry", {})).status).toBe(400)
    await drainOnce(host)
  })

  it("bulk-redrives by filter: a dry run by default, then for real; only DEAD or FAILED statuses", async () => {
    await drainOnce(host)
    const from = await now()
    const ids = await deadEmails(["bulk1@example.com", "bulk2@example.com"])
    const filter = { channel: "email", status: "DEAD", from }
    const dry = await post("/v2/admin/notifications/outbox/bulk-redrive", filter)
    expect(dry.status).toBe(200)
    expect(dry.body.data).toEqual({ dryRun: true, matched: 2, redriven: 0 })
    expect(await statusOf(ids[0]!)).toBe("DEAD")

    const sms = await post("/v2/admin/notifications/outbox/bulk-redrive", { ...filter, channel: "sms", dryRun: false })
    expect(sms.body.data).toEqual({ dryRun: false, matched: 0, redriven: 0 })

    const real = await post("/v2/admin/notifications/outbox/bulk-redrive", { ...filter, dryRun: false })
    expect(real.body.data).toEqual({ dryRun: false, matched: 2, redriven: 2 })
    expect(await Promise.all(ids.map(statusOf))).toEqual(["PENDING", "PENDING"])

    const invalid = await post("/v2/admin/notifications/outbox/bulk-redrive", { status: "SENT", dryRun: "yes", to: "soon" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(expect.arrayContaining([
      "status must be one of the following values: DEAD, FAILED",
      "dryRun must be a boolean value",
      "to must be a valid ISO 8601 date string"
    ]))
    await drainOnce(host)
  })

  it("summarises counts by status and channel, oldest-pending age, dead count and the last 10 failures", async () => {
    const ids = await deadEmails(Array.from({ length: 12 }, (_, i) => `sum${i}@example.com`))
    const [pending] = await sendEmails(["waiting@example.com"])
    await new Promise((r) => setTimeout(r, 20))
    const res = await get("/v2/admin/notifications/outbox/summary")
    expect(res.status).toBe(200)
    const s = res.body.data
    expect(Object.keys(s.byChannel).sort()).toEqual(["chatapp", "email", "push", "sms"])
    expect(s.byStatus.DEAD).toBeGreaterThanOrEqual(12)
    expect(s.deadCount).toBe(s.byStatus.DEAD)
    expect(s.byChannel.email.DEAD).toBe(s.byStatus.DEAD)
    expect(s.total).toBe(Object.values(s.byStatus as Record<string, number>).reduce((a, b) => a + b, 0))
    expect(s.oldestPendingAgeMs).toBeGreaterThanOrEqual(0)
    expect(s.lastFailures).toHaveLength(10)
    expect(ids).toEqual(expect.arrayContaining(s.lastFailures.map((f: { id: string }) => f.id)))
    expect(s.lastFailures[0]).toMatchObject({ status: "DEAD", channel: "email" })
    expect(res.text).not.toContain("Secret body text")
    expect(pending).toBeDefined()
    await drainOnce(host)
  })

  it("reports provider health and pipeline readiness from configuration, without calling providers", async () => {
    const health = await get("/v2/admin/notifications/provider-health")
    expect(health.status).toBe(200)
    expect(health.body.data).toMatchObject({ status: "ok", webhookSigningConfigured: false })
    expect(health.body.data.providers.map((p: { channel: string; kind: string; configured: boolean }) => [p.channel, p.kind, p.configured])).toEqual([
      ["email", "local", true],
      ["sms", "local", true],
      ["push", "local", true],
      ["chatapp", "local", true]
    ])
    const ready = await get("/v2/admin/notifications/pipeline-readiness")
    expect(ready.status).toBe(200)
    const data = ready.body.data
    expect(data.ready).toBe(true)
    expect(data.channels.find((c: { channel: string }) => c.channel === "email")).toMatchObject({
      ready: true,
      provider: "local",
      kind: "local",
      activeTemplates: 1,
      maxAttempts: 5,
      issues: ["local recorder: messages are recorded, not delivered"]
    })
    expect(Object.keys(data.outbox).sort()).toEqual(["dead", "failed", "oldestPendingAgeMs", "pending", "processing"])
    expect(data.webhookSigningConfigured).toBe(false)
    expect(typeof data.deliveryWorker).toBe("string")
  })
})
