/**
 * The athlete's calendar through the real host: who may call, workouts CRUD with the complete
 * toggle (concurrent completes: one wins), statistics, and the day, month, range and today views
 * in the athlete's time zone across a DST change.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { realHostOf } from "../support/real-host.js"
import { athlete, caller } from "./support.js"

const host = realHostOf(import.meta.url)
const call = caller(host)
let admin: Record<string, string>
beforeAll(async () => {
  admin = await adminWithPermissions(host, ["*"])
}, 60_000)

describe("calendar workouts", () => {
  it("are the signed-in athlete's own: 401 without a token, 403 for an admin, 404 for another athlete's", async () => {
    expect((await host.http.get("/v2/user/calendar/workouts")).status).toBe(401)
    expect((await call("GET", "/v2/user/calendar/today", admin)).status).toBe(403)
    const me = await athlete(host)
    const other = await athlete(host)
    const created = await call("POST", "/v2/user/calendar/workouts", me.headers, { date: "2026-05-04", title: "Easy run" })
    const id = created.body.data.id
    for (const [method, path] of [["GET", ""], ["PATCH", ""], ["DELETE", ""], ["PATCH", "/complete"]] as const) {
      const answer = await call(method, `/v2/user/calendar/workouts/${id}${path}`, other.headers, method === "PATCH" ? {} : undefined)
      expect(answer.status).toBe(404)
      expect(answer.body.code).toBe("CALENDAR_WORKOUT_NOT_FOUND")
    }
  })

  it("plans, lists, reads, edits only the given fields, toggles completion and deletes a workout", async () => {
    const me = await athlete(host)
    const created = await call("POST", "/v2/user/calendar/workouts", me.headers, {
      date: "2026-05-04",
      title: "Intervals",
      sport: "run",
      intensity: "hard",
      plannedDurationMinutes: 50,
      plannedDistanceMeters: 10000
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ date: "2026-05-04", title: "Intervals", status: "PLANNED", completedAt: null, enrollmentId: null })
    const id = created.body.data.id
    await call("POST", "/v2/user/calendar/workouts", me.headers, { date: "2026-05-06", title: "Swim", sport: "swim", plannedDurationMinutes: 30 })
    await call("POST", "/v2/user/calendar/workouts", me.headers, { date: "2026-06-01", title: "Long ride", sport: "ride" })

    const list = await call("GET", "/v2/user/calendar/workouts?from=2026-05-01&to=2026-05-31", me.headers)
    expect(list.body.data.map((w: { title: string }) => w.title)).toEqual(["Intervals", "Swim"])
    const month = await call("GET", "/v2/user/calendar/workouts/month?year=2026&month=6", me.headers)
    expect(month.body.data.map((w: { title: string }) => w.title)).toEqual(["Long ride"])

    const edited = await call("PATCH", `/v2/user/calendar/workouts/${id}`, me.headers, { title: "Track intervals" })
    expect(edited.body.data).toMatchObject({ title: "Track intervals", intensity: "hard", plannedDurationMinutes: 50 })
    expect((await call("GET", `/v2/user/calendar/workouts/${id}`, me.headers)).body.data.title).toBe("Track intervals")

    // The toggle takes no body: it flips the workout each time.
    const done = await call("PATCH", `/v2/user/calendar/workouts/${id}/complete`, me.headers)
    expect(done.status).toBe(200)
    expect(done.body.data.status).toBe("COMPLETED")
    expect(done.body.data.completedAt).not.toBeNull()
    const undone = await call("PATCH", `/v2/user/calendar/workouts/${id}/complete`, me.headers, {})
    expect(undone.body.data).toMatchObject({ status: "PLANNED", completedAt: null })
    const again = await call("PATCH", `/v2/user/calendar/workouts/${id}/complete`, me.headers, { completed: false })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("WORKOUT_STATE_CONFLICT")
    await call("PATCH", `/v2/user/calendar/workouts/${id}/complete`, me.headers, { completed: true })

    const stats = await call("GET", "/v2/user/calendar/workouts/statistics?from=2026-05-01&to=2026-05-31", me.headers)
    expect(stats.body.data).toMatchObject({
      planned: 2,
      completed: 1,
      completionRate: 0.5,
      plannedMinutes: 80,
      completedMinutes: 50,
      completedDistanceMeters: 10000,
      bySport: [{ sport: "run", planned: 1, completed: 1 }, { sport: "swim", planned: 1, completed: 0 }]
    })
    expect((await call("GET", "/v2/user/calendar/workouts/statistics", me.headers)).body.data.planned).toBe(3)

    expect((await call("DELETE", `/v2/user/calendar/workouts/${id}`, me.headers)).body.data).toEqual({ id, deleted: true })
    expect((await call("GET", `/v2/user/calendar/workouts/${id}`, me.headers)).status).toBe(404)
  })

  it("refuses bad input in the spec's wording", async () => {
    const me = await athlete(host)
    const bad = await call("POST", "/v2/user/calendar/workouts", me.headers, { date: "2026-02-30", title: "", intensity: "brutal", plannedDurationMinutes: 0 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "date must be a valid date (YYYY-MM-DD)",
      "title must be longer than or equal to 1 and shorter than or equal to 120 characters",
      "intensity must be one of the following values: easy, moderate, hard, race, rest",
      "plannedDurationMinutes must be an integer between 1 and 1440"
    ])
    const zone = await call("GET", "/v2/user/calendar/daily?timeZone=Mars/Olympus", me.headers)
    expect(zone.status).toBe(400)
    expect(zone.body.message).toEqual(["timeZone must be a valid IANA time-zone"])
    const backwards = await call("GET", "/v2/user/calendar/range?from=2026-03-10&to=2026-03-01", me.headers)
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toEqual(["to must not be before from"])
    const tooLong = await call("GET", "/v2/user/calendar/range?from=2026-01-01&to=2026-12-31", me.headers)
    expect(tooLong.body.message).toEqual(["the range must not exceed 93 days"])
    expect((await call("GET", "/v2/user/calendar/range?from=2026-01-01", me.headers)).body.message).toEqual(["to must be a valid date (YYYY-MM-DD)"])
  })

  it("completes a workout once when completes race: one wins, the others are 409", async () => {
    const me = await athlete(host)
    const id = (await call("POST", "/v2/user/calendar/workouts", me.headers, { date: "2026-05-10", title: "Tempo" })).body.data.id
    const answers = await Promise.all(Array.from({ length: 6 }, () => call("PATCH", `/v2/user/calendar/workouts/${id}/complete`, me.headers, { completed: true })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
  })
})

describe("calendar views", () => {
  it("cut days at local midnight in the athlete's time zone across a DST change", async () => {
    const me = await athlete(host)
    const zone = "America/New_York"
    // 01:30 EST on 8 March 2026 (DST starts at 02:00 local that day), and 00:30 EDT on 9 March:
    // 23 hours after the 8th's midnight, so a 24-hour day would count it on the 8th.
    const early = await call("POST", "/v2/activities", me.headers, { startedAt: "2026-03-08T06:30:00Z", durationSeconds: 1800, distanceMeters: 5000 })
    expect(early.status).toBe(201)
    const late = await call("POST", "/v2/activities", me.headers, { startedAt: "2026-03-09T04:30:00Z", durationSeconds: 1800, distanceMeters: 6000 })
    expect(late.status).toBe(201)
    await call("POST", "/v2/user/calendar/workouts", me.headers, { date: "2026-03-08", title: "Shakeout", plannedDurationMinutes: 20 })

    const day = await call("GET", `/v2/user/calendar/daily?date=2026-03-08&timeZone=${zone}`, me.headers)
    expect(day.status).toBe(200)
    expect(day.body.data).toMatchObject({
      date: "2026-03-08",
      timeZone: zone,
      startsAt: "2026-03-08T05:00:00.000Z",
      endsAt: "2026-03-09T04:00:00.000Z",
      hours: 23,
      totals: { plannedWorkouts: 1, activityCount: 1, activityDistanceMeters: 5000 }
    })
    expect(day.body.data.activities.map((a: { id: string }) => a.id)).toEqual([early.body.data.id])

    const range = await call("GET", `/v2/user/calendar/range?from=2026-03-07&to=2026-03-09&timeZone=${zone}`, me.headers)
    expect(range.body.data.days.map((d: { date: string; hours: number; totals: { activityCount: number } }) => [d.date, d.hours, d.totals.activityCount]))
      .toEqual([["2026-03-07", 24, 0], ["2026-03-08", 23, 1], ["2026-03-09", 24, 1]])
    expect(range.body.data.totals).toMatchObject({ activityCount: 2, activityDistanceMeters: 11000, plannedWorkouts: 1 })

    // In UTC both activities fall on their UTC dates.
    const utc = await call("GET", "/v2/user/calendar/range?from=2026-03-08&to=2026-03-09", me.headers)
    expect(utc.body.data.days.map((d: { totals: { activityCount: number } }) => d.totals.activityCount)).toEqual([1, 1])
    expect(utc.body.data.timeZone).toBe("UTC")

    const month = await call("GET", `/v2/user/calendar/month?year=2026&month=11&timeZone=${zone}`, me.headers)
    expect(month.body.data.days).toHaveLength(30)
    expect(month.body.data.days[0].hours).toBe(25)
    const march = await call("GET", `/v2/user/calendar/month?year=2026&month=3&timeZone=${zone}`, me.headers)
    expect(march.body.data).toMatchObject({ from: "2026-03-01", to: "2026-03-31", totals: { activityCount: 2, plannedWorkouts: 1 } })
  })

  it("answers today in the athlete's zone, and the daily view defaults to today", async () => {
    const me = await athlete(host)
    const zone = "Asia/Kolkata"
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date())
    await call("POST", "/v2/user/calendar/workouts", me.headers, { date: today, title: "Today's run" })
    const answer = await call("GET", `/v2/user/calendar/today?timeZone=${zone}`, me.headers)
    expect(answer.status).toBe(200)
    // The date may turn over between the two reads only at midnight; the answer names its own date.
    if (answer.body.data.date === today) expect(answer.body.data.workouts.map((w: { title: string }) => w.title)).toEqual(["Today's run"])
    expect(answer.body.data.hours).toBe(24)
    expect((await call("GET", `/v2/user/calendar/daily?timeZone=${zone}`, me.headers)).body.data.timeZone).toBe(zone)
  })
})
