/**
 * The organizer brand through the real host: page and cascade defaults (the defaults reaching new
 * events and editions), followers and their CSV, prep programs (weekly plan rules, publication,
 * assignment to following athletes once each under concurrency, the public list) and the SaaS
 * subscription (free at once, paid through the local gateway activated by the webhook through the
 * inbox, one live subscription under concurrent subscribes, cancel).
 */
import { LocalGatewayControl } from "@podium/providers"
import { Context } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventBody, inDays } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer
beforeAll(async () => void (org = await seedOrganizer(host, "Brand Org")), 60_000)

const gateway = () => Context.get(host.context, LocalGatewayControl)
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = org.owner.headers) =>
  host.http.request(method, path, body, headers)

describe("brand page and cascade defaults", () => {
  it("is read by the team and written by OWNER or ADMIN; 401 without a session", async () => {
    expect((await send("GET", "/v2/organizer/brand/page", undefined, {})).status).toBe(401)
    const empty = await send("GET", "/v2/organizer/brand/page", undefined, org.viewer.headers)
    expect(empty.status).toBe(200)
    expect(empty.body.data).toMatchObject({ organizerId: org.id })
    expect((await send("PATCH", "/v2/organizer/brand/page", { tagline: "Run Pune" }, org.viewer.headers)).status).toBe(403)
    const saved = await send("PATCH", "/v2/organizer/brand/page", { tagline: "Run Pune", accentColor: "#FF5A1F", website: "https://runpune.example.com" }, org.admin.headers)
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ tagline: "Run Pune", accentColor: "#FF5A1F", website: "https://runpune.example.com" })
    const patched = await send("PATCH", "/v2/organizer/brand/page", { about: "Since 2010" })
    expect(patched.body.data).toMatchObject({ tagline: "Run Pune", about: "Since 2010" })
    expect((await send("GET", "/v2/organizer/brand/page")).body.data.about).toBe("Since 2010")
  })

  it("answers 400 in the spec's wording for a non-https link and a bad colour", async () => {
    const bad = await send("PATCH", "/v2/organizer/brand/page", { logoUrl: "http://x.example.com/a.png", accentColor: "orange" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining(["logoUrl must be an https URL", "accentColor must be a hexadecimal color"]))
  })

  it("cascades the refund policy into new events and the capacity into new editions", async () => {
    const own = await seedOrganizer(host, "Cascade Org")
    expect((await send("GET", "/v2/organizer/brand/cascade-defaults", undefined, own.viewer.headers)).body.data).toMatchObject({ refundPolicy: null, editionCapacity: null })
    const bad = await send("PATCH", "/v2/organizer/brand/cascade-defaults", { timezone: "Mars/Base", editionCapacity: 0 }, own.owner.headers)
    expect(bad.body.message).toEqual(expect.arrayContaining(["timezone must be a valid IANA time-zone", "editionCapacity must be an integer between 1 and 1000000"]))
    const saved = await send("PATCH", "/v2/organizer/brand/cascade-defaults", { refundPolicy: "Full refund until 7 days before", editionCapacity: 750, timezone: "Asia/Kolkata" }, own.owner.headers)
    expect(saved.status).toBe(200)
    const event = await send("POST", "/v2/events", eventBody(), own.owner.headers)
    expect(event.body.data.refundPolicy).toBe("Full refund until 7 days before")
    const edition = await send("PATCH", `/v2/organizers/events/${event.body.data.id}/edition`, { year: 2031, startsAt: inDays(50), endsAt: inDays(51) }, own.owner.headers)
    expect(edition.status).toBe(200)
    expect(edition.body.data.capacity).toBe(750)
  })
})

describe("followers", () => {
  it("lists the organization's followers and exports them as CSV (OWNER/ADMIN only)", async () => {
    const own = await seedOrganizer(host, "Followed Org")
    const fans = [await newAthlete(host), await newAthlete(host)]
    for (const fan of fans) expect((await send("POST", `/v2/organizations/${own.id}/follow`, undefined, fan.headers)).status).toBe(201)
    const list = await send("GET", "/v2/organizer/brand/followers", undefined, own.viewer.headers)
    expect(list.status).toBe(200)
    expect(list.body.data.total).toBe(2)
    expect(list.body.data.data.map((f: { userId: string }) => f.userId).sort()).toEqual(fans.map((f) => f.user.id).sort())
    expect((await send("GET", "/v2/organizer/brand/followers/export.csv", undefined, own.viewer.headers)).status).toBe(403)
    const csv = await send("GET", "/v2/organizer/brand/followers/export.csv", undefined, own.owner.headers)
    expect(csv.status).toBe(200)
    expect(csv.headers.get("content-type")).toContain("text/csv")
    const lines = csv.text.trim().split("\r\n")
    expect(lines[0]).toBe("userId,firstName,lastName,followedAt")
    expect(lines).toHaveLength(3)
    for (const fan of fans) expect(csv.text).toContain(fan.user.id)
  })
})

