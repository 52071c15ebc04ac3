/**
 * Event announcements through the real host: the organizer's OWNER/ADMIN tells the active seats of
 * confirmed bookings (e-mail per distinct address, SMS, push to the bookers' devices), each message
 * an outbox row queued with the announcement; public ones show on the organization's page while
 * the event is publicly visible.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Events, Notifications } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { bookAs, person, seedEvent } from "../registrations/support.js"
import { useRealHost } from "../support/real-host.js"

const host = useRealHost(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => host().http.request(method, path, body, headers)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

/** An event with two confirmed bookings (three seats, two sharing an e-mail), one cancelled and a booker's push device. */
const eventWithParticipants = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id)
  const [a, b, c] = await Promise.all([newAthlete(host()), newAthlete(host()), newAthlete(host())])
  await bookAs(host(), a.headers, event, [person({ email: "shared@example.com" }), person({ email: "shared@example.com" })])
  await bookAs(host(), b.headers, event, [person({ email: "b@example.com", phoneNumber: "+919811111111" })])
  const gone = await bookAs(host(), c.headers, event, [person({ email: "gone@example.com" })])
  await send("DELETE", `/v2/event-participations/${gone.body.data.id}`, undefined, c.headers)
  await host().run(Effect.flatMap(Notifications.DeviceTokenRepo, (r) => r.enable(a.user.id, `token-${a.user.id}`, "android")))
  return { org, event }
}

describe("event announcements", () => {
  it("queues one message per distinct seat address and booker device, never to cancelled bookings", async () => {
    const { org, event } = await eventWithParticipants()
    const posted = await send("POST", `/v2/events/${event.eventId}/announcements`, { title: "Start moved", message: "The start moves to 6:15 because of the heat.", channels: ["EMAIL", "SMS", "PUSH"] }, org.admin.headers)
    expect(posted.status).toBe(201)
    expect(posted.body.data).toMatchObject({ eventId: event.eventId, organizerId: org.id, visibility: "participants", recipients: 3, messages: 4, createdBy: `organizer:${org.admin.memberId}` })
    const queued = await sql((s) => s<{ channel: string; recipient: string }>`
      select channel, recipient from notifications.outbox where producer = ${`registrations.event-announcement:${event.eventId}`} order by channel, recipient`)
    expect(queued.map((m) => [m.channel, m.recipient])).toEqual([
      ["EMAIL", "b@example.com"],
      ["EMAIL", "shared@example.com"],
      ["PUSH", expect.stringMatching(/^token-/)],
      ["SMS", "+919811111111"]
    ])
  })

  it("lets only the event's OWNER/ADMIN post, in the spec's wording for a bad body", async () => {
    const { org, event } = await eventWithParticipants()
    const path = `/v2/events/${event.eventId}/announcements`
    const body = { title: "Bib pickup", message: "Collect your bib at the expo." }
    expect((await send("POST", path, body)).status).toBe(401)
    expect((await send("POST", path, body, org.viewer.headers)).status).toBe(403)
    expect((await send("POST", path, body, (await newAthlete(host())).headers)).status).toBe(403)
    const other = await seedOrganizer(host())
    expect((await send("POST", path, body, other.owner.headers)).status).toBe(404)
    const bad = await send("POST", path, { title: "Hi", message: "", channels: ["EMAIL", "EMAIL"], visibility: "everyone" }, org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "title must be longer than or equal to 3 and shorter than or equal to 150 characters",
      "message must be longer than or equal to 1 and shorter than or equal to 5000 characters",
      "channels must name 1 to 3 different channels",
      "visibility must be one of the following values: participants, public"
    ])
    expect((await send("POST", path, body, org.owner.headers)).body.data.channels).toEqual(["EMAIL", "PUSH"])
  })

  it("lists an organization's public announcements of visible events only, newest first", async () => {
    const { org, event } = await eventWithParticipants()
    const post = (title: string, visibility: "public" | "participants") =>
      send("POST", `/v2/events/${event.eventId}/announcements`, { title, message: `${title} for everyone.`, visibility }, org.owner.headers)
    await post("Course map published", "public")
    await post("Your wave time", "participants")
    await post("Medal design revealed", "public")
    const list = await send("GET", `/v2/organizations/${org.id}/announcements`, undefined)
    expect(list.status).toBe(200)
    expect(list.body.data).toMatchObject({ total: 2, page: 1, pageCount: 1 })
    expect(list.body.data.data.map((a: { title: string }) => a.title)).toEqual(["Medal design revealed", "Course map published"])
    expect(Object.keys(list.body.data.data[0]).sort()).toEqual(["createdAt", "eventId", "id", "message", "organizerId", "title"])

    await host().run(Effect.flatMap(Events.EventRepo, (r) => r.update(event.eventId, { visibility: "private" })))
    expect((await send("GET", `/v2/organizations/${org.id}/announcements`, undefined)).body.data.total).toBe(0)
    expect((await send("GET", "/v2/organizations/not-an-id/announcements", undefined)).body.data.total).toBe(0)
  })
})
