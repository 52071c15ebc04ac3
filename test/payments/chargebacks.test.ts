/**
 * Chargebacks through the real host: the gateway's dispute webhooks (signed, through the public
 * payment-gateway callback and the inbox) create the case once, linked to the order and what it
 * paid for, and refresh it only from newer deliveries; admins holding payments.disputes list, read,
 * draft, add evidence, submit, mark won/lost/expired, cancel and resolve, with the spec's 400
 * wording, 409 codes, audit rows and concurrent moves where exactly one wins.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { adminWith, control, ingest, newOrder, paidWebhook } from "./support.js"

const host = realHostOf(import.meta.url)
let disputes: Record<string, string>
let inbox: Record<string, string>
beforeAll(async () => {
  disputes = (await adminWith(host, ["payments.disputes"])).headers
  inbox = (await adminWith(host, ["payments.manage"])).headers
}, 60_000)

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = disputes) => host.http.request(method, path, body, headers)
const WebhookPath = "/v2/editions/webhooks/payment-gateway"
const defend = (id: string, action = "") => `/v2/admin/chargebacks/defend/${id}${action === "" ? "" : `/${action}`}`
const unique = () => Math.random().toString(36).slice(2, 10)
const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)

interface Dispute {
  readonly caseId: string
  readonly paymentId: string
  readonly orderId: string | null
  readonly amount: number
}

/** A signed Razorpay dispute delivery (the payment entity carries the order id, as Razorpay sends it). */
const disputeDelivery = (event: string, d: Dispute, options: { readonly status?: string; readonly respondBy?: Date; readonly at?: Date; readonly eventId?: string } = {}) => {
  const at = options.at ?? new Date()
  const body = {
    entity: "event",
    event,
    contains: ["payment", "dispute"],
    created_at: seconds(at),
    payload: {
      payment: { entity: { id: d.paymentId, order_id: d.orderId, amount: d.amount, currency: "INR", status: "captured", method: "card" } },
      dispute: {
        entity: {
          id: d.caseId,
          entity: "dispute",
          payment_id: d.paymentId,
          amount: d.amount,
          currency: "INR",
          reason_code: "goods_not_received",
          reason_description: "Customer says the entry was never confirmed",
          respond_by: seconds(options.respondBy ?? inDays(7)),
          status: options.status ?? "open",
          phase: "chargeback",
          created_at: seconds(at)
        }
      }
    }
  }
  const rawBody = JSON.stringify(body)
  return { rawBody, headers: { "x-razorpay-signature": control(host).signWebhook(rawBody), "x-razorpay-event-id": options.eventId ?? `evt_${unique()}` } }
}

const deliver = (delivery: { rawBody: string; headers: Record<string, string> }) => send("POST", WebhookPath, delivery.rawBody, delivery.headers)

/** A captured payment of an order the platform created (recorded through the inbox), disputed by the gateway. */
const paidOrder = async () => {
  const { order } = await newOrder(host, { purpose: "edition_entry", amount: 150_000 })
  const hook = await paidWebhook(host, order.gatewayOrderId)
  await ingest(host, hook.rawBody, hook.signature, hook.eventId)
  return { order, paymentId: hook.paymentId }
}

/** A case created through the webhook; answers its id and the dispute. */
const newCase = async (options: { readonly respondBy?: Date } = {}) => {
  const { order, paymentId } = await paidOrder()
  const d: Dispute = { caseId: `disp_${unique()}`, paymentId, orderId: order.gatewayOrderId, amount: 150_000 }
  const res = await deliver(disputeDelivery("payment.dispute.created", d, options))
  expect(res.status).toBe(200)
  const list = await send("GET", `/v2/admin/chargebacks/defend?search=${d.caseId}`)
  expect(list.body.data.items).toHaveLength(1)
  return { id: list.body.data.items[0].id as string, dispute: d, order }
}

const Draft = "The athlete checked in at the start line at 06:02 and finished the race; timing records attached."

