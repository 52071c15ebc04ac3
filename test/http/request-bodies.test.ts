/**
 * What a client sees when its request does not fit the operation: the spec's class-validator
 * wording and never the validator's internals; no body at all where every field is optional; and
 * unknown properties ignored. The wording check walks
 * every documented operation, as an admin holding every permission so the guards let it through
 * to decoding, with malformed bodies, query parameters and path parameters. Properties an
 * operation does not declare are dropped: never stored, never echoed.
 */
import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { AreaApis } from "@podium/http/api"
import { describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { bearer, freshPhone, signInNewAdmin, signInNewUser } from "../support/sign-in.js"

const host = useRealHost(import.meta.url)

/** The validator's own wording: none of it may reach a client. */
const Internals = /Expected |\bactual\b|\breadonly\b|\| filter|<->|ReadonlyArray</

const endpoints = () =>
  AreaApis.flatMap((api) =>
    Object.values((api as unknown as { groups: Record<string, HttpApiGroup.HttpApiGroup.AnyWithProps> }).groups).flatMap((group) =>
      Object.values(group.endpoints as Record<string, HttpApiEndpoint.HttpApiEndpoint.AnyWithProps>)))

/** The declared property names of an endpoint's payload, when it is an object. */
const payloadFields = (endpoint: HttpApiEndpoint.HttpApiEndpoint.AnyWithProps): Array<string> => {
  if (endpoint.payloadSchema._tag === "None") return []
  const ast = endpoint.payloadSchema.value.ast as { _tag: string; propertySignatures?: ReadonlyArray<{ name: PropertyKey }> }
  return ast._tag === "TypeLiteral" ? (ast.propertySignatures ?? []).map((p) => String(p.name)) : []
}

/**
 * A request that never answers fails with the operation's name, not the HTTP client's anonymous
 * five-minute headers timeout: a hang is a defect, and the name is what finds it.
 */
const answered = <A>(what: string, request: Promise<A>): Promise<A> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} gave no answer within 60 s`)), 60_000)
  })
  return Promise.race([request, deadline]).finally(() => clearTimeout(timer))
}

describe("request bodies and their wording", () => {
  it("never shows the validator's internals, on any documented operation given malformed input", async () => {
    const admin = await signInNewAdmin(host())
    const headers = bearer(admin.accessToken)
    const leaks: Array<string> = []
    let checked = 0
    for (const endpoint of endpoints()) {
      // Nothing to malform: calling it would only run it.
      if (endpoint.payloadSchema._tag === "None" && endpoint.urlParamsSchema._tag === "None" && endpoint.pathSchema._tag === "None") continue
      const path = endpoint.path.replace(/:[A-Za-z]+/g, "not a valid id")
      const wrongFields = Object.fromEntries(payloadFields(endpoint).map((f) => [f, { nested: [1] }]))
      const bodies: ReadonlyArray<unknown> = endpoint.method === "GET" || endpoint.method === "DELETE"
        ? [undefined]
        : [[1, "x"], "text", 42, { ...wrongFields, unexpectedProperty: true }]
      for (const body of bodies) {
        const res = await answered(`${endpoint.method} ${endpoint.path} with ${JSON.stringify(body)}`, host().http.request(endpoint.method, `${encodeURI(path)}?limit=abc&page=-1&from=yesterday`, body, headers))
        if (res.status !== 400) continue
        checked++
        const messages: ReadonlyArray<unknown> = Array.isArray(res.body?.message) ? res.body.message : [res.body?.message]
        for (const message of messages) {
          if (typeof message !== "string" || Internals.test(message)) leaks.push(`${endpoint.method} ${endpoint.path} ${JSON.stringify(body)}: ${JSON.stringify(message)}`)
        }
      }
    }
    expect(checked).toBeGreaterThan(300)
    expect(leaks).toEqual([])
  }, 600_000)

  it("accepts a request without body or content type where every field is optional", async () => {
    const user = await signInNewUser(host())
    const response = await fetch(`${host().http.baseUrl}/v2/auth/totp/enroll`, { method: "POST", headers: bearer(user.accessToken) })
    expect(response.status).toBe(200)
  })

  it("answers a non-object body with the fields' own messages", async () => {
    const res = await host().http.request("POST", "/v2/auth/send-otp", [])
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(["phoneNumber must be a valid phone number"])
    const scalar = await host().http.request("POST", "/v2/auth/send-otp", 42)
    expect(scalar.body.message).toEqual(["phoneNumber must be a valid phone number"])
    const elements = await host().http.request("POST", "/v2/auth/send-otp", ["+919800000001"])
    expect(elements.body.message).toEqual(["phoneNumber must be a valid phone number"])
  })

  it("drops properties an operation does not declare: accepted, never stored, never echoed", async () => {
    const sent = await host().http.request("POST", "/v2/auth/send-otp", { phoneNumber: freshPhone(), isAdmin: true, role: "admin" })
    expect(sent.status).toBe(201)
    const root = await signInNewAdmin(host())
    const created = await host().http.request("POST", "/v2/admins", { phoneNumber: freshPhone(), firstName: "Extra", superPower: "root" }, bearer(root.accessToken))
    expect(created.status).toBe(200)
    expect(created.body.data).not.toHaveProperty("superPower")
    const read = await host().http.request("GET", `/v2/admins/${created.body.data.id}`, undefined, bearer(root.accessToken))
    expect(read.body.data.firstName).toBe("Extra")
    expect(read.body.data).not.toHaveProperty("superPower")
    const listed = await host().http.request("GET", "/v2/admin/notifications/outbox?limit=5&_=cache-buster", undefined, bearer(root.accessToken))
    expect(listed.status).toBe(200)
  })
})
