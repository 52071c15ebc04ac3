/**
 * Organizer promotions and the promotion studio through the real host: the organizer template and
 * promotion-template lists, the recipient CSV upload validated row by row with its report,
 * promotion-send debiting the wallet at the promotion template's price (409 INSUFFICIENT_BALANCE
 * leaves nothing behind; two concurrent sends against a balance for one: exactly one wins), and the
 * studio's estimate / send / history / templates under the workspace's team roles.
 */
import { Accounts, Notifications } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { freshPhone, multipart, newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer
let other: SeededOrganizer
let promotionId: string
let disabledPromotionId: string
let athleteHeaders: Record<string, string>
const athletes: Array<{ id: string; phone: string }> = []
let emailUser: { id: string; email: string }
const missingId = "00000000-0000-4000-8000-000000000000"

const credit = (organizerId: string, amount: number) =>
  host.run(Effect.flatMap(Notifications.NotificationWalletRepo, (r) =>
    r.post({ organizerId, amount, reason: "seed", counterAccount: Notifications.CounterAccounts.adjustment, idempotencyKey: null })))
const balance = async (organizerId: string) => (await host.run(Effect.flatMap(Notifications.NotificationWalletRepo, (r) => r.summary(organizerId)))).balance
const outboxFor = (organizerId: string) =>
  host.run(Effect.flatMap(Notifications.OutboxRepo, (r) => r.list({ limit: 1000, offset: 0 }))).then((p) =>
    p.items.filter((m) => m.producer?.startsWith(`organizer:${organizerId}:`) === true))

const catalog = (key: string, visibility: "ORGANIZERS" | "PRIVATE") =>
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
      body: "{{event}}: early-bird entries close tonight",
      variables: ["event"]
    })))
const promotion = (name: string, templateKey: string, priceMinor: number, enabled = true) =>
  host.run(Effect.flatMap(Notifications.PromotionTemplateRepo, (r) =>
    r.create({ name, description: null, channel: "SMS", templateKey, priceMinor, currency: "INR", enabled })))

beforeAll(async () => {
  org = await seedOrganizer(host, "Promo Org")
  other = await seedOrganizer(host, "Other Promo Org")
  for (let i = 0; i < 3; i++) {
    const phone = freshPhone()
    const a = await newAthlete(host, phone)
    athletes.push({ id: a.user.id, phone })
    athleteHeaders = a.headers
  }
  const email = `promo-${Date.now()}@example.com`
  emailUser = { id: (await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ email, phoneNumber: freshPhone() })))).id, email }
  await catalog("promo-sms", "PRIVATE")
  await catalog("org-sms", "ORGANIZERS")
  promotionId = (await promotion("Early bird", "promo-sms", 30)).id
  disabledPromotionId = (await promotion("Old promo", "promo-sms", 30, false)).id
}, 60_000)

const request = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const csv = (text: string) => ({ bytes: new TextEncoder().encode(text), name: "recipients.csv", type: "text/csv" })

describe("organizer templates and promotion templates", () => {
  it("lists the channel templates visible to organizers with their price", async () => {
    expect((await host.http.get("/v2/organizer/notifications/templates")).status).toBe(401)
    expect((await request("GET", "/v2/organizer/notifications/templates", undefined, athleteHeaders)).status).toBe(403)
    const list = await request("GET", "/v2/organizer/notifications/templates?channel=sms", undefined, org.viewer.headers)
    expect(list.status).toBe(200)
    expect(list.body.data.map((t: { key: string }) => t.key)).toEqual(["org-sms"])
    expect(list.body.data[0]).toMatchObject({ channel: "sms", priceMinor: 25, currency: "INR", activeVersion: 1, variables: ["event"] })
    expect((await request("GET", "/v2/organizer/notifications/templates?channel=email", undefined, org.viewer.headers)).body.data).toEqual([])
    expect((await request("GET", "/v2/organizer/notifications/templates?channel=fax", undefined, org.viewer.headers)).status).toBe(400)
  })

  it("lists only enabled promotion templates, with content and price", async () => {
    expect((await request("GET", "/v2/organizer/notifications/promotion-templates", undefined, athleteHeaders)).status).toBe(403)
    const list = await request("GET", "/v2/organizer/notifications/promotion-templates", undefined, org.viewer.headers)
    expect(list.status).toBe(200)
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([promotionId])
    expect(list.body.data[0]).toMatchObject({ name: "Early bird", channel: "sms", priceMinor: 30, body: "{{event}}: early-bird entries close tonight", variables: ["event"] })
  })
})