/** A case with a draft and two evidence items, submitted. */
const submittedCase = async () => {
  const c = await newCase()
  await send("PUT", defend(c.id, "defense-draft"), { draft: Draft })
  await send("POST", defend(c.id, "evidence"), { kind: "PROOF_OF_SERVICE", fileUrl: "https://files.example.com/timing.pdf" })
  await send("POST", defend(c.id, "evidence"), { kind: "CUSTOMER_COMMUNICATION", description: "E-mail confirming the entry, sent 2 March" })
  const submitted = await send("POST", defend(c.id, "submit-defense"))
  expect(submitted.status).toBe(201)
  return c
}

const auditActions = async (id: string) =>
  (await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: id, limit: 50 })))).map((r) => r.action)

describe("who may work chargebacks", () => {
  it("needs a token and an admin holding payments.disputes", async () => {
    const athlete = await newAthlete(host)
    const id = crypto.randomUUID()
    const calls: ReadonlyArray<readonly [string, string, unknown]> = [
      ["GET", "/v2/admin/chargebacks", undefined],
      ["POST", `/v2/admin/chargebacks/${id}/resolve`, { outcome: "ACCEPTED", reason: "Not worth defending" }],
      ["GET", "/v2/admin/chargebacks/defend", undefined],
      ["GET", `/v2/admin/chargebacks/defend/${id}`, undefined],
      ["POST", `/v2/admin/chargebacks/defend/${id}/cancel`, undefined],
      ["PUT", `/v2/admin/chargebacks/defend/${id}/defense-draft`, { draft: "x" }],
      ["POST", `/v2/admin/chargebacks/defend/${id}/evidence`, { kind: "OTHER", description: "x" }],
      ["POST", `/v2/admin/chargebacks/defend/${id}/mark-expired`, undefined],
      ["POST", `/v2/admin/chargebacks/defend/${id}/mark-lost`, { reason: "The bank sided with the cardholder" }],
      ["POST", `/v2/admin/chargebacks/defend/${id}/mark-won`, { reason: "The bank sided with us" }],
      ["POST", `/v2/admin/chargebacks/defend/${id}/submit-defense`, undefined]
    ]
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, athlete.headers)).status).toBe(403)
      expect((await send(method, path, body, inbox)).status).toBe(403)
      expect((await send(method, path, body)).status).toBe(method === "GET" && !path.includes(id) ? 200 : 404)
    }
  })
})

