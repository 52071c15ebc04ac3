/**
 * Club runs through the real host: scheduling by club staff (validation, tenancy), the list, detail
 * and calendar reads with RSVP counts, RSVP rules (members only, capacity under concurrency, closed
 * runs), and the admin attendance operations (manual marks, inference from GOING RSVPs that never
 * overwrites a manual mark and is idempotent, the admin run list, the permission).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { addMember, clubAdmin, clubIn, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host())
}, 60_000)

const inDays = (days: number, hour = 6) => {
  const d = new Date(Date.now() + days * 86_400_000)
  d.setUTCHours(hour, 0, 0, 0)
  return d.toISOString()
}
const schedule = (clubId: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  host().http.post(`/v2/clubs/${clubId}/runs`, { title: "Sunday long run", startsAt: inDays(3), meetingPoint: "Gate 2", distanceKm: 21.1, ...body }, headers)
/** Moves a run into the past (it started two hours ago and ended an hour ago). */
const endRun = (runId: string) =>
  host().run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`update clubs.runs set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${runId}`))

describe("scheduling runs", () => {
  it("lets club staff schedule a run and shows it in the list, detail and calendar", async () => {
    const seeded = await seedClub(host())
    const created = await schedule(seeded.club.id, seeded.moderator.headers, { capacity: 20, startsAt: inDays(2), endsAt: inDays(2, 8) })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ clubId: seeded.club.id, status: "SCHEDULED", capacity: 20, distanceKm: 21.1, rsvpCounts: { going: 0, maybe: 0, notGoing: 0 }, myRsvp: null })
    const runId = created.body.data.id
    const list = await host().http.get(`/v2/clubs/${seeded.club.id}/runs`)
    expect(list.body.data).toMatchObject({ total: 1, items: [expect.objectContaining({ id: runId })] })
    const detail = await host().http.get(`/v2/clubs/${seeded.club.id}/runs/${runId}`, seeded.member.headers)
    expect(detail.body.data.id).toBe(runId)
    const month = inDays(2).slice(0, 7)
    const calendar = await host().http.get(`/v2/clubs/${seeded.club.id}/runs/calendar?month=${month}`)
    expect(calendar.status).toBe(200)
    expect(calendar.body.data).toEqual({ month, days: [{ date: inDays(2).slice(0, 10), runs: [expect.objectContaining({ id: runId })] }] })
    expect((await host().http.get(`/v2/clubs/${seeded.club.id}/runs/calendar?month=2026-13`)).status).toBe(400)
  })

  it("refuses members, strangers and anonymous callers, and bad input", async () => {
    const seeded = await seedClub(host())
    expect((await schedule(seeded.club.id, seeded.member.headers)).status).toBe(403)
    expect((await schedule(seeded.club.id, (await newAthlete(host())).headers)).status).toBe(403)
    expect((await schedule(seeded.club.id, {})).status).toBe(401)
    const bad = await schedule(seeded.club.id, seeded.owner.headers, { title: "x", startsAt: "tomorrow", capacity: 0 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringContaining("title"), expect.stringContaining("startsAt"), expect.stringContaining("capacity")]))
    const past = await schedule(seeded.club.id, seeded.owner.headers, { startsAt: inDays(-1) })
    expect(past.status).toBe(400)
    expect(past.body.message).toEqual(["startsAt must be in the future"])
  })

  it("hides the runs of a club athletes cannot see, and another club's run", async () => {
    const { club } = await clubIn(host(), "DRAFT")
    expect((await host().http.get(`/v2/clubs/${club.id}/runs`)).status).toBe(404)
    const a = await seedClub(host())
    const b = await seedClub(host())
    const run = await schedule(a.club.id, a.owner.headers)
    expect((await host().http.get(`/v2/clubs/${b.club.id}/runs/${run.body.data.id}`)).status).toBe(404)
  })
})

