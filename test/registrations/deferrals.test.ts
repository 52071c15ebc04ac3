/**
 * Deferrals through the real host: who may call, the spec's 400 wording, request before the
 * deadline, cancel by the requester only, the organizer's fulfil into a future edition (a seat
 * taken there, the original released once and offered to the waitlist), complimentary entry,
 * rejection with a reason, the pending list, and racing decisions.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent, ticketOf } from "./support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

const setup = async (capacity = 5) => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { capacity })
  const next = await seedEvent(host(), org.id, { capacity: 3, startsInMs: 30 * 86_400_000 })
  const athlete = await newAthlete(host())
  const booking = (await bookAs(host(), athlete.headers, event, [person({ firstName: "Nisha" }), person()])).body.data
  return { org, event, next, athlete, booking, participant: booking.participants[0] }
}
const request = (headers: Record<string, string>, participantId: string, reason?: string) =>
  host().http.post("/v2/event-participations/deferrals", { participantId, ...(reason === undefined ? {} : { reason }) }, headers)

describe("deferrals: who may call and what they accept", () => {
  it("answers 401, 403 to organizers on requests and to athletes or viewers on decisions, 404 to another organizer", async () => {
    const { org, athlete, participant, next } = await setup()
    expect((await request({}, participant.id)).status).toBe(401)
    expect((await request(org.owner.headers, participant.id)).status).toBe(403)
    const deferral = (await request(athlete.headers, participant.id, "injury")).body.data
    const body = { targetEventId: next.eventId, ticketId: next.ticketId }
    expect((await host().http.post(`/v2/event-participations/deferrals/${deferral.id}/fulfil`, body, athlete.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/event-participations/deferrals/${deferral.id}/reject`, { reason: "no" }, org.viewer.headers)).status).toBe(403)
    expect((await host().http.get("/v2/event-participations/deferrals/pending", org.viewer.headers)).status).toBe(200)
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.post(`/v2/event-participations/deferrals/${deferral.id}/reject`, { reason: "not yours" }, other.owner.headers)).status).toBe(404)
    expect((await host().http.get("/v2/event-participations/deferrals/pending", other.owner.headers)).body.data.total).toBe(0)
    expect((await request((await newAthlete(host())).headers, participant.id)).status).toBe(404)
  })

  it("refuses malformed requests and decisions with the spec's wording", async () => {
    const { org, athlete, participant } = await setup()
    const bad = await host().http.post("/v2/event-participations/deferrals", { participantId: "x", reason: "" }, athlete.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["participantId must be a UUID", "reason must be longer than or equal to 1 and shorter than or equal to 1000 characters"])
    const deferral = (await request(athlete.headers, participant.id)).body.data
    const reject = await host().http.post(`/v2/event-participations/deferrals/${deferral.id}/reject`, {}, org.owner.headers)
    expect(reject.status).toBe(400)
    expect(reject.body.message).toEqual(["reason must be longer than or equal to 3 and shorter than or equal to 500 characters"])
    const fulfil = await host().http.post(`/v2/event-participations/deferrals/${deferral.id}/fulfil`, { targetEventId: "x" }, org.owner.headers)
    expect(fulfil.status).toBe(400)
    expect(fulfil.body.message).toEqual(["targetEventId must be a UUID", "ticketId must be a UUID"])
  })
})

describe("deferrals: requests", () => {
  it("one open request per participant; the requester cancels it; the deadline and the policy are enforced", async () => {
    const { org, event, athlete, participant, booking } = await setup()
    const first = await request(athlete.headers, participant.id, "injury")
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ status: "REQUESTED", participantId: participant.id, reason: "injury", eventId: event.eventId })
    expect((await request(athlete.headers, participant.id)).body.code).toBe("DEFERRAL_ALREADY_REQUESTED")
    expect((await host().http.get("/v2/event-participations/deferrals/mine", athlete.headers)).body.data.map((d: { id: string }) => d.id)).toEqual([first.body.data.id])
    const stranger = await newAthlete(host())
    expect((await host().http.delete(`/v2/event-participations/deferrals/${first.body.data.id}`, undefined, stranger.headers)).status).toBe(404)
    expect((await host().http.delete(`/v2/event-participations/deferrals/${first.body.data.id}`, undefined, athlete.headers)).body.data.status).toBe("CANCELLED")
    expect((await host().http.delete(`/v2/event-participations/deferrals/${first.body.data.id}`, undefined, athlete.headers)).body.code).toBe("DEFERRAL_STATUS_CONFLICT")

    const config = `/v2/organizer/events/${event.eventId}/self-service-config`
    await host().http.patch(config, { deferralDeadline: new Date(Date.now() - 1000).toISOString() }, org.owner.headers)
    expect((await request(athlete.headers, participant.id)).body.code).toBe("DEFERRAL_DEADLINE_PASSED")
    await host().http.patch(config, { deferralDeadline: null, allowDeferrals: false }, org.owner.headers)
    expect((await request(athlete.headers, participant.id)).body.code).toBe("DEFERRALS_DISABLED")
    await host().http.patch(config, { allowDeferrals: true }, org.owner.headers)
    await host().http.post(`/v2/organizer/events/${event.eventId}/check-in/scan`, { code: booking.participants[1].ticketCode }, org.owner.headers)
    expect((await request(athlete.headers, booking.participants[1].id)).body.code).toBe("PARTICIPANT_NOT_DEFERRABLE")
  })
})

describe("deferrals: the organizer's decisions", () => {
  it("fulfils into a future edition: a seat is taken there, the original released once and offered to the waitlist", async () => {
    const { org, event, next, athlete, booking, participant } = await setup(2)
    const waiter = await newAthlete(host())
    const entry = await host().http.post("/v2/event-participations/waitlist", { eventId: event.eventId, ticketId: event.ticketId }, waiter.headers)
    expect(entry.status).toBe(201)
    const deferral = (await request(athlete.headers, participant.id, "moving abroad")).body.data
    const pending = await host().http.get(`/v2/event-participations/deferrals/pending?eventId=${event.eventId}`, org.viewer.headers)
    expect(pending.body.data).toMatchObject({ total: 1, page: 1, limit: 20 })
    const same = await host().http.post(`/v2/event-participations/deferrals/${deferral.id}/fulfil`, { targetEventId: event.eventId, ticketId: event.ticketId }, org.owner.headers)
    expect(same.body.code).toBe("DEFERRAL_TARGET_INVALID")

    const done = await host().http.post(`/v2/event-participations/deferrals/${deferral.id}/fulfil`, { targetEventId: next.eventId, ticketId: next.ticketId }, org.owner.headers)
    expect(done.status).toBe(200)
    expect(done.body.data.deferral).toMatchObject({ status: "FULFILLED", targetEventId: next.eventId, newParticipationId: done.body.data.booking.id })
    expect(done.body.data.booking).toMatchObject({ eventId: next.eventId, status: "CONFIRMED", userId: athlete.user.id, seats: 1, amount: 0 })
    expect(done.body.data.booking.participants[0]).toMatchObject({ firstName: "Nisha", status: "ACTIVE" })
    expect((await ticketOf(host(), next))!.sold).toBe(1)
    // The freed seat went to the waitlist: still 2 taken on the original ticket (one booked, one offered).
    expect((await ticketOf(host(), event))!.sold).toBe(2)
    expect((await host().http.get(`/v2/event-participations/waitlist/position?eventId=${event.eventId}`, waiter.headers)).body.data.status).toBe("OFFERED")
    const old = (await host().http.get(`/v2/event-participations/${booking.id}`, athlete.headers)).body.data
    expect(old).toMatchObject({ status: "CONFIRMED", seats: 1 })
    expect(old.participants[0].status).toBe("DEFERRED")
    expect((await host().http.post(`/v2/event-participations/deferrals/${deferral.id}/issue-comp`, {}, org.owner.headers)).body.code).toBe("DEFERRAL_STATUS_CONFLICT")
    expect((await ticketOf(host(), event))!.sold).toBe(2)
  })

  it("issues a complimentary entry (the seat released, the code sent) or rejects with a reason (the seat stays)", async () => {
    const { org, event, athlete, booking } = await setup()
    const [p1, p2] = booking.participants
    const d1 = (await request(athlete.headers, p1.id)).body.data
    const d2 = (await request(athlete.headers, p2.id)).body.data
    const comp = await host().http.post(`/v2/event-participations/deferrals/${d1.id}/issue-comp`, { note: "See you next year" }, org.owner.headers)
    expect(comp.body.data).toMatchObject({ status: "COMP_ISSUED", decisionReason: "See you next year" })
    expect(comp.body.data.compCode).toMatch(/^COMP-\d{10}$/)
    const mail = await sql((s) => s`select recipient, body from notifications.outbox where producer = ${`registrations.deferral-comp:${d1.id}`}`)
    expect(mail).toHaveLength(1)
    expect((mail[0] as { body: string }).body).toContain(comp.body.data.compCode)
    expect((await ticketOf(host(), event))!.sold).toBe(1)
    const rejected = await host().http.post(`/v2/event-participations/deferrals/${d2.id}/reject`, { reason: "past the policy" }, org.owner.headers)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", decisionReason: "past the policy" })
    expect((await ticketOf(host(), event))!.sold).toBe(1)
    expect((await host().http.get(`/v2/event-participations/${booking.id}`, athlete.headers)).body.data.status).toBe("CONFIRMED")
  })
})

describe("deferrals under concurrency", () => {
  it("a fulfil, a comp, a reject and the requester's cancel racing: one wins and the seat is released at most once", async () => {
    const { org, event, next, athlete, participant } = await setup()
    const deferral = (await request(athlete.headers, participant.id)).body.data
    const base = `/v2/event-participations/deferrals/${deferral.id}`
    const answers = await Promise.all([
      host().http.post(`${base}/fulfil`, { targetEventId: next.eventId, ticketId: next.ticketId }, org.owner.headers),
      host().http.post(`${base}/issue-comp`, {}, org.owner.headers),
      host().http.post(`${base}/reject`, { reason: "racing" }, org.admin.headers),
      host().http.delete(base, undefined, athlete.headers),
      host().http.post(`${base}/issue-comp`, {}, org.admin.headers)
    ])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "DEFERRAL_STATUS_CONFLICT")).toBe(true)
    const released = answers[0]!.status === 200 || answers[1]!.status === 200 || answers[4]!.status === 200
    expect((await ticketOf(host(), event))!.sold).toBe(released ? 1 : 2)
    expect((await ticketOf(host(), next))!.sold).toBe(answers[0]!.status === 200 ? 1 : 0)
  })
})