describe("dispute webhooks", () => {
  it("a signed payment.dispute.created creates one OPEN case linked to the order and what it paid for; a redelivery and a replay change nothing", async () => {
    const { order, paymentId } = await paidOrder()
    const d: Dispute = { caseId: `disp_${unique()}`, paymentId, orderId: order.gatewayOrderId, amount: 150_000 }
    const delivery = disputeDelivery("payment.dispute.created", d)
    expect((await send("POST", WebhookPath, delivery.rawBody, {})).status).toBe(401)
    expect((await send("POST", WebhookPath, delivery.rawBody, { ...delivery.headers, "x-razorpay-signature": "0".repeat(64) })).status).toBe(401)
    const first = await deliver(delivery)
    expect(first.body.data).toMatchObject({ status: "PROCESSED", duplicate: false })
    expect((await deliver(delivery)).body.data).toMatchObject({ id: first.body.data.id, duplicate: true })
    const replay = await send("POST", `/v2/admin/webhook-events/${first.body.data.id}/replay`, undefined, inbox)
    expect(replay.body.data).toMatchObject({ status: "PROCESSED", processedBy: expect.arrayContaining(["payments.chargebacks"]) })

    const list = await send("GET", `/v2/admin/chargebacks?purpose=edition_entry&limit=100`)
    const mine = list.body.data.items.filter((c: { gatewayCaseId: string }) => c.gatewayCaseId === d.caseId)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      provider: "local", gatewayPaymentId: paymentId, gatewayOrderId: order.gatewayOrderId, orderId: order.id,
      purpose: "edition_entry", ownerRef: order.ownerRef, amount: 150_000, currency: "INR", reasonCode: "goods_not_received",
      phase: "chargeback", gatewayStatus: "open", defendStatus: "OPEN", gatewaySubmissionStatus: "NOT_SUBMITTED", evidenceCount: 0, defenseDraft: ""
    })
    expect(mine[0].paymentId).not.toBeNull()
    expect(await auditActions(mine[0].id)).toEqual(["chargeback.received"])
  })

  it("concurrent deliveries of the same dispute under different event ids make one case", async () => {
    const { order, paymentId } = await paidOrder()
    const d: Dispute = { caseId: `disp_${unique()}`, paymentId, orderId: order.gatewayOrderId, amount: 150_000 }
    const at = new Date()
    const answers = await Promise.all(Array.from({ length: 4 }, () => deliver(disputeDelivery("payment.dispute.created", d, { at }))))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const list = await send("GET", `/v2/admin/chargebacks/defend?search=${d.caseId}`)
    expect(list.body.data.total).toBe(1)
    expect(await auditActions(list.body.data.items[0].id)).toEqual(["chargeback.received"])
  })

  it("later gateway facts refresh the case, an older delivery does not undo them, and a dispute on an unknown payment is recorded unlinked", async () => {
    const c = await newCase()
    const later = new Date(Date.now() + 60_000)
    expect((await deliver(disputeDelivery("payment.dispute.won", c.dispute, { status: "won", at: later }))).body.data.status).toBe("PROCESSED")
    expect((await deliver(disputeDelivery("payment.dispute.under_review", c.dispute, { status: "under_review", at: new Date(Date.now() - 60_000) }))).body.data.status).toBe("PROCESSED")
    const detail = await send("GET", defend(c.id))
    expect(detail.body.data).toMatchObject({ gatewayStatus: "won", defendStatus: "OPEN" })

    const stranger: Dispute = { caseId: `disp_${unique()}`, paymentId: `pay_${unique()}`, orderId: null, amount: 5_000 }
    expect((await deliver(disputeDelivery("payment.dispute.created", stranger))).body.data.status).toBe("PROCESSED")
    const found = await send("GET", `/v2/admin/chargebacks/defend?search=${stranger.caseId.toUpperCase()}`)
    expect(found.body.data.items[0]).toMatchObject({ gatewayPaymentId: stranger.paymentId, orderId: null, purpose: null, amount: 5_000 })
  })

  it("a dispute event without a dispute entity fails in the inbox with the processor's message", async () => {
    const rawBody = JSON.stringify({ entity: "event", event: "payment.dispute.created", payload: { payment: { entity: { id: `pay_${unique()}` } } } })
    const res = await send("POST", WebhookPath, rawBody, { "x-razorpay-signature": control(host).signWebhook(rawBody), "x-razorpay-event-id": `evt_${unique()}` })
    expect(res.body.data.status).toBe("FAILED")
    const row = await send("GET", `/v2/admin/webhook-events/${res.body.data.id}`, undefined, inbox)
    expect(row.body.data.lastError).toBe("payments.chargebacks: event carries no dispute entity")
  })
})

