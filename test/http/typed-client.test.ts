/**
 * A client generated from the served contract works as written: types from openapi-typescript
 * (checked in, and compared with what the served document generates now), calls through
 * openapi-fetch with no casts — numbers sent as numbers, a multipart file as a Blob — through a
 * whole sign-in journey on the real host.
 */
import { readFileSync, writeFileSync } from "node:fs"
import createClient from "openapi-fetch"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PngBytes } from "../organizers/support.js"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { freshPhone } from "../support/sign-in.js"
import { GeneratedTypesFile, generateClientTypes } from "../support/typed-client.js"
import type { paths } from "./typed-client/podium-api.generated.js"

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
})
afterAll(() => host?.close())

/** The generated types without their doc comments: wording may change, the types may not. */
const typesOnly = (source: string) => source.replace(/\/\*\*[\s\S]*?\*\//g, "").replace(/^\s*\n/gm, "")

/** Multipart bodies as FormData: a Blob is a file part, anything else its text. */
const formData = (body: Record<string, string | Blob | undefined>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, value)
  return form
}

describe("a typed client generated from /docs/openapi.json", () => {
  it("has checked-in types that match what the served document generates", async () => {
    const served = (await host.http.get("/docs/openapi.json")).body
    const generated = await generateClientTypes(served)
    if (process.env.UPDATE_TYPED_CLIENT === "1") writeFileSync(GeneratedTypesFile, generated)
    expect(typesOnly(readFileSync(GeneratedTypesFile, "utf8"))).toBe(typesOnly(generated))
  })

  it("signs in with a code from the development inbox, pages the inbox with numbers, refreshes, and uploads a Blob", async () => {
    const client = createClient<paths>({ baseUrl: host.http.baseUrl })
    const phoneNumber = freshPhone()

    const sent = await client.POST("/v2/auth/send-otp", { body: { phoneNumber } })
    expect(sent.response.status).toBe(201)

    const inbox = await client.GET("/v2/dev/inbox", { params: { query: { to: phoneNumber, limit: 5 } } })
    const code = inbox.data?.data[0]?.code
    expect(code).toMatch(/^\d{6}$/)

    const verified = await client.POST("/v2/auth/verify-otp", { body: { phoneNumber, otp: code ?? "", role: "user" } })
    const session = verified.data?.data
    if (session === undefined || !("accessToken" in session)) throw new Error(`no tokens: ${verified.response.status}`)
    expect(session.phoneNumber).toBe(phoneNumber)
    const authorization = { authorization: `Bearer ${session.accessToken}` }

    const page = await client.GET("/v2/notifications", { params: { query: { page: 1, limit: 10, seen: false } }, headers: authorization })
    expect(page.response.status).toBe(200)
    expect(page.data?.data).toMatchObject({ page: 1, limit: 10, total: 0 })
    const tooMany = await client.GET("/v2/notifications", { params: { query: { limit: 1000 } }, headers: authorization })
    expect(tooMany.response.status).toBe(400)
    expect(tooMany.error?.message).toEqual(["limit must be an integer between 1 and 100"])

    const refreshed = await client.POST("/v2/auth/refresh-tokens", { headers: { authorization: `Bearer ${session.refreshToken}` } })
    expect(refreshed.response.status).toBe(200)
    expect(refreshed.data?.data.refreshToken).not.toBe(session.refreshToken)

    const organizer = await client.POST("/v2/organizers/create", {
      body: { name: "Typed Client Org", phoneNumber: freshPhone(), companyLogo: new Blob([PngBytes], { type: "image/png" }) },
      bodySerializer: formData
    })
    expect(organizer.response.status).toBe(201)
    expect(organizer.data?.data.next).toContain("/v2/organizers/send-otp")
  })
})