describe("prep programs", () => {
  const program = async (body: Record<string, unknown> = {}) => {
    const res = await send("POST", "/v2/organizer/brand/prep-programs", { title: "Couch to 10K", sport: "running", level: "beginner", weeks: 8, ...body })
    expect(res.status).toBe(201)
    return res.body.data as { id: string; status: string }
  }

  it("creates drafts, answers 400 in the spec's wording, and hides them from other organizers (404)", async () => {
    expect((await send("POST", "/v2/organizer/brand/prep-programs", { title: "Plan", sport: "running", level: "beginner", weeks: 4 }, org.viewer.headers)).status).toBe(403)
    const bad = await send("POST", "/v2/organizer/brand/prep-programs", { title: "x", sport: "running", level: "elite", weeks: 60 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "title must be longer than or equal to 3 and shorter than or equal to 120 characters",
      "level must be one of the following values: beginner, intermediate, advanced",
      "weeks must be an integer between 1 and 52"
    ]))
    const created = await program()
    expect(created).toMatchObject({ status: "draft", weeklyPlan: [], assignedCount: 0, organizerId: org.id })
    const other = await seedOrganizer(host, "Other Brand Org")
    expect((await send("GET", `/v2/organizer/brand/prep-programs/${created.id}`, undefined, other.owner.headers)).status).toBe(404)
    expect((await send("GET", `/v2/organizer/brand/prep-programs/${created.id}`, undefined, org.viewer.headers)).status).toBe(200)
  })

  it("replaces the weekly plan within the program's weeks, sorted; weeks beyond or repeated are 400", async () => {
    const { id } = await program({ weeks: 3 })
    const beyond = await send("PATCH", `/v2/organizer/brand/prep-programs/${id}/weekly-plan`, { weeks: [{ week: 4, focus: "Taper", sessions: [] }] })
    expect(beyond.status).toBe(400)
    expect(beyond.body.message).toEqual(["weeks 4 are beyond the program's 3 week(s)"])
    const twice = await send("PATCH", `/v2/organizer/brand/prep-programs/${id}/weekly-plan`, { weeks: [{ week: 1, focus: "A", sessions: [] }, { week: 1, focus: "B", sessions: [] }] })
    expect(twice.body.message).toEqual(["each week may appear only once"])
    const plan = await send("PATCH", `/v2/organizer/brand/prep-programs/${id}/weekly-plan`, {
      weeks: [
        { week: 2, focus: "Build", sessions: [{ day: 5, title: "Tempo 5K", durationMinutes: 30 }, { day: 2, title: "Easy 3K" }] },
        { week: 1, focus: "Base", sessions: [{ day: 1, title: "Walk-run", notes: "Keep it easy" }] }
      ]
    })
    expect(plan.status).toBe(200)
    expect(plan.body.data.weeklyPlan).toEqual([
      { week: 1, focus: "Base", sessions: [{ day: 1, title: "Walk-run", durationMinutes: null, notes: "Keep it easy" }] },
      { week: 2, focus: "Build", sessions: [{ day: 2, title: "Easy 3K", durationMinutes: null, notes: null }, { day: 5, title: "Tempo 5K", durationMinutes: 30, notes: null }] }
    ])
    const shorter = await send("PATCH", `/v2/organizer/brand/prep-programs/${id}`, { weeks: 1 })
    expect(shorter.status).toBe(400)
    expect(shorter.body.message).toEqual(["weeks 2 are beyond the program's 1 week(s)"])
  })

  it("assigns a published program to following athletes once each (5 concurrent assigns: one wins), skips the others; the public sees published ones", async () => {
    const own = await seedOrganizer(host, "Prep Org")
    const headers = own.owner.headers
    const created = await send("POST", "/v2/organizer/brand/prep-programs", { title: "Half Marathon Prep", sport: "running", level: "intermediate", weeks: 12 }, headers)
    const id = created.body.data.id as string
    const fan = await newAthlete(host)
    const stranger = await newAthlete(host)
    await send("POST", `/v2/organizations/${own.id}/follow`, undefined, fan.headers)
    const draft = await send("POST", `/v2/organizer/brand/prep-programs/${id}/assign`, { userIds: [fan.user.id] }, headers)
    expect(draft.status).toBe(409)
    expect(draft.body.code).toBe("PREP_PROGRAM_NOT_PUBLISHED")
    expect((await send("POST", `/v2/organizer/brand/prep-programs/${id}/assign`, { userIds: [] }, headers)).body.message).toEqual([
      "userIds must contain between 1 and 500 elements"
    ])
    expect((await host.http.get(`/v2/organizations/${own.id}/brand-prep-programs`)).body.data.total).toBe(0)
    expect((await send("PATCH", `/v2/organizer/brand/prep-programs/${id}`, { status: "published" }, headers)).body.data.status).toBe("published")
    const answers = await Promise.all(Array.from({ length: 5 }, () =>
      send("POST", `/v2/organizer/brand/prep-programs/${id}/assign`, { userIds: [fan.user.id, stranger.user.id] }, headers)))
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200))
    expect(answers.filter((a) => a.body.data.assigned.includes(fan.user.id))).toHaveLength(1)
    for (const a of answers) expect(a.body.data.skipped).toEqual([stranger.user.id])
    expect((await send("GET", `/v2/organizer/brand/prep-programs/${id}`, undefined, headers)).body.data.assignedCount).toBe(1)
    const listed = await send("GET", "/v2/organizer/brand/prep-programs?status=published", undefined, own.viewer.headers)
    expect(listed.body.data.data.map((p: { id: string }) => p.id)).toEqual([id])
    const pub = await host.http.get(`/v2/organizations/${own.id}/brand-prep-programs`)
    expect(pub.status).toBe(200)
    expect(pub.body.data.data.map((p: { id: string }) => p.id)).toEqual([id])
  })
})

