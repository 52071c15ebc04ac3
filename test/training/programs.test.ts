/**
 * Training programs through the real host: the admin's templates (publish, edit, soft-delete), the
 * athlete's library, preview, enrollment onto the calendar (concurrent enrolls: one wins), today's
 * workout and rest days, adherence, feedback, cancel keeping completed history, reviews after a
 * COMPLETED enrollment with helpful votes and flags, and the admin's training-plan numbers.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { realHostOf } from "../support/real-host.js"
import { athlete, caller } from "./support.js"

const host = realHostOf(import.meta.url)
const call = caller(host)
let trainer: Record<string, string>
let otherAdmin: Record<string, string>
beforeAll(async () => {
  trainer = await adminWithPermissions(host, ["training.manage"])
  otherAdmin = await adminWithPermissions(host, ["activities.review"])
}, 60_000)

const utcDate = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
const plan = [
  { week: 1, day: 1, title: "Easy 5k", plannedDurationMinutes: 30, plannedDistanceMeters: 5000 },
  { week: 1, day: 3, title: "Intervals", intensity: "hard", plannedDurationMinutes: 45 },
  { week: 2, day: 1, title: "Long run", plannedDurationMinutes: 70 }
]

const publishedProgram = async (overrides: Record<string, unknown> = {}) => {
  const created = await call("POST", "/v2/admin/training-templates", trainer, { title: `5k plan ${Date.now()}`, weeks: 2, priceMinor: 49_900, workouts: plan, ...overrides })
  expect(created.status).toBe(201)
  expect((await call("PATCH", `/v2/admin/training-templates/${created.body.data.id}/publish`, trainer, { published: true })).body.data.published).toBe(true)
  return created.body.data as { id: string; title: string }
}

describe("training templates (admin)", () => {
  it("are for admins holding training.manage: 401 without a token, 403 otherwise", async () => {
    expect((await host.http.get("/v2/admin/training-templates")).status).toBe(401)
    expect((await call("GET", "/v2/admin/training-templates", otherAdmin)).status).toBe(403)
    const me = await athlete(host)
    expect((await call("POST", "/v2/admin/training-templates", me.headers, { title: "Mine", weeks: 1 })).status).toBe(403)
    expect((await call("GET", "/v2/admin/training-plans/stats", me.headers)).status).toBe(403)
  })

  it("creates a template with its plan, publishes it into the library, edits, replaces the plan and soft-deletes it", async () => {
    const created = await call("POST", "/v2/admin/training-templates", trainer, { title: "Couch to 10k", weeks: 2, level: "beginner", workouts: plan })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ title: "Couch to 10k", published: false, organizerId: null, workoutCount: 3, sport: "run", priceMinor: 0 })
    expect(created.body.data.workouts.map((w: { title: string; intensity: string }) => [w.title, w.intensity])).toEqual([
      ["Easy 5k", "moderate"],
      ["Intervals", "hard"],
      ["Long run", "moderate"]
    ])
    const id = created.body.data.id
    const me = await athlete(host)
    expect((await call("GET", `/v2/me/programs/${id}/preview`, me.headers)).status).toBe(404)
    expect((await call("GET", "/v2/me/programs/library?q=couch", me.headers)).body.data.total).toBe(0)
    expect((await call("GET", "/v2/admin/training-templates?published=false&q=couch", trainer)).body.data.total).toBe(1)

    await call("PATCH", `/v2/admin/training-templates/${id}/publish`, trainer, { published: true })
    const library = await call("GET", "/v2/me/programs/library?q=couch&level=beginner&maxWeeks=4", me.headers)
    expect(library.body.data.items.map((p: { id: string }) => p.id)).toEqual([id])
    expect((await call("GET", "/v2/me/programs/admin-library?q=couch", me.headers)).body.data.total).toBe(1)
    expect((await call("GET", "/v2/me/programs/library?q=couch&level=advanced", me.headers)).body.data.total).toBe(0)

    const edited = await call("PATCH", `/v2/admin/training-templates/${id}`, trainer, { description: "Two weeks to 10k" })
    expect(edited.body.data).toMatchObject({ description: "Two weeks to 10k", title: "Couch to 10k", workoutCount: 3 })
    const replanned = await call("PATCH", `/v2/admin/training-templates/${id}`, trainer, { workouts: [{ week: 1, day: 2, title: "Walk-run" }] })
    expect(replanned.body.data.workouts.map((w: { title: string }) => w.title)).toEqual(["Walk-run"])
    const beyond = await call("PATCH", `/v2/admin/training-templates/${id}`, trainer, { workouts: [{ week: 3, day: 1, title: "Too late" }] })
    expect(beyond.status).toBe(400)
    expect(beyond.body.message).toEqual(["every workout's week must be at most the program's 2 weeks"])
    expect((await call("GET", `/v2/admin/training-templates/${id}`, trainer)).body.data.workouts).toHaveLength(1)

    expect((await call("DELETE", `/v2/admin/training-templates/${id}`, trainer)).body.data).toEqual({ id, deleted: true })
    expect((await call("GET", `/v2/admin/training-templates/${id}`, trainer)).body.code).toBe("PROGRAM_NOT_FOUND")
    expect((await call("GET", "/v2/me/programs/library?q=couch", me.headers)).body.data.total).toBe(0)
  })

  it("refuses bad input in the spec's wording", async () => {
    const bad = await call("POST", "/v2/admin/training-templates", trainer, { title: "5k", weeks: 60, level: "elite", workouts: [{ week: 1, day: 8 }] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "title must be longer than or equal to 3 and shorter than or equal to 120 characters",
      "weeks must be an integer between 1 and 52",
      "level must be one of the following values: beginner, intermediate, advanced",
      "workouts.0.day must be an integer between 1 and 7",
      "workouts.0.title must be longer than or equal to 1 and shorter than or equal to 120 characters"
    ])
    const publish = await call("PATCH", "/v2/admin/training-templates/00000000-0000-4000-8000-000000000000/publish", trainer, {})
    expect(publish.body.message).toEqual(["published must be a boolean value"])
  })
})

describe("athlete programs", () => {
  it("are for signed-in athletes: 401 without a token, 403 for an admin", async () => {
    expect((await host.http.get("/v2/me/programs/library")).status).toBe(401)
    expect((await call("GET", "/v2/me/programs/enrollments", trainer)).status).toBe(403)
  })

  it("enrolls onto the calendar from the start date, once (concurrent enrolls: one wins); today's workout or the rest day's reason", async () => {
    const program = await publishedProgram()
    const preview = await call("GET", `/v2/me/programs/${program.id}/preview`, (await athlete(host)).headers)
    expect(preview.body.data.program.workouts).toHaveLength(3)
    expect(preview.body.data.reviews).toEqual([])

    const me = await athlete(host)
    expect((await call("GET", "/v2/me/programs/today-workout", me.headers)).body.data).toMatchObject({ workout: null, reason: "NO_ACTIVE_PROGRAM" })
    const start = utcDate()
    const answers = await Promise.all(Array.from({ length: 5 }, () => call("POST", `/v2/me/programs/${program.id}/enroll`, me.headers, { startDate: start })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409])
    const enrolled = answers.find((a) => a.status === 201)!.body.data
    expect(enrolled).toMatchObject({ programId: program.id, programTitle: program.title, status: "ACTIVE", startDate: start, priceMinor: 49_900 })
    expect(answers.find((a) => a.status === 409)!.body.code).toBe("ALREADY_ENROLLED")

    const calendar = await call("GET", `/v2/user/calendar/workouts?from=${start}`, me.headers)
    expect(calendar.body.data.map((w: { title: string; date: string; enrollmentId: string }) => [w.title, w.date, w.enrollmentId])).toEqual([
      ["Easy 5k", start, enrolled.id],
      ["Intervals", utcDate(2), enrolled.id],
      ["Long run", utcDate(7), enrolled.id]
    ])
    const today = await call("GET", "/v2/me/programs/today-workout?timeZone=UTC", me.headers)
    // The UTC date may turn over between the calls only at midnight.
    if (today.body.data.date === start) expect(today.body.data).toMatchObject({ reason: null, workout: { title: "Easy 5k" }, enrollment: { id: enrolled.id } })

    const resting = await athlete(host)
    await call("POST", `/v2/me/programs/${program.id}/enroll`, resting.headers, { startDate: utcDate(-1) })
    const rest = await call("GET", "/v2/me/programs/today-workout", resting.headers)
    if (rest.body.data.date === start) expect(rest.body.data).toMatchObject({ workout: null, enrollment: null, reason: "REST_DAY" })

    expect((await call("POST", "/v2/me/programs/00000000-0000-4000-8000-000000000000/enroll", me.headers)).body.code).toBe("PROGRAM_NOT_FOUND")
    expect((await call("POST", `/v2/me/programs/${program.id}/enroll`, me.headers, { startDate: "tomorrow" })).body.message).toEqual(["startDate must be a valid date (YYYY-MM-DD)"])
  })

  it("tracks adherence, takes feedback, and cancels keeping the completed history", async () => {
    const program = await publishedProgram()
    const me = await athlete(host)
    const enrollment = (await call("POST", `/v2/me/programs/${program.id}/enroll`, me.headers, { startDate: utcDate(-3) })).body.data
    const workouts = (await call("GET", `/v2/user/calendar/workouts?from=${utcDate(-3)}`, me.headers)).body.data as Array<{ id: string; title: string }>
    const first = workouts[0]!
    await call("PATCH", `/v2/user/calendar/workouts/${first.id}/complete`, me.headers)

    const adherence = await call("GET", `/v2/me/programs/enrollments/${enrollment.id}/adherence?timeZone=UTC`, me.headers)
    expect(adherence.body.data).toMatchObject({ enrollmentId: enrollment.id, status: "ACTIVE", totalWorkouts: 3, dueWorkouts: 2, completedDueWorkouts: 1, adherenceRate: 0.5 })
    expect(adherence.body.data.nextWorkout.title).toBe("Long run")

    const feedback = await call("POST", `/v2/me/programs/workouts/${first.id}/feedback`, me.headers, { rpe: 6, feeling: "good", notes: "Felt fine" })
    expect(feedback.status).toBe(201)
    expect(feedback.body.data).toMatchObject({ workoutId: first.id, rpe: 6, feeling: "good", notes: "Felt fine" })
    const again = await call("POST", `/v2/me/programs/workouts/${first.id}/feedback`, me.headers, { rpe: 8 })
    expect(again.body.data).toMatchObject({ id: feedback.body.data.id, rpe: 8, feeling: "good", notes: null })
    expect((await call("POST", `/v2/me/programs/workouts/${first.id}/feedback`, me.headers, { rpe: 11 })).body.message).toEqual(["rpe must be an integer between 1 and 10"])
    const stranger = await athlete(host)
    expect((await call("POST", `/v2/me/programs/workouts/${first.id}/feedback`, stranger.headers, { rpe: 5 })).body.code).toBe("CALENDAR_WORKOUT_NOT_FOUND")
    expect((await call("GET", `/v2/me/programs/enrollments/${enrollment.id}/adherence`, stranger.headers)).body.code).toBe("ENROLLMENT_NOT_FOUND")
    expect((await call("DELETE", `/v2/me/programs/enrollments/${enrollment.id}`, stranger.headers)).status).toBe(404)

    const cancelled = await call("DELETE", `/v2/me/programs/enrollments/${enrollment.id}`, me.headers)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED" })
    expect(cancelled.body.data.cancelledAt).not.toBeNull()
    const left = (await call("GET", `/v2/user/calendar/workouts?from=${utcDate(-3)}`, me.headers)).body.data
    expect(left.map((w: { id: string; status: string }) => [w.id, w.status])).toEqual([[first.id, "COMPLETED"]])
    const twice = await call("DELETE", `/v2/me/programs/enrollments/${enrollment.id}`, me.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("ENROLLMENT_STATE_CONFLICT")
    expect((await call("GET", "/v2/me/programs/enrollments?status=CANCELLED", me.headers)).body.data.map((e: { id: string }) => e.id)).toEqual([enrollment.id])
    // Cancelled, the program may be taken again.
    expect((await call("POST", `/v2/me/programs/${program.id}/enroll`, me.headers)).status).toBe(201)
  })

  it("takes reviews only after a COMPLETED enrollment; helpful votes count once, three flags hide a review", async () => {
    const program = await publishedProgram()
    const me = await athlete(host)
    const early = await call("POST", `/v2/me/programs/${program.id}/reviews`, me.headers, { rating: 5 })
    expect(early.status).toBe(400)
    expect(early.body.code).toBe("PROGRAM_NOT_COMPLETED")
    const enrollment = (await call("POST", `/v2/me/programs/${program.id}/enroll`, me.headers, { startDate: utcDate(-14) })).body.data
    const workouts = (await call("GET", `/v2/user/calendar/workouts?from=${utcDate(-14)}`, me.headers)).body.data as Array<{ id: string }>
    for (const w of workouts) await call("PATCH", `/v2/user/calendar/workouts/${w.id}/complete`, me.headers, { completed: true })
    const mine = await call("GET", "/v2/me/programs/enrollments", me.headers)
    expect(mine.body.data.find((e: { id: string }) => e.id === enrollment.id)).toMatchObject({ status: "COMPLETED" })

    expect((await call("POST", `/v2/me/programs/${program.id}/reviews`, me.headers, { rating: 6 })).body.message).toEqual(["rating must be an integer between 1 and 5"])
    const review = await call("POST", `/v2/me/programs/${program.id}/reviews`, me.headers, { rating: 4, comment: "Solid plan" })
    expect(review.status).toBe(201)
    expect(review.body.data).toMatchObject({ programId: program.id, rating: 4, helpfulCount: 0, hidden: false })
    const second = await call("POST", `/v2/me/programs/${program.id}/reviews`, me.headers, { rating: 5 })
    expect(second.body.code).toBe("REVIEW_ALREADY_POSTED")
    const id = review.body.data.id

    const fan = await athlete(host)
    const votes = await Promise.all(Array.from({ length: 4 }, () => call("POST", `/v2/me/programs/reviews/${id}/helpful`, fan.headers)))
    expect(votes.every((v) => v.status === 200)).toBe(true)
    expect((await call("POST", `/v2/me/programs/reviews/${id}/helpful`, (await athlete(host)).headers)).body.data.helpfulCount).toBe(2)
    expect((await call("POST", `/v2/me/programs/reviews/${id}/helpful`, me.headers)).body.code).toBe("OWN_REVIEW")
    expect((await call("POST", `/v2/me/programs/reviews/${id}/flag`, fan.headers, { reason: "" })).body.message).toEqual([
      "reason must be longer than or equal to 3 and shorter than or equal to 500 characters"
    ])

    const preview = await call("GET", `/v2/me/programs/${program.id}/preview`, fan.headers)
    expect(preview.body.data.reviews.map((r: { id: string }) => r.id)).toEqual([id])
    expect(preview.body.data.program).toMatchObject({ reviewCount: 1, averageRating: 4 })
    for (let i = 0; i < 2; i++) await call("POST", `/v2/me/programs/reviews/${id}/flag`, fan.headers, { reason: "Spam link" })
    const flagged = await call("POST", `/v2/me/programs/reviews/${id}/flag`, (await athlete(host)).headers, { reason: "Spam link" })
    expect(flagged.body.data).toMatchObject({ flagCount: 2, hidden: false })
    const hidden = await call("POST", `/v2/me/programs/reviews/${id}/flag`, (await athlete(host)).headers, { reason: "Spam link" })
    expect(hidden.body.data).toMatchObject({ flagCount: 3, hidden: true })
    expect((await call("GET", `/v2/me/programs/${program.id}/preview`, fan.headers)).body.data.reviews).toEqual([])
    expect((await call("POST", "/v2/me/programs/reviews/00000000-0000-4000-8000-000000000000/helpful", fan.headers)).body.code).toBe("REVIEW_NOT_FOUND")
  })
})

describe("training-plan numbers (admin)", () => {
  it("lists enrollments, revenue by program, stats and athletes", async () => {
    const program = await publishedProgram({ priceMinor: 10_000 })
    const a = await athlete(host)
    const b = await athlete(host)
    await call("POST", `/v2/me/programs/${program.id}/enroll`, a.headers)
    const cancelled = (await call("POST", `/v2/me/programs/${program.id}/enroll`, b.headers)).body.data
    await call("DELETE", `/v2/me/programs/enrollments/${cancelled.id}`, b.headers)

    const list = await call("GET", `/v2/admin/training-plans/list?programId=${program.id}`, trainer)
    expect(list.body.data).toMatchObject({ total: 2, limit: 20, offset: 0 })
    expect((await call("GET", `/v2/admin/training-plans/list?programId=${program.id}&status=CANCELLED`, trainer)).body.data.items.map((e: { userId: string }) => e.userId)).toEqual([b.id])
    expect((await call("GET", "/v2/admin/training-plans/list?status=DONE", trainer)).body.message).toEqual(["status must be one of the following values: ACTIVE, CANCELLED, COMPLETED"])

    const revenue = await call("GET", "/v2/admin/training-plans/revenue", trainer)
    expect(revenue.body.data.byProgram.find((p: { programId: string }) => p.programId === program.id)).toEqual({ programId: program.id, title: program.title, enrollments: 2, revenueMinor: 10_000 })
    expect(revenue.body.data.currency).toBe("INR")

    const stats = await call("GET", "/v2/admin/training-plans/stats", trainer)
    expect(stats.body.data.enrollments.cancelled).toBeGreaterThanOrEqual(1)
    expect(stats.body.data.publishedPrograms).toBeGreaterThanOrEqual(1)

    const users = await call("GET", "/v2/admin/training-plans/users?limit=100", trainer)
    expect(users.body.data.items.find((u: { userId: string }) => u.userId === b.id)).toMatchObject({ enrollments: 1, cancelled: 1, active: 0 })
  })
})