describe("defending a chargeback", () => {
  it("autosaves the draft, adds evidence, submits for a manual gateway upload and records the verdict", async () => {
    const c = await newCase()
    const draft = await send("PUT", defend(c.id, "defense-draft"), { draft: "First lines" })
    expect(draft.status).toBe(200)
    expect(draft.body.data).toMatchObject({ defendStatus: "DRAFT", defenseDraft: "First lines" })
    expect((await send("PUT", defend(c.id, "defense-draft"), { draft: Draft })).body.data.defenseDraft).toBe(Draft)
    const file = await send("POST", defend(c.id, "evidence"), { kind: "PROOF_OF_SERVICE", fileUrl: "https://files.example.com/timing.pdf" })
    expect(file.status).toBe(201)
    expect(file.body.data).toMatchObject({ chargebackId: c.id, kind: "PROOF_OF_SERVICE", fileUrl: "https://files.example.com/timing.pdf", description: null })
    await send("POST", defend(c.id, "evidence"), { kind: "CUSTOMER_COMMUNICATION", description: "Confirmation e-mail of the entry" })
    const detail = await send("GET", defend(c.id))
    expect(detail.body.data).toMatchObject({ evidenceCount: 2, evidence: [{ kind: "PROOF_OF_SERVICE" }, { kind: "CUSTOMER_COMMUNICATION", fileUrl: null }] })

    const submitted = await send("POST", defend(c.id, "submit-defense"))
    expect(submitted.status).toBe(201)
    expect(submitted.body.data).toMatchObject({ defendStatus: "SUBMITTED", gatewaySubmissionStatus: "MANUAL_GATEWAY_UPLOAD_REQUIRED" })
    expect(submitted.body.data.submittedAt).not.toBeNull()
    const locked = await send("PUT", defend(c.id, "defense-draft"), { draft: "too late" })
    expect(locked.status).toBe(409)
    expect(locked.body.code).toBe("CHARGEBACK_STATE_CONFLICT")

    const won = await send("POST", defend(c.id, "mark-won"), { reason: "Issuer accepted the timing records" })
    expect(won.body.data).toMatchObject({ defendStatus: "WON", resolutionReason: "Issuer accepted the timing records" })
    expect(won.body.data.resolvedBy).not.toBeNull()
    expect(won.body.data.resolvedAt).not.toBeNull()
    const lost = await send("POST", defend(c.id, "mark-lost"), { reason: "Second thoughts about it" })
    expect(lost.status).toBe(409)
    expect(lost.body.code).toBe("CHARGEBACK_STATE_CONFLICT")
    expect(await auditActions(c.id)).toEqual(expect.arrayContaining([
      "chargeback.received", "chargeback.defense_draft_saved", "chargeback.evidence_added", "chargeback.defense_submitted", "chargeback.won"
    ]))
  })

  it("refuses a submission without 2 evidence items and a 40-character draft, and mark-won/lost before submission", async () => {
    const c = await newCase()
    await send("PUT", defend(c.id, "defense-draft"), { draft: "Too short to defend anything" })
    await send("POST", defend(c.id, "evidence"), { kind: "OTHER", description: "One item only" })
    const early = await send("POST", defend(c.id, "submit-defense"))
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("CHARGEBACK_DEFENSE_INCOMPLETE")
    await send("POST", defend(c.id, "evidence"), { kind: "OTHER", description: "Second item" })
    expect((await send("POST", defend(c.id, "submit-defense"))).body.code).toBe("CHARGEBACK_DEFENSE_INCOMPLETE")
    await send("PUT", defend(c.id, "defense-draft"), { draft: Draft })
    const notYet = await send("POST", defend(c.id, "mark-lost"), { reason: "The issuer decided against us" })
    expect(notYet.status).toBe(409)
    expect(notYet.body.code).toBe("CHARGEBACK_STATE_CONFLICT")
    expect((await send("POST", defend(c.id, "submit-defense"))).body.data.defendStatus).toBe("SUBMITTED")
    expect((await send("POST", defend(c.id, "mark-lost"), { reason: "The issuer decided against us" })).body.data.defendStatus).toBe("LOST")
  })

  it("marks a case expired only once the gateway deadline passed, and never a submitted one", async () => {
    const open = await newCase({ respondBy: inDays(3) })
    const early = await send("POST", defend(open.id, "mark-expired"))
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("CHARGEBACK_DEADLINE_NOT_PASSED")
    const late = await newCase({ respondBy: inDays(-1) })
    const expired = await send("POST", defend(late.id, "mark-expired"))
    expect(expired.status).toBe(201)
    expect(expired.body.data).toMatchObject({ defendStatus: "EXPIRED" })
    expect(expired.body.data.resolvedAt).not.toBeNull()
    expect((await send("POST", defend(late.id, "evidence"), { kind: "OTHER", description: "after the end" })).body.code).toBe("CHARGEBACK_STATE_CONFLICT")
    const submitted = await submittedCase()
    expect((await send("POST", defend(submitted.id, "mark-expired"))).body.code).toBe("CHARGEBACK_STATE_CONFLICT")
  })

  it("cancels any live case once", async () => {
    const submitted = await submittedCase()
    const cancelled = await send("POST", defend(submitted.id, "cancel"))
    expect(cancelled.status).toBe(201)
    expect(cancelled.body.data.defendStatus).toBe("CANCELLED")
    const again = await send("POST", defend(submitted.id, "cancel"))
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CHARGEBACK_STATE_CONFLICT")
    expect(await auditActions(submitted.id)).toContain("chargeback.cancelled")
  })

  it("resolves a case: conceded while open, won after submission; conceding a submitted defence is refused", async () => {
    const open = await newCase()
    const accepted = await send("POST", `/v2/admin/chargebacks/${open.id}/resolve`, { outcome: "ACCEPTED", reason: "Amount below the cost of defending" })
    expect(accepted.status).toBe(201)
    expect(accepted.body.data).toMatchObject({ defendStatus: "ACCEPTED", resolutionReason: "Amount below the cost of defending" })
    const submitted = await submittedCase()
    const concede = await send("POST", `/v2/admin/chargebacks/${submitted.id}/resolve`, { outcome: "ACCEPTED", reason: "Changed our mind about it" })
    expect(concede.status).toBe(409)
    expect(concede.body.code).toBe("CHARGEBACK_STATE_CONFLICT")
    expect((await send("POST", `/v2/admin/chargebacks/${submitted.id}/resolve`, { outcome: "WON", reason: "Gateway reported the case won" })).body.data.defendStatus).toBe("WON")
    expect(await auditActions(submitted.id)).toContain("chargeback.resolved")
  })

  it("answers unknown cases with 404 CHARGEBACK_NOT_FOUND", async () => {
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const res = await send("GET", defend(id))
      expect(res.status).toBe(404)
      expect(res.body.code).toBe("CHARGEBACK_NOT_FOUND")
    }
    expect((await send("POST", `/v2/admin/chargebacks/${crypto.randomUUID()}/resolve`, { outcome: "WON", reason: "Gateway reported it won" })).status).toBe(404)
  })
})

