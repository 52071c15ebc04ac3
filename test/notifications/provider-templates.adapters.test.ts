/**
 * The providers' template stores over HTTP against a local node:http server: SendGrid dynamic
 * templates (create = template + active version; list with the active version), Twilio Content
 * (positional parameters), WhatsApp message templates (review status), and the failure mapping
 * (4xx refused for good, 5xx retryable).
 */
import { assert, describe, it } from "@effect/vitest"
import { makeChatSenderHttp, makeEmailSenderHttp, makeSmsSenderHttp } from "@podium/providers"
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

const seen: Array<Seen> = []
const answers: Array<{ status: number; json?: unknown }> = []
const server = createServer((req, res) => {
  let body = ""
  req.on("data", (chunk) => (body += chunk))
  req.on("end", () => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body })
    const answer = answers.shift() ?? { status: 200, json: {} }
    res.writeHead(answer.status, { "content-type": "application/json" })
    res.end(answer.json === undefined ? "" : JSON.stringify(answer.json))
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

const answerWith = (...list: Array<{ status: number; json?: unknown }>) =>
  Effect.sync(() => {
    seen.length = 0
    answers.length = 0
    answers.push(...list)
  })

describe("provider template stores over HTTP", () => {
  it.effect("SendGrid: creates a dynamic template and its active version; lists with the active version's content", () =>
    Effect.gen(function*() {
      const store = makeEmailSenderHttp({ baseUrl, apiKey: "SG.key", from: "no-reply@podium.test" }).templates!
      yield* answerWith({ status: 201, json: { id: "d-123" } }, { status: 201, json: { id: "v-1" } })
      const created = yield* store.create({ name: "welcome", language: "en", subject: "Hi {{name}}", body: "<p>Hello {{name}}</p>", variables: ["name"] })
      assert.deepStrictEqual(created, { providerTemplateId: "d-123", name: "welcome", language: "en", status: "ACTIVE", subject: "Hi {{name}}", body: "<p>Hello {{name}}</p>" })
      assert.strictEqual(seen[0]!.url, "/v3/templates")
      assert.deepStrictEqual(JSON.parse(seen[0]!.body), { name: "welcome", generation: "dynamic" })
      assert.strictEqual(seen[0]!.headers.authorization, "Bearer SG.key")
      assert.strictEqual(seen[1]!.url, "/v3/templates/d-123/versions")
      assert.deepStrictEqual(JSON.parse(seen[1]!.body), { name: "welcome v1", subject: "Hi {{name}}", html_content: "<p>Hello {{name}}</p>", active: 1 })

      yield* answerWith({
        status: 200,
        json: { result: [{ id: "d-9", name: "receipt", versions: [{ active: 0, subject: "old", html_content: "old" }, { active: 1, subject: "Receipt", html_content: "Paid {{amount}}" }] }] }
      })
      const listed = yield* store.list
      assert.strictEqual(seen[0]!.method, "GET")
      assert.strictEqual(seen[0]!.url, "/v3/templates?generations=dynamic&page_size=200")
      assert.deepStrictEqual(listed, [{ providerTemplateId: "d-9", name: "receipt", language: null, status: "ACTIVE", subject: "Receipt", body: "Paid {{amount}}" }])
    }))

  it.effect("Twilio Content: positional parameters, basic auth, SID as the provider id", () =>
    Effect.gen(function*() {
      const store = makeSmsSenderHttp({ baseUrl, accountSid: "AC1", authToken: "tok", from: "+15550001111" }).templates!
      yield* answerWith({ status: 201, json: { sid: "HX1" } })
      const created = yield* store.create({ name: "reminder", language: "en", subject: null, body: "Hi {{name}}, {{event}} starts soon", variables: ["name", "event"] })
      assert.strictEqual(created.providerTemplateId, "HX1")
      assert.strictEqual(seen[0]!.url, "/v1/Content")
      assert.strictEqual(seen[0]!.headers.authorization, `Basic ${Buffer.from("AC1:tok").toString("base64")}`)
      assert.deepStrictEqual(JSON.parse(seen[0]!.body), {
        friendly_name: "reminder",
        language: "en",
        variables: { 1: "name", 2: "event" },
        types: { "twilio/text": { body: "Hi {{1}}, {{2}} starts soon" } }
      })
      yield* answerWith({ status: 200, json: { contents: [{ sid: "HX2", friendly_name: "otp", language: "en", types: { "twilio/text": { body: "Code {{1}}" } } }] } })
      const listed = yield* store.list
      assert.strictEqual(seen[0]!.url, "/v1/Content?PageSize=500")
      assert.deepStrictEqual(listed, [{ providerTemplateId: "HX2", name: "otp", language: "en", status: "ACTIVE", subject: null, body: "Code {{1}}" }])
    }))

  it.effect("WhatsApp: message templates under the business account, PENDING until reviewed; no store without an account id", () =>
    Effect.gen(function*() {
      assert.strictEqual(makeChatSenderHttp({ baseUrl, accessToken: "t", phoneNumberId: "p" }).templates, undefined)
      const store = makeChatSenderHttp({ baseUrl, accessToken: "wa-token", phoneNumberId: "p", businessAccountId: "WABA1" }).templates!
      yield* answerWith({ status: 200, json: { id: "1", status: "PENDING", category: "UTILITY" } })
      const created = yield* store.create({ name: "welcome_v1", language: "en_US", subject: null, body: "Hi {{name}}", variables: ["name"] })
      assert.deepStrictEqual(created, { providerTemplateId: "welcome_v1", name: "welcome_v1", language: "en_US", status: "PENDING", subject: null, body: "Hi {{name}}" })
      assert.strictEqual(seen[0]!.url, "/v21.0/WABA1/message_templates")
      assert.strictEqual(seen[0]!.headers.authorization, "Bearer wa-token")
      assert.deepStrictEqual(JSON.parse(seen[0]!.body), {
        name: "welcome_v1",
        language: "en_US",
        category: "UTILITY",
        components: [{ type: "BODY", text: "Hi {{1}}" }]
      })
      yield* answerWith({
        status: 200,
        json: { data: [{ name: "welcome_v1", language: "en_US", status: "APPROVED", components: [{ type: "HEADER", text: "x" }, { type: "BODY", text: "Hi {{1}}" }] }, { name: "old", status: "REJECTED", components: [] }] }
      })
      const listed = yield* store.list
      assert.strictEqual(seen[0]!.url, "/v21.0/WABA1/message_templates?limit=250")
      assert.deepStrictEqual(listed.map((t) => [t.name, t.status, t.body]), [["welcome_v1", "APPROVED", "Hi {{1}}"], ["old", "REJECTED", ""]])
    }))

  it.effect("maps refusals: 4xx not retryable, 5xx retryable", () =>
    Effect.gen(function*() {
      const store = makeEmailSenderHttp({ baseUrl, apiKey: "k", from: "a@b.c" }).templates!
      yield* answerWith({ status: 400, json: { errors: [{ message: "name is required" }] } })
      const refused = yield* Effect.flip(store.create({ name: "", language: "en", subject: "s", body: "b", variables: [] }))
      assert.strictEqual(refused._tag, "DeliveryFailed")
      assert.strictEqual(refused._tag === "DeliveryFailed" && refused.retryable, false)
      assert.include(refused.message, "name is required")
      yield* answerWith({ status: 503, json: {} })
      const down = yield* Effect.flip(store.list)
      assert.strictEqual(down._tag === "DeliveryFailed" && down.retryable, true)
    }))
})
