/** Community guidelines through the real host: admins holding content.manage write them; anyone reads the published ones by list or slug. */
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
const base = "/v2/admin/community-guidelines"

describe("community guidelines", () => {
  it("needs an admin holding content.manage to write; the published ones are public", async () => {
    const missing = "00000000-0000-4000-8000-000000000000"
    expect((await send("GET", base, undefined, {})).status).toBe(401)
    expect((await send("GET", base, undefined, user)).status).toBe(403)
    expect((await send("POST", base, {}, user)).status).toBe(403)
    expect((await send("GET", `${base}/${missing}`, undefined, user)).status).toBe(403)
    expect((await send("PATCH", `${base}/${missing}`, {}, user)).status).toBe(403)
    expect((await host.http.get("/v2/ops/community-guidelines")).status).toBe(200)
  })

  it("creates unpublished, publishes, and serves only published ones publicly; slugs are unique and well formed", async () => {
    const created = await send("POST", base, { slug: "be-kind", title: "Be kind", body: "Treat others well.", sortOrder: 2 })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ slug: "be-kind", isPublished: false })
    const id = created.body.data.id as string
    const taken = await send("POST", base, { slug: "be-kind", title: "Again", body: "x" })
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("COMMUNITY_GUIDELINE_EXISTS")
    const invalid = await send("POST", base, { slug: "Be Kind!", title: "t", body: "b" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(["slug must be a slug of 1 to 80 lower-case letters, digits and dashes"])

    const hidden = await host.http.get("/v2/ops/community-guidelines/be-kind")
    expect(hidden.status).toBe(404)
    expect(hidden.body.code).toBe("COMMUNITY_GUIDELINE_NOT_FOUND")
    await send("POST", base, { slug: "no-cheating", title: "No cheating", body: "Log real efforts.", sortOrder: 1, isPublished: true })
    expect((await send("PATCH", `${base}/${id}`, { isPublished: true })).body.data.isPublished).toBe(true)
    expect((await send("GET", `${base}/${id}`)).body.data.slug).toBe("be-kind")
    expect((await send("GET", base)).body.data.data.map((g: { slug: string }) => g.slug)).toEqual(["no-cheating", "be-kind"])

    expect((await host.http.get("/v2/ops/community-guidelines")).body.data.map((g: { slug: string }) => g.slug)).toEqual(["no-cheating", "be-kind"])
    expect((await host.http.get("/v2/ops/community-guidelines/be-kind")).body.data.title).toBe("Be kind")
    await send("PATCH", `${base}/${id}`, { isPublished: false })
    expect((await host.http.get("/v2/ops/community-guidelines")).body.data.map((g: { slug: string }) => g.slug)).toEqual(["no-cheating"])
  })

  it("of two concurrent creations with one slug exactly one lands", async () => {
    const answers = await Promise.all([1, 2].map(() => send("POST", base, { slug: "same-slug", title: "Same", body: "b" })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
  })
})
