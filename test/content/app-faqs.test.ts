/** App FAQs through the real host: admin CRUD and toggle (content.manage), the public list, one and relevance-ranked search. */
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions, signInUser } from "../notifications/http-support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>
let user: Record<string, string>
beforeAll(async () => {
  admin = await adminWithPermissions(host, ["content.manage"])
  user = await signInUser(host)
}, 60_000)

const send = (method: string, path: string, body?: unknown, headers = admin) => host.http.request(method, path, body, headers)
const base = "/v2/app-frequently-asked-questions"

describe("app FAQs", () => {
  it("needs an admin holding content.manage to write or read unfiltered; the public reads need nothing", async () => {
    const missing = "00000000-0000-4000-8000-000000000000"
    for (const [method, path] of [["GET", base], ["POST", base], ["GET", `${base}/${missing}`], ["PATCH", `${base}/${missing}`], ["DELETE", `${base}/${missing}`], ["PATCH", `${base}/${missing}/toggle`]] as const) {
      const body = method === "GET" ? undefined : {}
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, user)).status).toBe(403)
    }
    expect((await host.http.get(`${base}/public`)).status).toBe(200)
    expect((await host.http.get(`${base}/public/search?q=refund`)).status).toBe(200)
    expect((await host.http.get(`${base}/${missing}/public`)).status).toBe(404)
  })

  it("creates with defaults, updates, toggles and deletes; bad input is 400 in the spec's wording", async () => {
    const created = await send("POST", base, { question: "How do I reset my password?", answer: "Use the OTP sign-in." })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ category: null, sortOrder: 0, isActive: true })
    const id = created.body.data.id as string
    const invalid = await send("POST", base, { question: "", answer: "x", sortOrder: -1 })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "question must be longer than or equal to 1 and shorter than or equal to 300 characters",
      "sortOrder must be an integer between 0 and 10000"
    ])
    expect((await send("PATCH", `${base}/${id}`, { category: "Account", sortOrder: 3 })).body.data).toMatchObject({ category: "Account", sortOrder: 3 })
    expect((await send("GET", `${base}/${id}`)).body.data.category).toBe("Account")
    expect((await send("GET", base)).body.data.data.map((f: { id: string }) => f.id)).toContain(id)

    expect((await host.http.get(`${base}/${id}/public`)).body.data.id).toBe(id)
    expect((await send("PATCH", `${base}/${id}/toggle`)).body.data.isActive).toBe(false)
    expect((await host.http.get(`${base}/${id}/public`)).status).toBe(404)
    expect((await host.http.get(`${base}/public`)).body.data.map((f: { id: string }) => f.id)).not.toContain(id)
    expect((await send("PATCH", `${base}/${id}/toggle`)).body.data.isActive).toBe(true)

    expect((await send("DELETE", `${base}/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await send("GET", `${base}/${id}`)).status).toBe(404)
    expect((await send("PATCH", `${base}/${id}/toggle`)).status).toBe(404)
  })

  it("lists the active ones by sort order and searches them by relevance, question words first", async () => {
    const make = (body: object) => send("POST", base, body).then((r) => r.body.data.id as string)
    const inAnswer = await make({ question: "Payments and wallets", answer: "A medal refund is credited as RC.", sortOrder: 1 })
    const inQuestion = await make({ question: "When do I get my medal refund?", answer: "Within seven days.", sortOrder: 2 })
    const hidden = await make({ question: "Old medal refund rules", answer: "Gone.", sortOrder: 0, isActive: false })
    const listed = (await host.http.get(`${base}/public`)).body.data.map((f: { id: string }) => f.id)
    expect(listed.indexOf(inAnswer)).toBeLessThan(listed.indexOf(inQuestion))
    expect(listed).not.toContain(hidden)

    const found = await host.http.get(`${base}/public/search?q=medal%20refund`)
    expect(found.body.data.map((f: { id: string }) => f.id)).toEqual([inQuestion, inAnswer])
    expect((await host.http.get(`${base}/public/search?q=zebra`)).body.data).toEqual([])
    const noQuery = await host.http.get(`${base}/public/search`)
    expect(noQuery.status).toBe(400)
  })

  it("applies two concurrent toggles both, once each", async () => {
    const id = (await send("POST", base, { question: "Concurrent?", answer: "Yes." })).body.data.id as string
    const [a, b] = await Promise.all([send("PATCH", `${base}/${id}/toggle`), send("PATCH", `${base}/${id}/toggle`)])
    expect([a.body.data.isActive, b.body.data.isActive].sort()).toEqual([false, true])
    expect((await send("GET", `${base}/${id}`)).body.data.isActive).toBe(true)
  })
})
