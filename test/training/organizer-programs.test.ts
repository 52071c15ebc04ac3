/**
 * Organizers' training programs through the real host: tenancy (readers read, managers write,
 * other organizers are refused), workouts added, copied from the library, re-planned (completed
 * history untouched) and removed; single and bulk assignment (the 1000 cap, per-athlete outcomes,
 * concurrent bulk calls assign each athlete once), event assignments and unassignment.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { seedEvent } from "../events/event-config-support.js"
import { adminWithPermissions } from "../notifications/http-support.js"
import { seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { athlete, caller } from "./support.js"

const host = realHostOf(import.meta.url)
const call = caller(host)
let org: SeededOrganizer
let other: SeededOrganizer
let libraryId: string
beforeAll(async () => {
  org = await seedOrganizer(host, "Prep Marathon")
  other = await seedOrganizer(host, "Other Marathon")
  const trainer = await adminWithPermissions(host, ["training.manage"])
  const library = await call("POST", "/v2/admin/training-templates", trainer, {
    title: "Library base",
    weeks: 2,
    published: true,
    workouts: [{ week: 1, day: 2, title: "Library easy" }, { week: 2, day: 2, title: "Library long", plannedDurationMinutes: 80 }]
  })
  libraryId = library.body.data.id
}, 60_000)

const today = () => new Date().toISOString().slice(0, 10)

describe("organizer training programs", () => {
  it("are the organizer team's: readers read, managers write, other organizers and athletes are refused", async () => {
    expect((await host.http.get(`/v2/organizers/${org.id}/training-programs`)).status).toBe(401)
    expect((await call("GET", `/v2/organizers/${org.id}/training-programs`, org.viewer.headers)).status).toBe(200)
    expect((await call("POST", `/v2/organizers/${org.id}/training-programs`, org.viewer.headers, { title: "Viewer plan", weeks: 1 })).status).toBe(403)
    expect((await call("GET", `/v2/organizers/${org.id}/training-programs`, other.owner.headers)).status).toBe(403)
    expect((await call("GET", `/v2/organizers/${org.id}/training-programs`, (await athlete(host)).headers)).status).toBe(403)
    const mine = await call("POST", `/v2/organizers/${org.id}/training-programs`, org.admin.headers, { title: "Admin's plan", weeks: 1 })
    expect(mine.status).toBe(201)
    expect(mine.body.data.organizerId).toBe(org.id)
    // Another organizer never reaches it through its own path.
    expect((await call("GET", `/v2/organizers/${other.id}/training-programs/${mine.body.data.id}`, other.owner.headers)).body.code).toBe("PROGRAM_NOT_FOUND")
    expect((await call("GET", `/v2/organizers/${org.id}/training-programs/library?q=Library`, org.viewer.headers)).body.data.items.map((p: { id: string }) => p.id)).toEqual([libraryId])
  })

  it("builds a plan, assigns it, and re-plans only what is not done yet", async () => {
    const created = await call("POST", `/v2/organizers/${org.id}/training-programs`, org.owner.headers, { title: "Race prep", weeks: 2, workouts: [{ week: 1, day: 1, title: "Shakeout" }] })
    const id = created.body.data.id
    const added = await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/workouts`, org.owner.headers, { week: 1, day: 5, title: "Tempo", intensity: "hard" })
    expect(added.status).toBe(201)
    expect((await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/workouts`, org.owner.headers, { week: 3, day: 1, title: "Late" })).body.message).toEqual(["week must be at most the program's 2 weeks"])
    const copied = await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/workouts/from-library`, org.owner.headers, { libraryProgramId: libraryId })
    expect(copied.status).toBe(201)
    expect(copied.body.data.workouts.map((w: { title: string }) => w.title)).toEqual(["Shakeout", "Library easy", "Tempo", "Library long"])
    expect((await call("PATCH", `/v2/organizers/${org.id}/training-programs/${id}`, org.owner.headers, { title: "Race prep 10k" })).body.data.title).toBe("Race prep 10k")

    const runner = await athlete(host)
    const event = await seedEvent(host, org.id, "Prep 10k")
    const assigned = await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments`, org.owner.headers, { userId: runner.id, startDate: today(), eventId: event.id })
    expect(assigned.status).toBe(201)
    expect(assigned.body.data).toMatchObject({ userId: runner.id, programId: id, organizerId: org.id, eventId: event.id, status: "ACTIVE" })
    expect((await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments`, org.owner.headers, { userId: runner.id })).body.code).toBe("ALREADY_ENROLLED")
    expect((await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments`, org.owner.headers, { userId: "no-such-athlete" })).body.code).toBe("ATHLETE_NOT_FOUND")
    const foreignEvent = await seedEvent(host, other.id, "Other 10k")
    expect((await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments`, org.owner.headers, { userId: (await athlete(host)).id, eventId: foreignEvent.id })).status).toBe(404)

    const calendar = async () => (await call("GET", `/v2/user/calendar/workouts?from=${today()}`, runner.headers)).body.data as Array<{ id: string; title: string; status: string }>
    const placed = await calendar()
    expect(placed.map((w) => w.title)).toEqual(["Shakeout", "Library easy", "Tempo", "Library long"])
    await call("PATCH", `/v2/user/calendar/workouts/${placed[0]!.id}/complete`, runner.headers)

    const shakeout = copied.body.data.workouts[0].id
    const tempo = added.body.data.id
    await call("PATCH", `/v2/organizers/${org.id}/training-programs/${id}/workouts/${shakeout}`, org.owner.headers, { title: "Shakeout 20'" })
    await call("PATCH", `/v2/organizers/${org.id}/training-programs/${id}/workouts/${tempo}`, org.owner.headers, { title: "Tempo 30'", day: 6 })
    const libraryEasy = copied.body.data.workouts[1].id
    expect((await call("DELETE", `/v2/organizers/${org.id}/training-programs/${id}/workouts/${libraryEasy}`, org.owner.headers)).body.data).toEqual({ id: libraryEasy, deleted: true })
    expect((await call("DELETE", `/v2/organizers/${org.id}/training-programs/${id}/workouts/${libraryEasy}`, org.owner.headers)).body.code).toBe("PROGRAM_WORKOUT_NOT_FOUND")
    const replanned = await calendar()
    // The completed Shakeout keeps its name; the planned Tempo follows; the deleted one is gone.
    expect(replanned.map((w) => [w.title, w.status])).toEqual([["Shakeout", "COMPLETED"], ["Tempo 30'", "PLANNED"], ["Library long", "PLANNED"]])

    const listed = await call("GET", `/v2/organizers/${org.id}/training-programs/events/${event.id}/assignments`, org.viewer.headers)
    expect(listed.body.data.items.map((e: { id: string }) => e.id)).toEqual([assigned.body.data.id])
    expect((await call("GET", `/v2/organizers/${org.id}/training-programs/events/${foreignEvent.id}/assignments`, org.viewer.headers)).status).toBe(404)

    expect((await call("DELETE", `/v2/organizers/${other.id}/training-programs/assignments/${assigned.body.data.id}`, other.owner.headers)).body.code).toBe("ENROLLMENT_NOT_FOUND")
    const unassigned = await call("DELETE", `/v2/organizers/${org.id}/training-programs/assignments/${assigned.body.data.id}`, org.owner.headers)
    expect(unassigned.body.data.status).toBe("CANCELLED")
    expect((await call("DELETE", `/v2/organizers/${org.id}/training-programs/assignments/${assigned.body.data.id}`, org.owner.headers)).body.code).toBe("ENROLLMENT_STATE_CONFLICT")
    expect((await calendar()).map((w) => w.title)).toEqual(["Shakeout"])
  })

  it("bulk-assigns at most 1000 athletes with an outcome each; concurrent bulk calls assign each athlete once", async () => {
    const id = (await call("POST", `/v2/organizers/${org.id}/training-programs`, org.owner.headers, { title: "Bulk plan", weeks: 1, workouts: [{ week: 1, day: 1, title: "Run" }] })).body.data.id
    const tooMany = await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments/bulk`, org.owner.headers, { userIds: Array.from({ length: 1001 }, (_, i) => `athlete-${i}`) })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toEqual(["userIds must contain between 1 and 1000 athletes"])
    expect((await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments/bulk`, org.owner.headers, { userIds: [] })).status).toBe(400)

    const athletes = await Promise.all([0, 1, 2].map(() => athlete(host)))
    const ids = athletes.map((a) => a.id)
    await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments`, org.owner.headers, { userId: ids[0] })
    const bulk = await call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments/bulk`, org.admin.headers, { userIds: [...ids, "ghost"] })
    expect(bulk.status).toBe(201)
    expect(bulk.body.data).toMatchObject({ requested: 4, assigned: 2, skipped: 2 })
    expect(bulk.body.data.results.map((r: { userId: string; outcome: string }) => [r.userId, r.outcome])).toEqual([
      [ids[0], "already_enrolled"],
      [ids[1], "assigned"],
      [ids[2], "assigned"],
      ["ghost", "athlete_not_found"]
    ])

    const more = (await Promise.all([0, 1, 2, 3].map(() => athlete(host)))).map((a) => a.id)
    const racing = await Promise.all([0, 1, 2].map(() => call("POST", `/v2/organizers/${org.id}/training-programs/${id}/assignments/bulk`, org.owner.headers, { userIds: more })))
    expect(racing.reduce((sum, r) => sum + r.body.data.assigned, 0)).toBe(4)
  })
})
