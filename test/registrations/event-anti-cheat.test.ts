/**
 * The organizer's anti-cheat view of an event through the real host: who may call, the accounts
 * behind the event's participants whose activities of the race window carry enforced anti-cheat
 * flags (an activity outside the window, another event's athlete and a dismissed flag are not
 * listed), with the participants each account booked.
 */
import { Events } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)

/** A run at `startedAt`: 10 km in 10 minutes is beyond the run rule (flagged), 50 minutes is fair. */
const run = (headers: Record<string, string>, startedAt: Date, durationSeconds: number) =>
  host().http.post("/v2/activities", { sport: "run", startedAt: startedAt.toISOString(), durationSeconds, distanceMeters: 10_000 }, headers)

describe("event anti-cheat view", () => {
  it("answers 401, 403 to athletes, 404 to another organizer, 200 to viewers", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id)
    const athlete = await newAthlete(host())
    const path = `/v2/organizer/events/${event.eventId}/anti-cheat`
    expect((await host().http.get(path)).status).toBe(401)
    expect((await host().http.get(path, athlete.headers)).status).toBe(403)
    expect((await host().http.get(path, (await seedOrganizer(host(), "Other")).owner.headers)).status).toBe(404)
    const empty = await host().http.get(path, org.viewer.headers)
    expect(empty.status).toBe(200)
    expect(empty.body.data).toMatchObject({ eventId: event.eventId, participants: 0, flaggedAthletes: 0, athletes: [], truncated: false })
  })

  it("lists participants whose race-window activities carry enforced flags; other windows, other athletes and dismissed flags stay out", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id)
    const cheat = await newAthlete(host())
    const honest = await newAthlete(host())
    const outsider = await newAthlete(host())
    const booking = (await bookAs(host(), cheat.headers, event, [person({ firstName: "Vik", lastName: "Rao" }), person()])).body.data
    await bookAs(host(), honest.headers, event, [person()])
    // Booked while on sale; then the race is run (two hours ago), so its activities are in the past.
    const startsAt = new Date(Date.now() - 2 * 3_600_000)
    await host().run(Effect.flatMap(Events.EventRepo, (r) => r.update(event.eventId, { startsAt, endsAt: new Date(startsAt.getTime() + 4 * 3_600_000) })))

    const flagged = await run(cheat.headers, new Date(startsAt.getTime() + 60_000), 600)
    expect(flagged.body.data.eligible).toBe(false)
    const dismissedOne = await run(cheat.headers, new Date(startsAt.getTime() + 7_200_000), 600)
    await run(cheat.headers, new Date(startsAt.getTime() - 3 * 86_400_000), 600)
    await run(honest.headers, new Date(startsAt.getTime() + 60_000), 3000)
    await run(outsider.headers, new Date(startsAt.getTime() + 60_000), 600)

    const reviewer = await adminWithPermissions(host(), ["activities.review"])
    const cheatFlags = await host().http.get("/v2/anti-cheat/my-flags", cheat.headers)
    const toDismiss = cheatFlags.body.data.items.find((f: { activityId: string }) => f.activityId === dismissedOne.body.data.id)
    const decided = await host().http.post(`/v2/admin/anti-cheat/flags/${toDismiss.id}/decision`, { decision: "dismiss", reason: "GPS drift confirmed" }, reviewer)
    expect(decided.status).toBe(201)

    const view = await host().http.get(`/v2/organizer/events/${event.eventId}/anti-cheat`, org.owner.headers)
    expect(view.status).toBe(200)
    expect(view.body.data).toMatchObject({ participants: 3, flaggedAthletes: 1, truncated: false })
    const [only] = view.body.data.athletes
    expect(only.userId).toBe(cheat.user.id)
    expect(only.participants.map((p: { participantId: string }) => p.participantId).sort()).toEqual(booking.participants.map((p: { id: string }) => p.id).sort())
    expect(only.flags).toHaveLength(1)
    expect(only.flags[0]).toMatchObject({ activityId: flagged.body.data.id, ruleKey: "speed.run", status: "OPEN" })
  })
})
