/**
 * Transfers through the real host: who may call, the spec's 400 wording, the token sent to the
 * recipient, acceptance moving the seat once (the old code dies, the new one scans ok, no counter
 * moves), reject and cancel, the policy's limit and deadline, and racing accepts.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent, ticketOf } from "./support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

const setup = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { capacity: 5 })
  const sender = await newAthlete(host())
  const booking = (await bookAs(host(), sender.headers, event, [person(), person()])).body.data
  return { org, event, sender, booking, participant: booking.participants[0] }
}

const initiate = (headers: Record<string, string>, participantId: string, recipient: { user: { phoneNumber: string | null } }, over: Record<string, unknown> = {}) =>
  host().http.post("/v2/event-participations/transfers", {
    participantId,
    phoneNumber: recipient.user.phoneNumber,
    email: "friend@example.com",
    firstName: "Kiran",
    lastName: "Rao",
    ...over
  }, headers)

describe("transfers: who may call and what they accept", () => {
  it("answers 401 without a token and 403 to an organizer; 404 for another athlete's participant", async () => {
    const { org, participant } = await setup()
    const friend = await newAthlete(host())
    expect((await initiate({}, participant.id, friend)).status).toBe(401)
    expect((await initiate(org.owner.headers, participant.id, friend)).status).toBe(403)
    const res = await initiate(friend.headers, participant.id, friend)
    expect(res.status).toBe(404)
    expect((await host().http.get("/v2/event-participations/transfers/mine")).status).toBe(401)
  })

  it("refuses a malformed transfer with the spec's wording, and one naming nobody", async () => {
    const { sender, participant } = await setup()
    const bad = await host().http.post("/v2/event-participations/transfers", { participantId: "x", email: "nope", lastName: "Rao" }, sender.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["participantId must be a UUID", "email must be an email", "firstName must be longer than or equal to 1 and shorter than or equal to 60 characters"])
    const nobody = await host().http.post("/v2/event-participations/transfers", { participantId: participant.id, firstName: "A", lastName: "B" }, sender.headers)
    expect(nobody.status).toBe(400)
    expect(nobody.body.code).toBe("TRANSFER_RECIPIENT_REQUIRED")
  })
})

describe("transfers: handing a seat over", () => {
  it("sends a token, and accepting it moves the seat once: the old code dies, the recipient's new code scans ok, nothing is sold twice", async () => {
    const { org, event, sender, booking, participant } = await setup()
    const friend = await newAthlete(host())
    const started = await initiate(sender.headers, participant.id, friend)
    expect(started.status).toBe(201)
    const { transfer, token } = started.body.data
    expect(transfer).toMatchObject({ status: "PENDING", participantId: participant.id, toPhone: friend.user.phoneNumber, toFirstName: "Kiran" })
    const sms = await sql((s) => s`select recipient, body from notifications.outbox where producer = ${`registrations.transfer:${transfer.id}`} and channel = 'SMS'`)
    expect(sms).toHaveLength(1)
    expect((sms[0] as { body: string }).body).toContain(token)
    const preview = await host().http.get(`/v2/event-participations/transfers/by-token/${token}`)
    expect(preview.body.data).toMatchObject({ id: transfer.id, status: "PENDING", eventId: event.eventId, toFirstName: "Kiran" })
    expect((await host().http.get(`/v2/event-participations/transfers/by-token/${"0".repeat(40)}`)).status).toBe(404)
    expect((await host().http.get("/v2/event-participations/transfers/mine", friend.headers)).body.data.received.map((t: { id: string }) => t.id)).toEqual([transfer.id])
    expect((await host().http.get("/v2/event-participations/transfers/mine", sender.headers)).body.data.sent.map((t: { id: string }) => t.id)).toEqual([transfer.id])
    expect((await host().http.post(`/v2/event-participations/transfers/by-token/${token}/accept`, {}, sender.headers)).status).toBe(404)

    const accepted = await host().http.post(`/v2/event-participations/transfers/by-token/${token}/accept`, {}, friend.headers)
    expect(accepted.status).toBe(200)
    const newBooking = accepted.body.data.booking
    expect(accepted.body.data.transfer).toMatchObject({ status: "ACCEPTED", acceptedBy: friend.user.id, newParticipationId: newBooking.id })
    expect(newBooking).toMatchObject({ status: "CONFIRMED", seats: 1, amount: 0, userId: friend.user.id, ticketId: event.ticketId })
    expect(newBooking.participants[0]).toMatchObject({ firstName: "Kiran", lastName: "Rao", email: "friend@example.com", status: "ACTIVE" })
    expect((await ticketOf(host(), event))!.sold).toBe(2)
    const old = (await host().http.get(`/v2/event-participations/${booking.id}`, sender.headers)).body.data
    expect(old).toMatchObject({ status: "CONFIRMED", seats: 1 })
    expect(old.participants[0]).toMatchObject({ id: participant.id, status: "TRANSFERRED" })

    const scan = (code: string) => host().http.post(`/v2/organizer/events/${event.eventId}/check-in/scan`, { code }, org.owner.headers)
    expect((await scan(participant.ticketCode)).body.data).toMatchObject({ result: "rejected", reason: "cancelled" })
    expect((await scan(newBooking.participants[0].ticketCode)).body.data).toMatchObject({ result: "ok" })
    expect((await host().http.post(`/v2/event-participations/transfers/by-token/${token}/accept`, {}, friend.headers)).body.code).toBe("TRANSFER_STATUS_CONFLICT")
  })

  it("one transfer per seat unless the organizer allows more; the last seat's booking becomes TRANSFERRED", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 3 })
    const a = await newAthlete(host())
    const b = await newAthlete(host())
    const c = await newAthlete(host())
    const booking = (await bookAs(host(), a.headers, event)).body.data
    const t1 = (await initiate(a.headers, booking.participants[0].id, b)).body.data
    const moved = await host().http.post(`/v2/event-participations/transfers/${t1.transfer.id}/accept`, {}, b.headers)
    expect(moved.status).toBe(200)
    expect((await host().http.get(`/v2/event-participations/${booking.id}`, a.headers)).body.data).toMatchObject({ status: "TRANSFERRED", seats: 0 })
    const again = await initiate(b.headers, moved.body.data.booking.participants[0].id, c)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("TRANSFER_LIMIT_REACHED")
    await host().http.patch(`/v2/organizer/events/${event.eventId}/self-service-config`, { maxTransfersPerParticipant: 2 }, org.owner.headers)
    expect((await initiate(b.headers, moved.body.data.booking.participants[0].id, c)).status).toBe(201)
  })

  it("the recipient rejects, the sender cancels, one pending transfer per participant, and strangers see nothing", async () => {
    const { sender, participant } = await setup()
    const friend = await newAthlete(host())
    const stranger = await newAthlete(host())
    const first = (await initiate(sender.headers, participant.id, friend)).body.data.transfer
    const twice = await initiate(sender.headers, participant.id, friend)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("TRANSFER_ALREADY_PENDING")
    expect((await host().http.post(`/v2/event-participations/transfers/${first.id}/reject`, {}, stranger.headers)).status).toBe(404)
    expect((await host().http.post(`/v2/event-participations/transfers/${first.id}/accept`, {}, stranger.headers)).status).toBe(404)
    const rejected = await host().http.post(`/v2/event-participations/transfers/${first.id}/reject`, {}, friend.headers)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED" })
    const second = (await initiate(sender.headers, participant.id, friend)).body.data.transfer
    expect((await host().http.delete(`/v2/event-participations/transfers/${second.id}`, undefined, friend.headers)).status).toBe(404)
    const cancelled = await host().http.delete(`/v2/event-participations/transfers/${second.id}`, undefined, sender.headers)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED" })
    expect((await host().http.delete(`/v2/event-participations/transfers/${second.id}`, undefined, sender.headers)).body.code).toBe("TRANSFER_STATUS_CONFLICT")
  })

  it("refuses after the transfer deadline, when the organizer disallows transfers, and for a checked-in participant", async () => {
    const { org, event, sender, participant, booking } = await setup()
    const friend = await newAthlete(host())
    const config = `/v2/organizer/events/${event.eventId}/self-service-config`
    await host().http.patch(config, { transferDeadline: new Date(Date.now() - 60_000).toISOString() }, org.owner.headers)
    expect((await initiate(sender.headers, participant.id, friend)).body.code).toBe("TRANSFER_DEADLINE_PASSED")
    await host().http.patch(config, { transferDeadline: null, allowTransfers: false }, org.owner.headers)
    expect((await initiate(sender.headers, participant.id, friend)).body.code).toBe("TRANSFERS_DISABLED")
    await host().http.patch(config, { allowTransfers: true }, org.owner.headers)
    await host().http.post(`/v2/organizer/events/${event.eventId}/check-in/scan`, { code: booking.participants[1].ticketCode }, org.owner.headers)
    expect((await initiate(sender.headers, booking.participants[1].id, friend)).body.code).toBe("PARTICIPANT_NOT_TRANSFERABLE")
    expect((await initiate(sender.headers, participant.id, friend)).status).toBe(201)
  })
})

describe("transfers under concurrency", () => {
  it("six accepts racing a cancel: exactly one outcome wins and the seat moves at most once", async () => {
    const { event, sender, participant } = await setup()
    const friend = await newAthlete(host())
    const { transfer, token } = (await initiate(sender.headers, participant.id, friend)).body.data
    const takers = await Promise.all(Array.from({ length: 6 }, () => newAthlete(host())))
    const answers = await Promise.all([
      ...takers.map((t) => host().http.post(`/v2/event-participations/transfers/by-token/${token}/accept`, {}, t.headers)),
      host().http.delete(`/v2/event-participations/transfers/${transfer.id}`, undefined, sender.headers)
    ])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "TRANSFER_STATUS_CONFLICT")).toBe(true)
    const rows = await sql((s) => s`select count(*)::int as n from registrations.participations where event_id = ${event.eventId}`)
    const winnerAccepted = answers.slice(0, 6).some((a) => a.status === 200)
    expect(rows).toEqual([{ n: winnerAccepted ? 2 : 1 }])
    expect((await ticketOf(host(), event))!.sold).toBe(2)
  })
})
