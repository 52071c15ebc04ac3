/**
 * The request pipeline every route shares: success and error envelopes, the validation 400 with
 * every message, unknown routes, defects without leaks, request and correlation ids.
 */
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpLayerRouter, HttpServerResponse } from "@effect/platform"
import { Ok } from "@podium/contracts/common"
import { Body, OneOf, Str, StrLength, says } from "@podium/kernel"
import { Effect, Layer, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"

// A probe API mounted only in this test, so the pipeline is exercised on a body with rules.
const Phone = Schema.String.pipe(Schema.pattern(/^\+[1-9]\d{7,14}$/), Schema.annotations(says("must be a valid phone number")))
class ProbeGroup extends HttpApiGroup.make("probe").add(
  HttpApiEndpoint.post("signIn", "/test/sign-in")
    .setPayload(Body({ phoneNumber: Phone, role: OneOf("user", "organizer", "admin"), name: StrLength(2, 5), note: Str }))
    .addSuccess(Ok(Schema.Struct({ phoneNumber: Schema.String }), { status: 201 }))
) {}
class ProbeApi extends HttpApi.make("probe").add(ProbeGroup) {}
const ProbeRoutes = Layer.mergeAll(
  HttpLayerRouter.addHttpApi(ProbeApi).pipe(
    Layer.provide(HttpApiBuilder.group(ProbeApi, "probe", (h) => h.handle("signIn", ({ payload }) => Effect.succeed({ phoneNumber: payload.phoneNumber }))))
  ),
  HttpLayerRouter.add("GET", "/test/defect", Effect.die(new Error("secret internals at /srv/app.ts:42"))),
  HttpLayerRouter.add("GET", "/test/plain", Effect.succeed(HttpServerResponse.text("plain")))
)

let http: RunningHttp
beforeAll(async () => {
  http = await startHttp(await infraWith([]), { extraRoutes: ProbeRoutes })
})
afterAll(() => http.close())

describe("success envelope", () => {
  it("wraps a handler's DTO in {status, statusText, message, data} with the operation's status", async () => {
    const res = await http.request("POST", "/test/sign-in", { phoneNumber: "+919876543210", role: "user", name: "Ana", note: "x" })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ status: 201, statusText: "CREATED", message: "Created", data: { phoneNumber: "+919876543210" } })
  })
})

describe("validation failures", () => {
  it("answer 400 listing every failing field in the spec's wording", async () => {
    const res = await http.request("POST", "/test/sign-in", { phoneNumber: "12", role: "root", name: "a" })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ status: 400, statusText: "BAD_REQUEST", error: "Bad Request", statusCode: 400, data: null })
    expect(res.body.message).toEqual(expect.arrayContaining([
      "phoneNumber must be a valid phone number",
      "role must be one of the following values: user, organizer, admin",
      "name must be longer than or equal to 2 and shorter than or equal to 5 characters",
      "note must be a string"
    ]))
    expect(res.body.message).toHaveLength(4)
  })

  it("report a missing field with its own rule", async () => {
    const res = await http.request("POST", "/test/sign-in", { name: "Ana", note: "" })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(expect.arrayContaining([
      "phoneNumber must be a valid phone number",
      "role must be one of the following values: user, organizer, admin"
    ]))
  })

  it("answer 400 in the same shape for a body that is not JSON", async () => {
    const res = await http.request("POST", "/test/sign-in", "{not json")
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ status: 400, statusText: "BAD_REQUEST", data: null })
    expect(Array.isArray(res.body.message)).toBe(true)
  })

  it("answer 400 for a bad query parameter", async () => {
    const res = await http.get("/memory/test-leak?windowMs=soon", { headers: { "x-ops-token": "ops-token-for-tests" } })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(["windowMs must be an integer between 0 and 10000"])
  })
})

describe("error envelope", () => {
  it("answers unknown routes 404 in the envelope", async () => {
    const res = await http.get("/v2/no/such/route")
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ status: 404, statusText: "NOT_FOUND", message: "Cannot GET /v2/no/such/route", data: null })
  })

  it("answers a defect 500 without stack, message or path of the internals", async () => {
    const res = await http.get("/test/defect")
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ status: 500, statusText: "INTERNAL_SERVER_ERROR", message: "Internal server error", data: null })
    expect(res.text).not.toContain("secret")
    expect(res.text).not.toContain("app.ts")
  })

  it("answers 401 then 403 in the envelope for the operator routes", async () => {
    const missing = await http.get("/memory/usage")
    expect(missing.body).toEqual({ status: 401, statusText: "UNAUTHORIZED", message: expect.any(String), data: null })
    const wrong = await http.get("/memory/usage", { headers: { "x-ops-token": "nope" } })
    expect(wrong.status).toBe(403)
    expect(wrong.body).toMatchObject({ statusText: "FORBIDDEN", message: "Access Denied", data: null })
  })
})

describe("request ids", () => {
  it("echoes a caller's x-request-id and x-correlation-id", async () => {
    const res = await http.get("/health/live", { headers: { "x-request-id": "req-123", "x-correlation-id": "corr-9" } })
    expect(res.headers.get("x-request-id")).toBe("req-123")
    expect(res.headers.get("x-correlation-id")).toBe("corr-9")
  })

  it("generates a request id when none (or an unsafe one) is given", async () => {
    const none = await http.get("/test/plain")
    expect(none.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    const unsafe = await http.get("/test/plain", { headers: { "x-request-id": "<script>" } })
    expect(unsafe.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
  })
})
