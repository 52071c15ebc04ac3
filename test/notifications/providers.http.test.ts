/**
 * The channel HTTP adapters against a local node:http server: request shape, auth header,
 * idempotency header, and the mapping of answers (2xx accepted, 4xx refused for good, 429/5xx and
 * timeouts retryable).
 */
import { assert, describe, it } from "@effect/vitest"
import { Notifications } from "@podium/core"
import { makeChatSenderHttp, makeEmailSenderHttp, makePushSenderHttp, makeSmsSenderHttp, signPayload, verifyHmacSignature } from "@podium/providers"
import { Effect } from "effect"
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll } from "vitest"

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** A provider stand-in: records requests and answers what `next` says (default 200 + the given JSON). */
const seen: Array<Seen> = []
let next: { status: number; json?: unknown; headers?: Record<string, string>; delayMs?: number } = { status: 200, json: {} }
const server = createServer((req, res) => {
  let body = ""
  req.on("data", (chunk) => (body += chunk))
  req.on("end", () => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body })
    const answer = next
    setTimeout(() => {
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
      res.end(answer.json === undefined ? "" : JSON.stringify(answer.json))
    }, answer.delayMs ?? 0)
  })
})
let baseUrl = ""
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const last = () => seen[seen.length - 1]!
const answer = (value: typeof next) => Effect.sync(() => { next = value })

describe("notification provider HTTP adapters", () => {
  it.effect("email: SendGrid v3 mail send with bearer key, JSON body, idempotency key, message id from X-Message-Id", () =>
    Effect.gen(function*() {
      yield* answer({ status: 202, headers: { "x-message-id": "sg-123" } })
      const sender = makeEmailSenderHttp({ baseUrl: `${baseUrl}/`, apiKey: "SG.key", from: "no-reply@podium.test" })
      const delivery = yield* sender.send({ to: "asha@example.com", subject: "Hi", text: "Body", idempotencyKey: "row-1", template: "welcome" })
      assert.deepStrictEqual(delivery, { provider: "sendgrid-v3", providerMessageId: "sg-123" })
      const request = last()
      assert.strictEqual(request.method, "POST")
      assert.strictEqual(request.url, "/v3/mail/send")
      assert.strictEqual(request.headers.authorization, "Bearer SG.key")
      assert.strictEqual(request.headers["idempotency-key"], "row-1")
      assert.deepStrictEqual(JSON.parse(request.body), {
        personalizations: [{ to: [{ email: "asha@example.com" }] }],
        from: { email: "no-reply@podium.test" },
        subject: "Hi",
        content: [{ type: "text/plain", value: "Body" }],
        custom_args: { idempotency_key: "row-1", template: "welcome" }
      })
    }))

  it.effect("sms: Twilio Messages.json form POST with basic auth and the sid as message id", () =>
    Effect.gen(function*() {
      yield* answer({ status: 201, json: { sid: "SM123", status: "queued" } })
      const sender = makeSmsSenderHttp({ baseUrl, accountSid: "AC1", authToken: "tok", from: "+15550001111" })
      const delivery = yield* sender.send({ to: "+919876543210", body: "code 1234", idempotencyKey: "row-2" })
      assert.deepStrictEqual(delivery, { provider: "twilio-2010-04-01", providerMessageId: "SM123" })
      const request = last()
      assert.strictEqual(request.url, "/2010-04-01/Accounts/AC1/Messages.json")
      assert.strictEqual(request.headers.authorization, `Basic ${Buffer.from("AC1:tok").toString("base64")}`)
      assert.strictEqual(request.headers["content-type"], "application/x-www-form-urlencoded")
      assert.strictEqual(request.headers["idempotency-key"], "row-2")
      assert.deepStrictEqual(Object.fromEntries(new URLSearchParams(request.body)), { To: "+919876543210", Body: "code 1234", From: "+15550001111" })
    }))

  it.effect("push: FCM v1 messages:send with bearer token, the message name as id", () =>
    Effect.gen(function*() {
      yield* answer({ status: 200, json: { name: "projects/p1/messages/0:1" } })
      const sender = makePushSenderHttp({ baseUrl, accessToken: "ya29.t", projectId: "p1" })
      const delivery = yield* sender.send({ to: "device-token", title: "T", body: "B", data: { a: "1" }, idempotencyKey: "row-3" })
      assert.deepStrictEqual(delivery, { provider: "fcm-v1", providerMessageId: "projects/p1/messages/0:1" })
      const request = last()
      assert.strictEqual(request.url, "/v1/projects/p1/messages:send")
      assert.strictEqual(request.headers.authorization, "Bearer ya29.t")
      assert.strictEqual(request.headers["idempotency-key"], "row-3")
      assert.deepStrictEqual(JSON.parse(request.body), {
        message: { token: "device-token", notification: { title: "T", body: "B" }, data: { a: "1", idempotencyKey: "row-3" } }
      })
    }))

  it.effect("chat: WhatsApp Cloud messages with bearer token, the wamid as id", () =>
    Effect.gen(function*() {
      yield* answer({ status: 200, json: { messaging_product: "whatsapp", messages: [{ id: "wamid.X" }] } })
      const sender = makeChatSenderHttp({ baseUrl, accessToken: "EAAG", phoneNumberId: "10987", apiVersion: "v20.0" })
      const delivery = yield* sender.send({ to: "+919876543210", body: "Hello", idempotencyKey: "row-4" })
      assert.deepStrictEqual(delivery, { provider: "whatsapp-cloud", providerMessageId: "wamid.X" })
      const request = last()
      assert.strictEqual(request.url, "/v20.0/10987/messages")
      assert.strictEqual(request.headers.authorization, "Bearer EAAG")
      assert.strictEqual(request.headers["idempotency-key"], "row-4")
      assert.deepStrictEqual(JSON.parse(request.body), {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: "919876543210",
        type: "text",
        text: { preview_url: false, body: "Hello" },
        biz_opaque_callback_data: "row-4"
      })
    }))

  it.effect("error mapping: 4xx refused for good, 429 and 5xx retryable, timeouts and refused connections retryable", () =>
    Effect.gen(function*() {
      // Status mapping with a patient client (a busy machine must not turn an answer into a
      // timeout); the timeout with an impatient one against an answer ten times later than it.
      const sms = makeSmsSenderHttp({ baseUrl, accountSid: "AC1", authToken: "tok", from: "+15550001111", timeoutMs: 15_000 })
      const impatient = makeSmsSenderHttp({ baseUrl, accountSid: "AC1", authToken: "tok", from: "+15550001111", timeoutMs: 300 })
      const message = { to: "+919876543210", body: "x", idempotencyKey: "k" }
      const send = sms.send(message).pipe(Effect.flip)
      yield* answer({ status: 400, json: { code: 21211, message: "The 'To' number is not a valid phone number." } })
      const badRequest = yield* send
      assert.strictEqual(badRequest._tag, "DeliveryFailed")
      assert.isFalse((badRequest as Notifications.DeliveryFailed).retryable)
      assert.match(badRequest.message, /answered 400: The 'To' number is not a valid phone number/)
      yield* answer({ status: 401, json: { message: "Authenticate" } })
      assert.isFalse(((yield* send) as Notifications.DeliveryFailed).retryable)
      yield* answer({ status: 429, json: { message: "Too Many Requests" } })
      assert.isTrue(((yield* send) as Notifications.DeliveryFailed).retryable)
      yield* answer({ status: 503, json: { message: "down" } })
      assert.isTrue(((yield* send) as Notifications.DeliveryFailed).retryable)
      yield* answer({ status: 200, json: {}, delayMs: 3_000 })
      const slow = (yield* impatient.send(message).pipe(Effect.flip)) as Notifications.DeliveryFailed
      assert.isTrue(slow.retryable)
      assert.match(slow.message, /unreachable/)
      const nowhere = makeEmailSenderHttp({ baseUrl: "http://127.0.0.1:9", apiKey: "k", from: "a@b.c", timeoutMs: 1_000 })
      const refused = (yield* nowhere.send({ to: "x@y.z", subject: "s", text: "t", idempotencyKey: "k" }).pipe(Effect.flip)) as Notifications.DeliveryFailed
      assert.isTrue(refused.retryable)
      assert.strictEqual(refused.channel, "EMAIL")
    }))
})

