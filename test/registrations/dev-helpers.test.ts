/**
 * Dev and migration helpers through the real host (APP_ENV=test): platform admins only, booking
 * ids re-issued with their last 7 digits still unique per event (recorded on the timeline), a
 * device-less check-in with the scan's verdicts; in production every helper is refused with 403
 * DEV_HELPER_DISABLED (the use cases read the host's APP_ENV; checked here with it set).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Registrations } from "@podium/core"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { newAdmin, newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

describe("dev helpers", () => {
  it("answer 401 without a token and 403 to athletes and organizers", async () => {
    const org = await seedOrganizer(host())
    const athlete = await newAthlete(host())
    expect((await host().http.post("/v2/event-participations/assign-booking-ids-all", {})).status).toBe(401)
    expect((await host().http.post("/v2/event-participations/assign-booking-ids-all", {}, athlete.headers)).status).toBe(403)
    expect((await host().http.post("/v2/event-participations/reassign-all-booking-ids", {}, org.owner.headers)).status).toBe(403)
    const admin = await newAdmin(host())
    const bad = await host().http.post("/v2/event-participations/test-check-in", { participantId: "x" }, admin.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["participantId must be a UUID"])
  })

  it("re-issue booking ids keeping their last 7 digits unique per event, and record it on the timeline", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 20 })
    const athlete = await newAthlete(host())
    const admin = await newAdmin(host())
    const bookings: Array<{ id: string; bookingId: string; participants: Array<{ id: string }> }> = []
    for (let i = 0; i < 4; i++) bookings.push((await bookAs(host(), athlete.headers, event)).body.data)
    const one = await host().http.post(`/v2/event-participations/assign-booking-id/${bookings[0]!.participants[0]!.id}`, {}, admin.headers)
    expect(one.status).toBe(200)
    expect(one.body.data.bookingId).toMatch(/^\d{10}$/)
    expect(one.body.data.bookingId).not.toBe(bookings[0]!.bookingId)
    const timeline = await host().run(Effect.flatMap(Registrations.ParticipationRepo, (r) => r.timeline(bookings[0]!.id)))
    expect(timeline.map((t) => t.action)).toContain("booking_id.reissued")

    await sql((s) => s`update registrations.participations set booking_id = ${"0001234"}, booking_last7 = ${"0001234"} where id = ${bookings[1]!.id}`)
    expect((await host().http.post("/v2/event-participations/assign-booking-ids-all", {}, admin.headers)).body.data.updated).toBeGreaterThanOrEqual(1)
    const fixed = (await host().http.get(`/v2/event-participations/${bookings[1]!.id}`, athlete.headers)).body.data
    expect(fixed.bookingId).toMatch(/^\d{10}$/)

    const byEvent = await host().http.post(`/v2/event-participations/reassign-event-booking-ids/${event.eventId}`, {}, admin.headers)
    expect(byEvent.body.data).toEqual({ updated: 4 })
    const ids = (await host().http.get(`/v2/event-participations?eventId=${event.eventId}`, athlete.headers)).body.data.items.map((b: { bookingId: string }) => b.bookingId)
    expect(new Set(ids.map((id: string) => id.slice(-7))).size).toBe(4)
    expect((await host().http.post("/v2/event-participations/reassign-all-booking-ids", {}, admin.headers)).body.data.updated).toBeGreaterThanOrEqual(4)
  })

  it("test-check-in checks a participant in once, answering the scan's verdicts", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id)
    const athlete = await newAthlete(host())
    const admin = await newAdmin(host())
    const booking = (await bookAs(host(), athlete.headers, event, [person()])).body.data
    const body = { participantId: booking.participants[0].id }
    const answers = await Promise.all([1, 2, 3].map(() => host().http.post("/v2/event-participations/test-check-in", body, admin.headers)))
    expect(answers.map((a) => a.body.data.result).sort()).toEqual(["ok", "rejected", "rejected"])
    expect(answers.find((a) => a.body.data.result === "ok")!.body.data.checkedInBy).toBe(`admin:${admin.admin.id}`)
    expect((await host().http.post("/v2/event-participations/test-check-in", { participantId: "00000000-0000-4000-8000-0000000000aa" }, admin.headers)).status).toBe(404)
  })

  it("are refused with 403 DEV_HELPER_DISABLED in production", async () => {
    const refused = await host().run(Effect.exit(Registrations.reassignAllBookingIds(true, "00000000-0000-4000-8000-000000000001")))
    expect(Exit.isFailure(refused)).toBe(true)
    const error = Exit.isFailure(refused) && refused.cause._tag === "Fail" ? refused.cause.error : undefined
    expect(error).toBeInstanceOf(Registrations.DevHelperDisabled)
    expect((error as Registrations.DevHelperDisabled).message).toBe("reassign-all-booking-ids is disabled in production")
  })
})
