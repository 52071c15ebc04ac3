/**
 * Helpers of the results tests: an organizer with a published public event (seeded through the
 * events repositories), an admin who ingests timing batches, athletes, and finish times.
 */
import { randomUUID } from "node:crypto"
import { Events } from "@podium/core"
import { Effect } from "effect"
import { expect } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { bookAs, person, seedEvent } from "../registrations/support.js"
import type { RealHost } from "../support/real-host.js"

export { newAthlete, seedOrganizer }

const gun = Date.parse("2026-10-04T01:30:00.000Z")

/** A timing record whose elapsed time is `minutes` (the gun at a fixed instant). */
export const finish = (minutes: number, over: Record<string, unknown> = {}) => ({
  userId: randomUUID(),
  gender: "female",
  startedAt: new Date(gun).toISOString(),
  finishedAt: new Date(gun + minutes * 60_000).toISOString(),
  ...over
})

/** An organizer, its published public event and an admin allowed to ingest results. */
export const resultsCast = async (host: RealHost, options: Parameters<typeof seedEvent>[2] = {}) => {
  const org = await seedOrganizer(host, "Results Org")
  const event = await seedEvent(host, org.id, options)
  const admin = await adminWithPermissions(host, ["events.manage"])
  const ingest = (records: ReadonlyArray<Record<string, unknown>>, extra: Record<string, unknown> = {}, headers: Record<string, string> = admin) =>
    host.http.post("/v2/leaderboards/admin/ingest", { eventId: event.eventId, records, ...extra }, headers)
  const publish = (headers: Record<string, string> = org.owner.headers) => host.http.post(`/v2/events/${event.eventId}/results/publish`, undefined, headers)
  return { org, event, admin, ingest, publish }
}

/** Moves the event's dates into the past (it reads as completed). */
export const completeEvent = (host: RealHost, eventId: string) =>
  host.run(Effect.flatMap(Events.EventRepo, (r) =>
    r.update(eventId, { startsAt: new Date(Date.now() - 6 * 3_600_000), endsAt: new Date(Date.now() - 3_600_000) })))

/**
 * An event with three booked seats of one athlete: `attended` checked in, `absent` not, `cancelled`
 * cancelled by the organizer (its own booking). Check-in happens while the event is upcoming.
 */
export const certificatesCast = async (host: RealHost) => {
  const cast = await resultsCast(host)
  const athlete = await newAthlete(host)
  const book = async (people: Array<ReturnType<typeof person>>) => {
    const answer = await bookAs(host, athlete.headers, cast.event, people)
    expect(answer.status).toBe(201)
    return answer.body.data as { id: string; bookingId: string; participants: Array<{ id: string; firstName: string; lastName: string }> }
  }
  const pair = await book([person({ firstName: "Asha", lastName: "Attended" }), person({ firstName: "Bela", lastName: "Absent" })])
  const lone = await book([person({ firstName: "Chitra", lastName: "Cancelled" })])
  const [attended, absent] = pair.participants
  const cancelled = lone.participants[0]!
  expect((await host.http.post(`/v2/event-participations/check-in/${attended!.id}`, undefined, cast.org.owner.headers)).body.data.result).toBe("ok")
  expect((await host.http.post(`/v2/event-participations/check-in/${cancelled.id}`, undefined, cast.org.owner.headers)).body.data.result).toBe("ok")
  expect((await host.http.post(`/v2/organizers/events/${cast.event.eventId}/bookings/${lone.id}/cancel`, {}, cast.org.owner.headers)).status).toBe(200)
  const base = `/v2/organizers/events/${cast.event.eventId}/certificates`
  return { ...cast, athlete, attended: attended!, absent: absent!, cancelled, bookingId: pair.bookingId, base }
}

export const template = (over: Record<string, unknown> = {}) => ({
  title: "Finisher: {{participantName}}",
  body: "{{participantName}} completed {{eventTitle}} in {{eventCity}} on {{eventDate}}.\nBooking {{bookingId}}, code {{certificateCode}}.",
  ...over
})