describe("delivery-receipt webhook signatures", () => {
  it("accepts the right HMAC (hex, prefixed, base64) and rejects missing, wrong, truncated or stale ones", () => {
    const body = JSON.stringify({ messageId: "SM123", status: "delivered" })
    const hex = signPayload("whsec", body)
    assert.deepStrictEqual(verifyHmacSignature({ secret: "whsec", payload: body, signature: hex }), { valid: true })
    assert.deepStrictEqual(verifyHmacSignature({ secret: "whsec", payload: body, signature: `sha256=${hex}` }), { valid: true })
    const b64 = signPayload("whsec", body, { encoding: "base64" })
    assert.deepStrictEqual(verifyHmacSignature({ secret: "whsec", payload: body, signature: b64, encoding: "base64" }), { valid: true })
    assert.deepStrictEqual(verifyHmacSignature({ secret: "whsec", payload: body, signature: undefined }), { valid: false, reason: "missing" })
    assert.deepStrictEqual(verifyHmacSignature({ secret: "other", payload: body, signature: hex }), { valid: false, reason: "mismatch" })
    assert.deepStrictEqual(verifyHmacSignature({ secret: "whsec", payload: `${body} `, signature: hex }), { valid: false, reason: "mismatch" })
    assert.deepStrictEqual(verifyHmacSignature({ secret: "whsec", payload: body, signature: hex.slice(0, 10) }), { valid: false, reason: "mismatch" })
    const t = "1700000000"
    const timed = signPayload("whsec", `${t}.${body}`)
    const now = new Date(1_700_000_100_000)
    assert.deepStrictEqual(verifyHmacSignature({ secret: "whsec", payload: body, signature: timed, timestamp: t, now }), { valid: true })
    assert.deepStrictEqual(
      verifyHmacSignature({ secret: "whsec", payload: body, signature: timed, timestamp: t, now: new Date(1_700_001_000_000) }),
      { valid: false, reason: "stale" }
    )
  })
})
