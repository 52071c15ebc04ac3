/**
 * The endpoint dispatcher (hosts/http/src/serving) answers exactly as the router it stands in for:
 * the same probe API is served once through the router (a group built with HttpApiBuilder.group)
 * and once through the dispatcher (the same group built with apiGroup), and every answer compares
 * equal but for the request id. A path the router would give to another route stays with the router.
 */
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpLayerRouter, HttpServerResponse } from "@effect/platform"
import { Ok } from "@podium/contracts/common"
import { apiGroup } from "@podium/http/serving/served-groups"
import { Body, OneOf, StrLength, says } from "@podium/kernel"
import { Effect, Layer, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Answer, startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"

const Phone = Schema.String.pipe(Schema.pattern(/^\+[1-9]\d{7,14}$/), Schema.annotations(says("must be a valid phone number")))

/** One probe API per serving path, identical but for the paths. */
const probeApi = <const SignIn extends `/${string}`, const Item extends `/${string}`>(signIn: SignIn, item: Item) => {
  class Group extends HttpApiGroup.make("probe").add(
    HttpApiEndpoint.post("signIn", signIn)
      .setPayload(Body({ phoneNumber: Phone, role: OneOf("user", "admin"), name: StrLength(2, 5) }))
      .addSuccess(Ok(Schema.Struct({ phoneNumber: Schema.String }), { status: 201 }))
  ).add(
    HttpApiEndpoint.get("item", item)
      .setPath(Schema.Struct({ id: Schema.NumberFromString }))
      .setUrlParams(Schema.Struct({ tag: Schema.optional(Schema.Array(Schema.String)) }))
      .addSuccess(Ok(Schema.Struct({ id: Schema.Number, tags: Schema.Array(Schema.String) })))
  ) {}
  return class Api extends HttpApi.make("probe").add(Group) {}
}

const ViaRouter = probeApi("/test/router/sign-in", "/test/router/items/:id")
const ViaDispatcher = probeApi("/test/dispatched/sign-in", "/test/dispatched/items/:id")

const routes = Layer.mergeAll(
  HttpLayerRouter.addHttpApi(ViaRouter).pipe(Layer.provide(HttpApiBuilder.group(ViaRouter, "probe", (h) =>
    h.handle("signIn", ({ payload }) => Effect.succeed({ phoneNumber: payload.phoneNumber }))
      .handle("item", ({ path, urlParams }) => Effect.succeed({ id: path.id, tags: urlParams.tag ?? [] }))))),
  HttpLayerRouter.addHttpApi(ViaDispatcher).pipe(Layer.provide(apiGroup(ViaDispatcher, "probe", (h) =>
    h.handle("signIn", ({ payload }) => Effect.succeed({ phoneNumber: payload.phoneNumber }))
      .handle("item", ({ path, urlParams }) => Effect.succeed({ id: path.id, tags: urlParams.tag ?? [] }))))),
  // A static route beside the dispatched parametric one: the router prefers it, so must the dispatcher.
  HttpLayerRouter.add("GET", "/test/dispatched/items/static", Effect.succeed(HttpServerResponse.text("static route")))
)

let http: RunningHttp
beforeAll(async () => {
  http = await startHttp(await infraWith([]), { extraRoutes: routes })
})
afterAll(() => http.close())

/** What a client sees of an answer, request id aside (a fresh one per request). */
const seen = (answer: Answer) => ({
  status: answer.status,
  body: answer.text,
  contentType: answer.headers.get("content-type"),
  hasRequestId: answer.headers.get("x-request-id") !== null
})

const both = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
  const viaRouter = await http.request(method, `/test/router${path}`, body, headers)
  const viaDispatcher = await http.request(method, `/test/dispatched${path}`, body, headers)
  return { viaRouter: seen(viaRouter), viaDispatcher: seen(viaDispatcher) }
}

describe("the endpoint dispatcher", () => {
  it.each([
    ["a created answer", "POST", "/sign-in", { phoneNumber: "+919876543210", role: "user", name: "Ana" }],
    ["a validation 400 listing every field", "POST", "/sign-in", { phoneNumber: "12", role: "root", name: "a" }],
    ["a body that is not an object", "POST", "/sign-in", [1, 2]],
    ["no body at all", "POST", "/sign-in", undefined],
    ["an unreadable JSON body", "POST", "/sign-in", "{not json"],
    ["a path parameter and repeated query parameters", "GET", "/items/42?tag=a&tag=b", undefined],
    ["a single query parameter declared as an array", "GET", "/items/7?tag=a", undefined],
    ["a path parameter that does not decode", "GET", "/items/abc", undefined]
  ])("answers %s as the router does", async (_, method, path, body) => {
    const { viaRouter, viaDispatcher } = await both(method as string, path as string, body, body === "{not json" ? { "content-type": "application/json" } : {})
    expect(viaDispatcher).toEqual(viaRouter)
    expect(viaDispatcher.hasRequestId).toBe(true)
  })

  it("keeps the request and correlation ids a client sends", async () => {
    const ids = { "x-request-id": "req-123", "x-correlation-id": "corr-456" }
    const answer = await http.get("/test/dispatched/items/1", ids)
    expect(answer.headers.get("x-request-id")).toBe("req-123")
    expect(answer.headers.get("x-correlation-id")).toBe("corr-456")
  })

  it("leaves to the router a path the router matches to another route", async () => {
    const answer = await http.get("/test/dispatched/items/static")
    expect(answer.status).toBe(200)
    expect(answer.text).toBe("static route")
  })

  it("leaves HEAD requests to the router, which answers them as GET", async () => {
    const viaRouter = await http.get("/test/router/items/3", { method: "HEAD" })
    const viaDispatcher = await http.get("/test/dispatched/items/3", { method: "HEAD" })
    expect(viaDispatcher.status).toBe(viaRouter.status)
  })
})
