/**
 * Journeys and steps through the real host: steps appear once mappings name them, a role's journey
 * orders them by position then key, PATCH sets name/position/enabled/delay (404 for unknown
 * steps or roles, 400 on invalid fields), and the summaries count them.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { adminWithPermissions, signInUser } from "./http-support.js"

const host = realHostOf(import.meta.url)
let manager: Record<string, string>
let plainAdmin: Record<string, string>
let user: Record<string, string>

const adminWith = (permissions: ReadonlyArray<string>) => adminWithPermissions(host, permissions)
const get = (path: string, headers = manager) => host.http.get(path, { headers })
const request = (method: string, path: string, body?: unknown, headers = manager) => host.http.request(method, path, body, headers)

beforeAll(async () => {
  manager = await adminWith(["notifications.manage"])
  plainAdmin = await adminWith(["admins.read"])
  user = await signInUser(host)
  await request("POST", "/v2/admin/notification-templates/sms", { key: "hello.sms", name: "Hello", body: "Hi", variables: [] })
  await request("POST", "/v2/admin/notification-templates/email", { key: "hello.email", name: "Hello", subject: "Hi", body: "Hi", variables: [] })
  const bulk = await request("POST", "/v2/admin/notification-mappings/bulk", {
    bulk: [
      { role: "user", step: "welcome.day1", channel: "sms", templateKey: "hello.sms" },
      { role: "user", step: "welcome.day1", channel: "email", templateKey: "hello.email" },
      { role: "user", step: "welcome.day3", channel: "sms", templateKey: "hello.sms" },
      { role: "organizer", step: "welcome.day1", channel: "email", templateKey: "hello.email" }
    ]
  })
  if (bulk.status !== 201) throw new Error(bulk.text)
}, 60_000)

describe("notification journeys and steps over HTTP", () => {
  it("requires an admin holding notifications.manage", async () => {
    expect((await host.http.get("/v2/admin/notification-steps")).status).toBe(401)
    expect((await get("/v2/admin/notification-journeys/user", user)).status).toBe(403)
    expect((await get("/v2/admin/notification-steps/summary", plainAdmin)).status).toBe(403)
  })

  it("a role's journey lists its mapped steps with their mappings, reordered by position", async () => {
    const journey = await get("/v2/admin/notification-journeys/user")
    expect(journey.status).toBe(200)
    expect(journey.body.data.role).toBe("user")
    expect(journey.body.data.steps.map((s: { step: string }) => s.step)).toEqual(["welcome.day1", "welcome.day3"])
    expect(journey.body.data.steps[0]).toMatchObject({
      name: "welcome.day1",
      position: null,
      enabled: true,
      delayMinutes: 0,
      mappings: [{ channel: "email", templateKey: "hello.email", enabled: true }, { channel: "sms", templateKey: "hello.sms", enabled: true }]
    })
    const moved = await request("PATCH", "/v2/admin/notification-journeys/user/steps/welcome.day3", { position: 1, name: "Day 3 nudge", delayMinutes: 2880 })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ step: "welcome.day3", name: "Day 3 nudge", position: 1, delayMinutes: 2880, enabled: true })
    const disabled = await request("PATCH", "/v2/admin/notification-journeys/user/steps/welcome.day3", { enabled: false })
    expect(disabled.body.data).toMatchObject({ name: "Day 3 nudge", position: 1, enabled: false })
    const after = await get("/v2/admin/notification-journeys/user")
    expect(after.body.data.steps.map((s: { step: string }) => s.step)).toEqual(["welcome.day3", "welcome.day1"])
    // The organizer's step of the same key is separate.
    const organizer = await get("/v2/admin/notification-journeys/organizer")
    expect(organizer.body.data.steps).toHaveLength(1)
    expect(organizer.body.data.steps[0]).toMatchObject({ step: "welcome.day1", enabled: true })
  })

  it("refuses unknown steps and roles (404) and invalid fields (400)", async () => {
    expect((await request("PATCH", "/v2/admin/notification-journeys/user/steps/never.mapped", { enabled: false })).status).toBe(404)
    expect((await request("PATCH", "/v2/admin/notification-journeys/athlete/steps/welcome.day1", { enabled: false })).status).toBe(404)
    expect((await get("/v2/admin/notification-journeys/athlete")).status).toBe(404)
    const bad = await request("PATCH", "/v2/admin/notification-journeys/user/steps/welcome.day1", { position: -1, delayMinutes: "soon", enabled: "no" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      expect.stringContaining("position"),
      expect.stringContaining("delayMinutes must"),
      expect.stringContaining("enabled must")
    ]))
  })

  it("steps: list with filters, one step across roles, and summaries", async () => {
    const all = await get("/v2/admin/notification-steps")
    expect(all.status).toBe(200)
    expect(all.body.data.map((s: { role: string; step: string }) => `${s.role}/${s.step}`)).toEqual(
      expect.arrayContaining(["organizer/welcome.day1", "user/welcome.day1", "user/welcome.day3"])
    )
    const organizers = await get("/v2/admin/notification-steps?role=organizer")
    expect(organizers.body.data.map((s: { step: string }) => s.step)).toEqual(["welcome.day1"])
    const searched = await get("/v2/admin/notification-steps?search=day3")
    expect(searched.body.data.map((s: { step: string }) => s.step)).toEqual(["welcome.day3"])
    expect((await get("/v2/admin/notification-steps?role=athlete")).status).toBe(400)

    const one = await get("/v2/admin/notification-steps/welcome.day1")
    expect(one.status).toBe(200)
    expect(one.body.data.map((s: { role: string }) => s.role).sort()).toEqual(["organizer", "user"])
    expect((await get("/v2/admin/notification-steps/never.mapped")).status).toBe(404)

    await request("PATCH", "/v2/admin/notification-journeys/user/steps/welcome.day1", { enabled: true })
    await request("PATCH", "/v2/admin/notification-journeys/user/steps/welcome.day3", { enabled: false })
    const summary = await get("/v2/admin/notification-steps/summary")
    expect(summary.status).toBe(200)
    expect(summary.body.data).toEqual({ steps: 3, enabled: 2, disabled: 1, unmapped: 0, mappingsByChannel: { email: 2, sms: 2, push: 0, chatapp: 0 } })
    const perRole = await get("/v2/admin/notification-journeys/summary")
    expect(perRole.status).toBe(200)
    expect(perRole.body.data).toEqual([
      { role: "user", steps: 2, enabled: 1, disabled: 1, unmapped: 0, mappingsByChannel: { email: 1, sms: 2, push: 0, chatapp: 0 } },
      { role: "organizer", steps: 1, enabled: 1, disabled: 0, unmapped: 0, mappingsByChannel: { email: 1, sms: 0, push: 0, chatapp: 0 } },
      { role: "admin", steps: 0, enabled: 0, disabled: 0, unmapped: 0, mappingsByChannel: { email: 0, sms: 0, push: 0, chatapp: 0 } }
    ])
  })
})