describe("RSVP", () => {
  it("records each member's answer and counts them; changing an answer moves the count", async () => {
    const seeded = await seedClub(host())
    const runId = (await schedule(seeded.club.id, seeded.owner.headers)).body.data.id
    const rsvp = (headers: Record<string, string>, status: string) => host().http.post(`/v2/clubs/${seeded.club.id}/runs/${runId}/rsvp`, { status }, headers)
    expect((await rsvp(seeded.member.headers, "GOING")).body.data).toEqual({ runId, status: "GOING", rsvpCounts: { going: 1, maybe: 0, notGoing: 0 } })
    await rsvp(seeded.admin.headers, "MAYBE")
    const changed = await rsvp(seeded.member.headers, "NOT_GOING")
    expect(changed.body.data.rsvpCounts).toEqual({ going: 0, maybe: 1, notGoing: 1 })
    const mine = await host().http.get(`/v2/clubs/${seeded.club.id}/runs/${runId}`, seeded.admin.headers)
    expect(mine.body.data.myRsvp).toBe("MAYBE")
    expect((await rsvp(seeded.member.headers, "SOMETIMES")).status).toBe(400)
    expect((await rsvp((await newAthlete(host())).headers, "GOING")).status).toBe(403)
  })

  it("never lets GOING exceed the capacity, even for concurrent answers", async () => {
    const seeded = await seedClub(host())
    const runId = (await schedule(seeded.club.id, seeded.owner.headers, { capacity: 2 })).body.data.id
    const members = await Promise.all(Array.from({ length: 6 }, () => addMember(host(), seeded.club.id)))
    const answers = await Promise.all(members.map((m) => host().http.post(`/v2/clubs/${seeded.club.id}/runs/${runId}/rsvp`, { status: "GOING" }, m.headers)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "RUN_FULL")).toBe(true)
    const detail = await host().http.get(`/v2/clubs/${seeded.club.id}/runs/${runId}`)
    expect(detail.body.data.rsvpCounts.going).toBe(2)
  })

  it("closes RSVP once the run has started", async () => {
    const seeded = await seedClub(host())
    const runId = (await schedule(seeded.club.id, seeded.owner.headers)).body.data.id
    await endRun(runId)
    const late = await host().http.post(`/v2/clubs/${seeded.club.id}/runs/${runId}/rsvp`, { status: "GOING" }, seeded.member.headers)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("RUN_CLOSED")
  })
})

describe("attendance (admin)", () => {
  it("infers attendance from GOING RSVPs of ended runs, keeps manual marks, and is idempotent", async () => {
    const seeded = await seedClub(host())
    const runId = (await schedule(seeded.club.id, seeded.owner.headers)).body.data.id
    const rsvp = (headers: Record<string, string>, status: string) => host().http.post(`/v2/clubs/${seeded.club.id}/runs/${runId}/rsvp`, { status }, headers)
    await rsvp(seeded.member.headers, "GOING")
    await rsvp(seeded.admin.headers, "GOING")
    await rsvp(seeded.moderator.headers, "MAYBE")
    await endRun(runId)
    const manual = await host().http.post(`/v2/admin/clubs/runs/${runId}/attendance/manual`, { userIds: [seeded.admin.user.id], present: false }, admin.headers)
    expect(manual.body.data).toEqual({ runId, marked: 1 })

    const inferred = await Promise.all([
      host().http.post("/v2/admin/clubs/attendance/infer", { runId }, admin.headers),
      host().http.post("/v2/admin/clubs/attendance/infer", { runId }, admin.headers)
    ])
    expect(inferred.map((r) => r.status)).toEqual([200, 200])
    expect(inferred.reduce((sum, r) => sum + r.body.data.marked, 0)).toBe(1)
    const again = await host().http.post("/v2/admin/clubs/attendance/infer", {}, admin.headers)
    expect(again.status).toBe(200)

    const sheet = await host().http.get(`/v2/admin/clubs/runs/${runId}/attendance`, admin.headers)
    expect(sheet.body.data.run.status).toBe("COMPLETED")
    expect(sheet.body.data.present).toBe(1)
    const byUser = Object.fromEntries(sheet.body.data.attendance.map((a: { userId: string }) => [a.userId, a]))
    expect(byUser[seeded.member.user.id]).toMatchObject({ present: true, source: "INFERRED" })
    expect(byUser[seeded.admin.user.id]).toMatchObject({ present: false, source: "MANUAL" })
    expect(byUser[seeded.moderator.user.id]).toBeUndefined()
  })

  it("lists every club's runs for admins and checks the permission and input", async () => {
    const seeded = await seedClub(host())
    const runId = (await schedule(seeded.club.id, seeded.owner.headers)).body.data.id
    const listed = await host().http.get(`/v2/admin/clubs/runs?clubId=${seeded.club.id}`, admin.headers)
    expect(listed.body.data.items.map((r: { id: string }) => r.id)).toEqual([runId])
    const other = await clubAdmin(host(), ["notifications.manage"])
    expect((await host().http.get("/v2/admin/clubs/runs", other.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/admin/clubs/runs/${runId}/attendance/manual`, { userIds: [] }, admin.headers)).status).toBe(400)
    expect((await host().http.get("/v2/admin/clubs/runs/00000000-0000-4000-8000-000000000000/attendance", admin.headers)).status).toBe(404)
    expect((await host().http.post("/v2/admin/clubs/attendance/infer", { runId: "nope" }, admin.headers)).status).toBe(400)
  })
})