describe("input wording", () => {
  it("answers bad bodies and filters in the spec's wording", async () => {
    const c = await newCase()
    const cases: ReadonlyArray<readonly [string, string, unknown, ReadonlyArray<string>]> = [
      ["PUT", defend(c.id, "defense-draft"), { draft: "x".repeat(4001) }, ["draft must be shorter than or equal to 4000 characters"]],
      ["POST", defend(c.id, "evidence"), { kind: "SELFIE", description: "x" }, [
        "kind must be one of the following values: SHIPPING_PROOF, BILLING_PROOF, CANCELLATION_PROOF, CUSTOMER_COMMUNICATION, PROOF_OF_SERVICE, EXPLANATION_LETTER, REFUND_CONFIRMATION, ACCESS_ACTIVITY_LOG, REFUND_CANCELLATION_POLICY, TERMS_AND_CONDITIONS, OTHER"
      ]],
      ["POST", defend(c.id, "evidence"), { kind: "OTHER", fileUrl: "/files/timing.pdf" }, ["fileUrl must be an absolute http(s) URL"]],
      ["POST", defend(c.id, "evidence"), { kind: "OTHER", fileUrl: "ftp://files.example.com/a.pdf" }, ["fileUrl must be an absolute http(s) URL"]],
      ["POST", defend(c.id, "evidence"), { kind: "OTHER" }, ["fileUrl or description is required"]],
      ["POST", defend(c.id, "mark-won"), { reason: "short" }, ["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"]],
      ["POST", `/v2/admin/chargebacks/${c.id}/resolve`, { outcome: "MAYBE", reason: "Gateway says so, really" }, ["outcome must be one of the following values: WON, LOST, ACCEPTED"]],
      ["GET", "/v2/admin/chargebacks/defend?fromDate=yesterday", undefined, ["fromDate must be a valid ISO 8601 date string"]],
      ["GET", "/v2/admin/chargebacks/defend?defendStatus=PENDING", undefined, ["defendStatus must be one of the following values: OPEN, DRAFT, SUBMITTED, WON, LOST, EXPIRED, CANCELLED, ACCEPTED"]],
      ["GET", "/v2/admin/chargebacks/defend?fromDate=2026-03-02&toDate=2026-03-01", undefined, ["fromDate must not be after toDate"]]
    ]
    for (const [method, path, body, messages] of cases) {
      const res = await send(method, path, body)
      expect(res.status, path).toBe(400)
      expect(res.body.message, path).toEqual(messages)
    }
    expect((await send("PUT", defend(c.id, "defense-draft"), { draft: "x".repeat(4000) })).status).toBe(200)
  })
})