describe("SaaS subscription", () => {
  it("lists plans; subscribes to a free plan at once, refuses a second live one, cancels once", async () => {
    const own = await seedOrganizer(host, "Saas Free Org")
    const plans = await send("GET", "/v2/organizer/brand/saas/plans", undefined, own.viewer.headers)
    expect(plans.body.data.map((p: { id: string }) => p.id)).toEqual(["starter", "growth", "pro"])
    expect((await send("GET", "/v2/organizer/brand/saas/my", undefined, own.viewer.headers)).body.data).toEqual({ subscription: null })
    expect((await send("POST", "/v2/organizer/brand/saas/subscribe", { planId: "starter" }, own.viewer.headers)).status).toBe(403)
    const unknown = await send("POST", "/v2/organizer/brand/saas/subscribe", { planId: "platinum" }, own.owner.headers)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("SAAS_PLAN_NOT_FOUND")
    expect((await send("POST", "/v2/organizer/brand/saas/subscribe", {}, own.owner.headers)).body.message).toEqual(["planId should not be empty"])
    const free = await send("POST", "/v2/organizer/brand/saas/subscribe", { planId: "starter" }, own.owner.headers)
    expect(free.status).toBe(201)
    expect(free.body.data).toMatchObject({ subscription: { planId: "starter", status: "active", amount: 0 }, payment: null })
    const again = await send("POST", "/v2/organizer/brand/saas/subscribe", { planId: "pro" }, own.owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("SAAS_ALREADY_SUBSCRIBED")
    const cancelled = await send("POST", "/v2/organizer/brand/saas/cancel", undefined, own.owner.headers)
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", planId: "starter" })
    const twice = await send("POST", "/v2/organizer/brand/saas/cancel", undefined, own.owner.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("SAAS_NOT_SUBSCRIBED")
  })

  it("of 5 concurrent subscribes exactly one wins", async () => {
    const own = await seedOrganizer(host, "Saas Race Org")
    const answers = await Promise.all(Array.from({ length: 5 }, () => send("POST", "/v2/organizer/brand/saas/subscribe", { planId: "starter" }, own.owner.headers)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(4).fill("SAAS_ALREADY_SUBSCRIBED"))
  })

  it("a paid plan is pending with a gateway order and activated by the gateway's webhook through the inbox, once", async () => {
    const own = await seedOrganizer(host, "Saas Paid Org")
    const res = await send("POST", "/v2/organizer/brand/saas/subscribe", { planId: "growth" }, own.owner.headers)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ subscription: { status: "pending_payment", amount: 249900 }, payment: { amount: 249900, currency: "INR" } })
    const { paymentId } = await host.run(gateway().pay(res.body.data.payment.orderId))
    const delivery = await host.run(gateway().webhook("payment.captured", paymentId))
    const headers = { "x-razorpay-signature": delivery.signature, "x-razorpay-event-id": delivery.eventId }
    const hook = await send("POST", "/v2/editions/webhooks/payment-gateway", delivery.rawBody, headers)
    expect(hook.body.data).toMatchObject({ status: "PROCESSED", duplicate: false })
    const mine = await send("GET", "/v2/organizer/brand/saas/my", undefined, own.viewer.headers)
    expect(mine.body.data.subscription).toMatchObject({ status: "active", planId: "growth", paymentId })
    expect(new Date(mine.body.data.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000)
    expect((await send("POST", "/v2/editions/webhooks/payment-gateway", delivery.rawBody, headers)).body.data.duplicate).toBe(true)
  })
})
