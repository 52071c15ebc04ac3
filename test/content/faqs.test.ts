/** FAQs through the real host: any signed-in account submits (PENDING), admins holding content.manage read, review once, edit, toggle and delete. */
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
const base = "/v2/frequently-asked-questions"
const submit = (question: string) => send("POST", base, { question, answer: "An answer." }, user)

describe("FAQs", () => {
  it("lets any signed-in account submit and only content admins read, review, change, toggle and delete", async () => {
    expect((await send("POST", base, { question: "q", answer: "a" }, {})).status).toBe(401)
    const missing = "00000000-0000-4000-8000-000000000000"
    for (const [method, path] of [["GET", base], ["GET", `${base}/${missing}`], ["PATCH", `${base}/${missing}`], ["DELETE", `${base}/${missing}`], ["PATCH", `${base}/${missing}/toggle`], ["PATCH", `${base}/${missing}/review`]] as const) {
      const body = method === "GET" ? undefined : {}
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, user)).status).toBe(403)
    }
  })

  it("records the submitter, waits PENDING, and is reviewed once; a second review is 409 FAQ_ALREADY_REVIEWED", async () => {
    const created = await submit("Can I transfer my bib?")
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ status: "PENDING", reviewNote: null, isActive: true })
    expect(created.body.data.submittedBy).toEqual(expect.any(String))
    const id = created.body.data.id as string
    const invalid = await send("POST", base, { question: "x".repeat(301), answer: "a" }, user)
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(["question must be longer than or equal to 1 and shorter than or equal to 300 characters"])

    const queue = await send("GET", `${base}?filter=status||$eq||PENDING`)
    expect(queue.body.data.data.map((f: { id: string }) => f.id)).toContain(id)
    const badReview = await send("PATCH", `${base}/${id}/review`, { status: "MAYBE" })
    expect(badReview.status).toBe(400)
    expect(badReview.body.message).toEqual([expect.stringMatching(/^status must be one of the following values: APPROVED, REJECTED/)])
    const reviewed = await send("PATCH", `${base}/${id}/review`, { status: "APPROVED", note: "Clear and useful" })
    expect(reviewed.body.data).toMatchObject({ status: "APPROVED", reviewNote: "Clear and useful" })
    const again = await send("PATCH", `${base}/${id}/review`, { status: "REJECTED" })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("FAQ_ALREADY_REVIEWED")

    expect((await send("PATCH", `${base}/${id}`, { answer: "Yes, until the cut-off." })).body.data.answer).toBe("Yes, until the cut-off.")
    expect((await send("GET", `${base}/${id}`)).body.data.status).toBe("APPROVED")
    expect((await send("PATCH", `${base}/${id}/toggle`)).body.data.isActive).toBe(false)
    expect((await send("DELETE", `${base}/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await send("PATCH", `${base}/${id}/review`, { status: "APPROVED" })).status).toBe(404)
  })

  it("of two concurrent reviews exactly one wins, the other is 409", async () => {
    const id = (await submit("Concurrent review?")).body.data.id as string
    const answers = await Promise.all([
      send("PATCH", `${base}/${id}/review`, { status: "APPROVED" }),
      send("PATCH", `${base}/${id}/review`, { status: "REJECTED" })
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const winner = answers.find((a) => a.status === 200)!.body.data.status
    expect((await send("GET", `${base}/${id}`)).body.data.status).toBe(winner)
  })
})
