/**
 * Check-in through the real host: every scan answers 200 with a verdict; forged codes, other
 * events, cancelled and unpaid bookings and early scans are refused with their reason; a nonce
 * makes a retry answer the first verdict; two devices scanning one ticket get one `ok`; offline
 * batches replay safely; undo is audited; status, search and summary follow the scans.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete as athleteOf, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

/** An organizer, its event (check-in open) and a confirmed booking of `seats` participants. */
const scenario = async (seats = 1, options: Parameters<typeof seedEvent>[2] = {}) => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, options)
  const athlete = await athleteOf(host())
  const booking = (await bookAs(host(), athlete.headers, event, Array.from({ length: seats }, () => person()))).body.data
  const scan = (body: Record<string, unknown>, headers = org.admin.headers, eventId = event.eventId) =>
    host().http.post(`/v2/organizer/events/${eventId}/check-in/scan`, body, headers)
  return { org, event, athlete, booking, scan, code: booking.participants[0].ticketCode as string }
}

describe("check-in: who may scan", () => {
  it("answers 401 without a token, 403 to a viewer and to another organizer's team, 404 for another organizer's event", async () => {
    const { org, event, scan, code } = await scenario()
    expect((await scan({ code }, {})).status).toBe(401)
    expect((await scan({ code }, org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host(), "Other")
    expect((await scan({ code }, { ...other.owner.headers, "x-organizer-id": org.id })).status).toBe(403)
    const foreign = await scan({ code }, other.owner.headers)
    expect(foreign.status).toBe(404)
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/check-in/summary`, org.viewer.headers)).status).toBe(200)
    const bad = await scan({ code: "", nonce: "" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "code must be longer than or equal to 1 and shorter than or equal to 200 characters",
      "nonce must be longer than or equal to 1 and shorter than or equal to 100 characters"
    ])
  })
})

describe("check-in verdicts", () => {
  it("checks in once; a second scan is rejected already_checked_in with who and when", async () => {
    const { org, scan, code, booking } = await scenario()
    const first = await scan({ code })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ result: "ok", reason: null, checkedInBy: `organizer:${org.admin.memberId}` })
    expect(first.body.data.participant).toMatchObject({ id: booking.participants[0].id, bookingId: booking.bookingId })
    const second = await scan({ code }, org.owner.headers)
    expect(second.status).toBe(200)
    expect(second.body.data).toMatchObject({
      result: "rejected",
      reason: "already_checked_in",
      checkedInBy: `organizer:${org.admin.memberId}`,
      checkedInAt: first.body.data.checkedInAt,
      checkInId: first.body.data.checkInId
    })
  })

  it("rejects forged and unknown codes, other events, cancelled and unpaid bookings, and scans before check-in opens", async () => {
    const { org, event, scan, code, booking } = await scenario()
    const forged = `${code.slice(0, -4)}0000`
    expect((await scan({ code: forged })).body.data).toMatchObject({ result: "rejected", reason: "unknown", participant: null })
    expect((await scan({ code: "garbage" })).body.data.reason).toBe("unknown")

    const second = await seedEvent(host(), org.id)
    expect((await scan({ code }, org.admin.headers, second.eventId)).body.data.reason).toBe("wrong_event")

    await host().http.post(`/v2/organizers/events/${event.eventId}/bookings/${booking.id}/cancel`, { reason: "duplicate" }, org.admin.headers)
    expect((await scan({ code })).body.data).toMatchObject({ result: "rejected", reason: "cancelled" })

    const paid = await seedEvent(host(), org.id, { price: 10_000 })
    const athlete = await athleteOf(host())
    const pending = (await bookAs(host(), athlete.headers, paid)).body.data
    expect((await scan({ code: pending.participants[0].ticketCode }, org.admin.headers, paid.eventId)).body.data.reason).toBe("unpaid")

    const later = await seedEvent(host(), org.id, { startsInMs: 3 * 86_400_000 })
    const early = (await bookAs(host(), athlete.headers, later)).body.data
    expect((await scan({ code: early.participants[0].ticketCode }, org.admin.headers, later.eventId)).body.data.reason).toBe("not_started")
  })

  it("answers a device's retry with the same nonce with the first verdict and never checks in twice", async () => {
    const { scan, code } = await scenario()
    const first = await scan({ code, nonce: "device-1:0001" })
    const retry = await scan({ code, nonce: "device-1:0001" })
    expect(first.body.data.result).toBe("ok")
    expect(retry.body.data).toEqual(first.body.data)
    expect((await scan({ code, nonce: "device-1:0002" })).body.data.reason).toBe("already_checked_in")
  })

  it("two devices scanning one ticket at once: exactly one ok", async () => {
    const { org, scan, code, booking } = await scenario()
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => scan({ code, nonce: `device-${i}:1` }, i % 2 === 0 ? org.admin.headers : org.owner.headers)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(answers.filter((a) => a.body.data.result === "ok")).toHaveLength(1)
    expect(answers.filter((a) => a.body.data.reason === "already_checked_in")).toHaveLength(7)
    const live = await sql((s) => s`select count(*)::int as n from registrations.check_ins where participant_id = ${booking.participants[0].id} and undone_at is null`)
    expect(live[0]).toEqual({ n: 1 })
  })

  it("the same nonce sent concurrently answers one verdict", async () => {
    const { scan, code } = await scenario()
    const answers = await Promise.all(Array.from({ length: 4 }, () => scan({ code, nonce: "device-9:7" })))
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1)
    expect(answers[0]!.body.data.result).toBe("ok")
  })
})

describe("offline sync, by booking, manual, undo, status, search and summary", () => {
  it("answers an offline batch per scan in order with their scannedAt; a replay changes nothing", async () => {
    const { event, org, athlete } = await scenario()
    const more = (await bookAs(host(), athlete.headers, event, [person(), person(), person()])).body.data
    const codes = more.participants.map((p: { ticketCode: string }) => p.ticketCode)
    const scannedAt = new Date(Date.now() - 60_000).toISOString()
    const scans = [
      { code: codes[0], nonce: "off-1", scannedAt },
      { code: codes[1], nonce: "off-2", scannedAt },
      { code: codes[0], nonce: "off-3", scannedAt },
      { code: "forged.0000", nonce: "off-4", scannedAt }
    ]
    const path = `/v2/organizer/events/${event.eventId}/check-in/sync-batch`
    const batch = await host().http.post(path, { scans }, org.admin.headers)
    expect(batch.status).toBe(200)
    expect(batch.body.data.results.map((r: { nonce: string; result: string; reason: string | null }) => [r.nonce, r.result, r.reason])).toEqual([
      ["off-1", "ok", null],
      ["off-2", "ok", null],
      ["off-3", "rejected", "already_checked_in"],
      ["off-4", "rejected", "unknown"]
    ])
    const replay = await host().http.post(path, { scans }, org.admin.headers)
    expect(replay.body.data).toEqual(batch.body.data)
    const rows = await sql((s) => s`select scanned_at from registrations.check_ins where event_id = ${event.eventId}`)
    expect(rows).toHaveLength(2)
    expect((rows[0] as { scannedAt: Date }).scannedAt.toISOString()).toBe(scannedAt)
    const summary = await host().http.get(`/v2/organizer/events/${event.eventId}/check-in/summary`, org.viewer.headers)
    expect(summary.body.data).toEqual({ checkedIn: 2, total: 4, byWave: [{ slotId: event.slotId, checkedIn: 2, total: 4 }] })
  })

  it("checks in a whole booking by the last 7 digits of its id, and one participant by id", async () => {
    const { event, org, booking, athlete } = await scenario(2)
    const res = await host().http.post(`/v2/event-participations/check-in/by-booking/${event.eventId}`, { last7: booking.bookingId.slice(-7) }, org.admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data.result).toBe("ok")
    expect(res.body.data.participants.map((v: { result: string }) => v.result)).toEqual(["ok", "ok"])
    const unknown = await host().http.post(`/v2/event-participations/check-in/by-booking/${event.eventId}`, { last7: "0000000" }, org.admin.headers)
    expect(unknown.body.data).toMatchObject({ result: "rejected", reason: "unknown" })
    const bad = await host().http.post(`/v2/event-participations/check-in/by-booking/${event.eventId}`, { last7: "12" }, org.admin.headers)
    expect(bad.body.message).toEqual(["last7 must be at least 7 digits"])

    const other = (await bookAs(host(), athlete.headers, event)).body.data
    const manual = await host().http.post(`/v2/event-participations/check-in/${other.participants[0].id}`, {}, org.admin.headers)
    expect(manual.body.data.result).toBe("ok")
    const outsider = await seedOrganizer(host(), "Outsider")
    expect((await host().http.post(`/v2/event-participations/check-in/${other.participants[0].id}`, {}, outsider.owner.headers)).status).toBe(404)
  })

  it("undoes a check-in once with an audit row; the participant can be scanned again; status and search follow", async () => {
    const { event, org, scan, code, booking } = await scenario()
    const ok = (await scan({ code })).body.data
    const statusPath = `/v2/organizer/events/${event.eventId}/check-in/status?participantId=${booking.participants[0].id}`
    expect((await host().http.get(statusPath, org.viewer.headers)).body.data.checkIn.id).toBe(ok.checkInId)
    const undo = await host().http.post(`/v2/organizer/events/${event.eventId}/check-in/${ok.checkInId}/undo`, { reason: "scanned the wrong runner" }, org.owner.headers)
    expect(undo.status).toBe(200)
    expect(undo.body.data).toMatchObject({ id: ok.checkInId, undoneBy: `organizer:${org.owner.memberId}`, undoReason: "scanned the wrong runner" })
    const again = await host().http.post(`/v2/organizer/events/${event.eventId}/check-in/${ok.checkInId}/undo`, {}, org.owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CHECK_IN_ALREADY_UNDONE")
    expect((await host().http.post(`/v2/organizer/events/${event.eventId}/check-in/00000000-0000-4000-8000-000000000001/undo`, {}, org.owner.headers)).status).toBe(404)
    const audit = await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ action: "registrations.check_in.undone", limit: 10 })))
    expect(audit.some((e) => e.data.checkInId === ok.checkInId)).toBe(true)
    expect((await host().http.get(statusPath, org.viewer.headers)).body.data.checkIn).toBe(null)
    expect((await scan({ code })).body.data.result).toBe("ok")

    const search = await host().http.get(`/v2/organizer/events/${event.eventId}/check-in/search?q=${booking.bookingId.slice(-7)}`, org.viewer.headers)
    expect(search.body.data).toMatchObject({ total: 1, page: 1, limit: 20 })
    expect(search.body.data.items[0].participant.id).toBe(booking.participants[0].id)
    expect(search.body.data.items[0].checkIn).not.toBe(null)
    const byName = await host().http.get(`/v2/organizer/events/${event.eventId}/check-in/search?q=${encodeURIComponent(booking.participants[0].lastName)}`, org.viewer.headers)
    expect(byName.body.data.total).toBe(1)
  })
})
