/** KB articles through the real host: admins holding content.manage create DRAFTs, list by status, update (version bump), publish and archive. */
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
const base = "/v2/admin/kb-articles"
const create = (title: string) => send("POST", base, { title, body: "How it works." })

describe("KB articles", () => {
  it("needs an admin holding content.manage", async () => {
    const missing = "00000000-0000-4000-8000-000000000000"
    expect((await send("GET", base, undefined, {})).status).toBe(401)
    expect((await send("GET", base, undefined, user)).status).toBe(403)
    expect((await send("POST", base, {}, user)).status).toBe(403)
    expect((await send("GET", `${base}/${missing}`, undefined, user)).status).toBe(403)
    expect((await send("PATCH", `${base}/${missing}`, {}, user)).status).toBe(403)
    expect((await send("POST", `${base}/${missing}/publish`, undefined, user)).status).toBe(403)
    expect((await send("POST", `${base}/${missing}/archive`, undefined, user)).status).toBe(403)
  })

  it("creates a DRAFT at version 1, bumps the version on every update, publishes from DRAFT only and archives once", async () => {
    const created = await create("Refund timelines")
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ status: "DRAFT", version: 1, category: null, publishedAt: null })
    const id = created.body.data.id as string
    const invalid = await send("POST", base, { title: "", body: "b" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(["title must be longer than or equal to 1 and shorter than or equal to 200 characters"])

    expect((await send("PATCH", `${base}/${id}`, { category: "Payments" })).body.data).toMatchObject({ version: 2, category: "Payments" })
    expect((await send("PATCH", `${base}/${id}`, { body: "Seven days." })).body.data.version).toBe(3)
    const published = await send("POST", `${base}/${id}/publish`)
    expect(published.body.data).toMatchObject({ status: "PUBLISHED", version: 3 })
    expect(published.body.data.publishedAt).not.toBeNull()
    const again = await send("POST", `${base}/${id}/publish`)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("KB_ARTICLE_MOVE_REFUSED")
    expect((await send("PATCH", `${base}/${id}`, { title: "Refunds" })).body.data).toMatchObject({ status: "PUBLISHED", version: 4 })

    expect((await send("POST", `${base}/${id}/archive`)).body.data.status).toBe("ARCHIVED")
    expect((await send("POST", `${base}/${id}/archive`)).body.code).toBe("KB_ARTICLE_MOVE_REFUSED")
    expect((await send("GET", `${base}/${id}`)).body.data).toMatchObject({ status: "ARCHIVED", version: 4 })
    expect((await send("POST", `${base}/00000000-0000-4000-8000-000000000000/publish`)).status).toBe(404)
  })

  it("lists by status, latest change first", async () => {
    const draft = (await create("Draft one")).body.data.id as string
    const live = (await create("Live one")).body.data.id as string
    await send("POST", `${base}/${live}/publish`)
    const drafts = await send("GET", `${base}?status=DRAFT`)
    expect(drafts.body.data.items.map((a: { id: string }) => a.id)).toContain(draft)
    expect(drafts.body.data.items.map((a: { id: string }) => a.id)).not.toContain(live)
    expect((await send("GET", `${base}?status=PUBLISHED&limit=5`)).body.data).toMatchObject({ page: 1, limit: 5 })
    const bad = await send("GET", `${base}?status=GONE`)
    expect(bad.status).toBe(400)
  })

  it("applies concurrent updates once each (no lost version) and lets one of two concurrent publishes win", async () => {
    const id = (await create("Race")).body.data.id as string
    await Promise.all([send("PATCH", `${base}/${id}`, { title: "A" }), send("PATCH", `${base}/${id}`, { body: "B" })])
    expect((await send("GET", `${base}/${id}`)).body.data.version).toBe(3)
    const answers = await Promise.all([send("POST", `${base}/${id}/publish`), send("POST", `${base}/${id}/publish`)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  })
})