describe("recipient upload", () => {
  it("validates every row and reports accepted, invalid, unknown and duplicate rows", async () => {
    const file = [
      "userId,phone,email",
      `${athletes[0]!.id},,`,
      `,${athletes[1]!.phone},`,
      `,,${emailUser.email.toUpperCase()}`,
      "not-a-uuid,12345,bad-email",
      ",,",
      `${missingId},,`,
      `,${athletes[0]!.phone},`,
      ""
    ].join("\n")
    const up = await multipart(host, "POST", "/v2/organizer/notifications/upload-recipients", { file: csv(file), name: "Spring list" }, org.admin.headers)
    expect(up.status).toBe(201)
    expect(up.body.data).toMatchObject({ name: "Spring list", recipients: 3 })
    const report = up.body.data.report
    expect(report).toMatchObject({ totalRows: 7, accepted: 3, invalid: 2, unknown: 1, duplicates: 1 })
    expect(report.rejected.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([[5, "INVALID"], [6, "INVALID"], [7, "UNKNOWN"], [8, "DUPLICATE"]])
    expect(report.rejected[0].errors).toEqual(["userId must be a UUID", "phone must be an E.164 number (e.g. +919876543210)", "email must be an email address"])
    expect(report.rejected[1].errors).toEqual(["row must give a userId, phone or email"])
    expect(report.rejected[3].errors).toEqual(["same athlete as row 2"])
  })

  it("refuses a file without a recognised header or rows, viewers, and a missing file", async () => {
    const noHeader = await multipart(host, "POST", "/v2/organizer/notifications/upload-recipients", { file: csv("name,city\nA,B\n") }, org.owner.headers)
    expect(noHeader.status).toBe(400)
    expect(noHeader.body.code).toBe("RECIPIENT_FILE_INVALID")
    const empty = await multipart(host, "POST", "/v2/organizer/notifications/upload-recipients", { file: csv("phone\n") }, org.owner.headers)
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe("file must contain at least one recipient row")
    expect((await multipart(host, "POST", "/v2/organizer/notifications/upload-recipients", { file: csv("phone\n+919800000000\n") }, org.viewer.headers)).status).toBe(403)
    expect((await multipart(host, "POST", "/v2/organizer/notifications/upload-recipients", { name: "no file" }, org.owner.headers)).status).toBe(400)
  })
})

describe("promotion-send", () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    promotionTemplateId: promotionId,
    userIds: athletes.map((a) => a.id),
    variables: { event: "Hill 21K" },
    ...extra
  })

  it("refuses when the balance is short (409 INSUFFICIENT_BALANCE) and leaves nothing behind", async () => {
    expect((await request("POST", "/v2/organizer/notifications/promotion-send", body(), org.viewer.headers)).status).toBe(403)
    const short = await request("POST", "/v2/organizer/notifications/promotion-send", body(), org.owner.headers)
    expect(short.status).toBe(409)
    expect(short.body.code).toBe("INSUFFICIENT_BALANCE")
    expect(await outboxFor(org.id)).toEqual([])
    expect((await request("GET", "/v2/organizer/notifications/batches", undefined, org.owner.headers)).body.data.total).toBe(0)
  })

  it("debits the promotion template's price × recipients and queues the rendered messages", async () => {
    await credit(org.id, 100)
    const sent = await request("POST", "/v2/organizer/notifications/promotion-send", body(), org.admin.headers)
    expect(sent.status).toBe(201)
    expect(sent.body.data).toMatchObject({ promotionTemplateId: promotionId, currency: "INR" })
    expect(sent.body.data.batch).toMatchObject({ organizerId: org.id, unitPrice: 30, recipients: 3, cost: 90, status: "QUEUED" })
    expect(await balance(org.id)).toBe(10)
    const rows = await outboxFor(org.id)
    expect(rows).toHaveLength(3)
    expect(rows.every((r) => r.body === "Hill 21K: early-bird entries close tonight" && r.category === "marketing")).toBe(true)
  })

  it("sends to an uploaded recipient list, and only the organizer's own lists", async () => {
    await credit(org.id, 50)
    const up = await multipart(host, "POST", "/v2/organizer/notifications/upload-recipients", { file: csv(`userId\n${athletes[2]!.id}\n`) }, org.owner.headers)
    const listId = up.body.data.id as string
    const sent = await request("POST", "/v2/organizer/notifications/promotion-send", body({ userIds: undefined, recipientListId: listId }), org.owner.headers)
    expect(sent.status).toBe(201)
    expect(sent.body.data.batch).toMatchObject({ recipients: 1, cost: 30 })
    await credit(other.id, 100)
    const foreign = await request("POST", "/v2/organizer/notifications/promotion-send", body({ userIds: undefined, recipientListId: listId }), other.owner.headers)
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe("RECIPIENT_LIST_NOT_FOUND")
  })

  it("validates recipients, the promotion template, its variables and the schedule", async () => {
    const send = (extra: Record<string, unknown>) => request("POST", "/v2/organizer/notifications/promotion-send", body(extra), org.owner.headers)
    const both = await send({ recipientListId: missingId })
    expect(both.status).toBe(400)
    expect(both.body.message).toBe("exactly one of userIds or recipientListId must be given")
    expect((await send({ userIds: undefined })).status).toBe(400)
    const disabled = await send({ promotionTemplateId: disabledPromotionId })
    expect(disabled.status).toBe(404)
    expect(disabled.body.code).toBe("TEMPLATE_NOT_AVAILABLE")
    expect((await send({ promotionTemplateId: missingId })).status).toBe(404)
    const missingVariables = await send({ variables: {} })
    expect(missingVariables.status).toBe(400)
    expect(missingVariables.body.code).toBe("TEMPLATE_VARIABLES_MISSING")
    expect((await send({ scheduledAt: "2020-01-01T00:00:00Z" })).status).toBe(400)
    const malformed = await request("POST", "/v2/organizer/notifications/promotion-send", { promotionTemplateId: "x", userIds: [] }, org.owner.headers)
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toHaveLength(2)
  })

  it("two concurrent sends against a balance for one: exactly one wins", async () => {
    const race = await seedOrganizer(host, "Race Org")
    await credit(race.id, 90)
    const results = await Promise.all([0, 1].map(() =>
      request("POST", "/v2/organizer/notifications/promotion-send", body(), race.owner.headers)))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect(await balance(race.id)).toBe(0)
    expect(await outboxFor(race.id)).toHaveLength(3)
  })
})