describe("the defend list", () => {
  it("filters by defendStatus, case id and received dates, and pages", async () => {
    const a = await newCase()
    const b = await newCase()
    await send("PUT", defend(b.id, "defense-draft"), { draft: "started" })
    const drafts = await send("GET", "/v2/admin/chargebacks/defend?defendStatus=DRAFT&limit=100")
    expect(drafts.body.data.items.map((c: { id: string }) => c.id)).toContain(b.id)
    expect(drafts.body.data.items.map((c: { id: string }) => c.id)).not.toContain(a.id)
    const today = new Date().toISOString().slice(0, 10)
    const dated = await send("GET", `/v2/admin/chargebacks/defend?search=${a.dispute.caseId.slice(5)}&fromDate=${today}&toDate=${today}`)
    expect(dated.body.data.items.map((c: { id: string }) => c.id)).toEqual([a.id])
    const future = await send("GET", `/v2/admin/chargebacks/defend?search=${a.dispute.caseId}&fromDate=${inDays(1).toISOString()}`)
    expect(future.body.data.total).toBe(0)
    const page = await send("GET", "/v2/admin/chargebacks/defend?limit=1&page=2")
    expect(page.body.data).toMatchObject({ page: 2, limit: 1 })
    expect(page.body.data.items).toHaveLength(1)
    expect(page.body.data.total).toBeGreaterThanOrEqual(2)
  })
})

describe("concurrent moves", () => {
  it("of mark-won and mark-lost on a submitted case exactly one wins, the other is 409", async () => {
    const c = await submittedCase()
    const [won, lost] = await Promise.all([
      send("POST", defend(c.id, "mark-won"), { reason: "Issuer accepted our evidence" }),
      send("POST", defend(c.id, "mark-lost"), { reason: "Issuer rejected our evidence" })
    ])
    expect([won.status, lost.status].sort()).toEqual([201, 409])
    const loser = won.status === 409 ? won : lost
    expect(loser.body.code).toBe("CHARGEBACK_STATE_CONFLICT")
    const actions = await auditActions(c.id)
    expect(actions.filter((a) => a === "chargeback.won" || a === "chargeback.lost")).toHaveLength(1)
  })

  it("of two submissions one lands; of cancel against submit one lands", async () => {
    const c = await newCase()
    await send("PUT", defend(c.id, "defense-draft"), { draft: Draft })
    await Promise.all([
      send("POST", defend(c.id, "evidence"), { kind: "OTHER", description: "First item" }),
      send("POST", defend(c.id, "evidence"), { kind: "OTHER", description: "Second item" })
    ])
    expect((await send("GET", defend(c.id))).body.data).toMatchObject({ evidenceCount: 2 })
    const answers = await Promise.all([send("POST", defend(c.id, "submit-defense")), send("POST", defend(c.id, "submit-defense"))])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const d = await newCase({ respondBy: inDays(-1) })
    const raced = await Promise.all([send("POST", defend(d.id, "cancel")), send("POST", defend(d.id, "mark-expired"))])
    expect(raced.map((a) => a.status).sort()).toEqual([201, 409])
  })
})
