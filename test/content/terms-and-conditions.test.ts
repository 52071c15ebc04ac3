/**
 * Terms and conditions through the real host (privacy policies behave the same: privacy-policies.test.ts): versioned documents, admin
 * CRUD (content.manage), public reads of a version and of the one in force, exactly one version in
 * force switched atomically (concurrent switches leave one), the one in force neither switched off
 * nor deleted.
 */
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

const base = "/v2/app-terms-and-conditions"

describe("terms and conditions", () => {
  const create = (version: string) => send("POST", base, { title: `Version ${version}`, version, content: `Text of ${version}` })

  it("needs an admin holding content.manage except for the public reads", async () => {
    const missing = "00000000-0000-4000-8000-000000000000"
    for (const [method, path] of [["GET", base], ["POST", base], ["GET", `${base}/${missing}`], ["PATCH", `${base}/${missing}`], ["DELETE", `${base}/${missing}`], ["PATCH", `${base}/${missing}/toggle`]] as const) {
      const body = method === "GET" ? undefined : {}
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, user)).status).toBe(403)
    }
    expect((await host.http.get(`${base}/${missing}/public`)).status).toBe(404)
  })

  it("has none in force at first, then exactly the one last switched on; versions are unique", async () => {
    const none = await host.http.get(`${base}/active`)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("LEGAL_DOCUMENT_NOT_IN_FORCE")

    const v1 = await create("1.0")
    expect(v1.status).toBe(201)
    expect(v1.body.data).toMatchObject({ version: "1.0", isActive: false })
    const taken = await create("1.0")
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("LEGAL_DOCUMENT_VERSION_EXISTS")
    const invalid = await send("POST", base, { title: "", version: "2.0", content: "x" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(["title must be longer than or equal to 1 and shorter than or equal to 200 characters"])

    const id1 = v1.body.data.id as string
    const id2 = (await create("2.0")).body.data.id as string
    expect((await send("PATCH", `${base}/${id1}/toggle`)).body.data.isActive).toBe(true)
    expect((await host.http.get(`${base}/active`)).body.data.id).toBe(id1)
    const off = await send("PATCH", `${base}/${id1}/toggle`)
    expect(off.status).toBe(409)
    expect(off.body.code).toBe("LEGAL_DOCUMENT_IN_FORCE")
    expect((await send("DELETE", `${base}/${id1}`)).body.code).toBe("LEGAL_DOCUMENT_IN_FORCE")

    expect((await send("PATCH", `${base}/${id2}/toggle`)).body.data.isActive).toBe(true)
    expect((await host.http.get(`${base}/active`)).body.data.id).toBe(id2)
    expect((await send("GET", `${base}/${id1}`)).body.data.isActive).toBe(false)
    expect((await host.http.get(`${base}/${id1}/public`)).body.data).toMatchObject({ id: id1, version: "1.0" })

    expect((await send("PATCH", `${base}/${id1}`, { content: "Amended" })).body.data.content).toBe("Amended")
    expect((await send("GET", base)).body.data.data.map((d: { id: string }) => d.id)).toEqual(expect.arrayContaining([id1, id2]))
    expect((await send("DELETE", `${base}/${id1}`)).body.data).toEqual({ id: id1, deleted: true })
    expect((await send("DELETE", `${base}/${id1}`)).status).toBe(404)
  })

  it("switches concurrently without ever leaving two versions in force", async () => {
    const ids = await Promise.all(["c1", "c2", "c3"].map((v) => create(v).then((r) => r.body.data.id as string)))
    const answers = await Promise.all(ids.map((id) => send("PATCH", `${base}/${id}/toggle`)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const list = (await send("GET", `${base}?limit=100`)).body.data.data as Array<{ id: string; isActive: boolean }>
    expect(list.filter((d) => d.isActive)).toHaveLength(1)
    expect((await host.http.get(`${base}/active`)).body.data.id).toBe(list.find((d) => d.isActive)!.id)
  })
})