describe("promotion studio", () => {
  const studio = (path: string) => `/v2/promotion-studio/organizer/${org.id}${path}`
  const body = () => ({ promotionTemplateId: promotionId, userIds: athletes.map((a) => a.id), variables: { event: "Trail 50" } })

  it("estimates audience, cost, balance and quota without sending", async () => {
    await credit(org.id, 1_000)
    const before = (await outboxFor(org.id)).length
    const estimate = await request("POST", studio("/estimate"), { ...body(), variables: {} }, org.admin.headers)
    expect(estimate.status).toBe(201)
    expect(estimate.body.data).toMatchObject({
      promotionTemplateId: promotionId,
      channel: "sms",
      unitPrice: 30,
      cost: 90,
      sufficientBalance: true,
      withinQuota: true,
      missingVariables: ["event"]
    })
    expect(estimate.body.data.audience).toMatchObject({ requested: 3, eligible: 3 })
    expect((await outboxFor(org.id)).length).toBe(before)
  })

  it("sends from the workspace and shows it in the history; templates list the enabled promotions", async () => {
    const sent = await request("POST", studio("/send"), body(), org.owner.headers)
    expect(sent.status).toBe(201)
    expect(sent.body.data.batch).toMatchObject({ organizerId: org.id, unitPrice: 30, recipients: 3 })
    const history = await request("GET", `${studio("/history")}?limit=50`, undefined, org.viewer.headers)
    expect(history.status).toBe(200)
    expect(history.body.data.items[0].id).toBe(sent.body.data.batch.id)
    expect(history.body.data).toMatchObject({ page: 1, limit: 50 })
    const templates = await request("GET", studio("/templates"), undefined, org.viewer.headers)
    expect(templates.status).toBe(200)
    expect(templates.body.data.map((t: { id: string }) => t.id)).toEqual([promotionId])
  })

  it("guards the workspace: outsiders 403, viewers read only, unknown workspace types 400", async () => {
    expect((await host.http.request("POST", studio("/estimate"), body)).status).toBe(401)
    expect((await request("POST", studio("/estimate"), body(), other.owner.headers)).status).toBe(403)
    expect((await request("GET", studio("/history"), undefined, athleteHeaders)).status).toBe(403)
    expect((await request("POST", studio("/send"), body(), org.viewer.headers)).status).toBe(403)
    expect((await request("GET", studio("/templates"), undefined, other.viewer.headers)).status).toBe(403)
    const unknownOrganizer = await request("POST", `/v2/promotion-studio/organizer/${missingId}/estimate`, body(), org.owner.headers)
    expect(unknownOrganizer.status).toBe(403)
    const badId = await request("GET", "/v2/promotion-studio/organizer/not-a-uuid/templates", undefined, org.owner.headers)
    expect(badId.status).toBe(400)
    const badType = await request("GET", `/v2/promotion-studio/club/${org.id}/history`, undefined, org.owner.headers)
    expect(badType.status).toBe(400)
    const short = await seedOrganizer(host, "Short Org")
    const refused = await request("POST", `/v2/promotion-studio/organizer/${short.id}/send`, body(), short.owner.headers)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("INSUFFICIENT_BALANCE")
  })
})
