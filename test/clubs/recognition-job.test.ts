/**
 * The daily recognition pass: the member of the month of the month that just ended is detected
 * (and emitted) once, ENABLED rules give their award to each qualifying member once, DISABLED rules
 * give nothing, and the scheduled job runs through the queue like the worker runs it.
 */
import { Clubs, Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { clubAdmin, seedClub } from "./support.js"

const host = realHostOf(import.meta.url)
let platformAdmin: { headers: Record<string, string> }
beforeAll(async () => {
  platformAdmin = await clubAdmin(host, ["*"])
}, 60_000)

/** A moment in the month after this one, so "the month that just ended" is the current month. */
const nextMonth = () => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 3, 0, 0))
}

describe("daily recognition", () => {
  it("detects the month's winner once and gives ENABLED rules' awards once", async () => {
    const s = await seedClub(host)
    const grant = (userId: string, points: number) =>
      host.http.post(`/v2/clubs/${s.club.id}/points/grants`, { userId, points, reason: "Long run pacing duty" }, s.owner.headers)
    expect((await grant(s.member.user.id, 80)).status).toBe(201)
    expect((await grant(s.moderator.user.id, 60)).status).toBe(201)
    expect((await grant(s.admin.user.id, 10)).status).toBe(201)
    const enabled = await host.http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules`, { name: "Monthly fifty", metric: "points", period: "month", threshold: 50, awardName: "Fifty club" }, s.owner.headers)
    expect((await host.http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${enabled.body.data.id}/enable`, {}, s.owner.headers)).status).toBe(200)
    await host.http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules`, { name: "Still disabled", metric: "points", period: "month", threshold: 1, awardName: "Everyone" }, s.owner.headers)

    const at = nextMonth()
    const [first, second] = await Promise.all([host.run(Clubs.runDailyRecognition(at)), host.run(Clubs.runDailyRecognition(at))])
    expect(first.membersOfTheMonth + second.membersOfTheMonth).toBeGreaterThanOrEqual(1)
    const awards = await host.http.get(`/v2/clubs/${s.club.id}/admin/awards?limit=50`, s.owner.headers)
    const names = awards.body.data.items.map((a: { userId: string; name: string }) => `${a.userId}:${a.name}`).sort()
    expect(names).toEqual([`${s.member.user.id}:Fifty club`, `${s.moderator.user.id}:Fifty club`].sort())

    const mom = await host.http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, { monthKey: new Date().toISOString().slice(0, 7) }, s.owner.headers)
    expect(mom.body.data).toMatchObject({ winner: { userId: s.member.user.id, points: 80 }, emitted: false })
    const emitted = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: s.club.id, action: "CLUB_MEMBER_OF_THE_MONTH", limit: 5 })))
    expect(emitted).toHaveLength(1)
  })

  it("is a scheduled job the worker runs", async () => {
    const ran = await host.http.post("/v2/admin/scheduler/jobs/clubs.recognition.daily/run", {}, platformAdmin.headers)
    expect(ran.status).toBe(201)
    const jobId = ran.body.data.job.jobId
    const job = await host.run(Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const [claimed] = yield* queue.claim({ workerId: "recognition-test", limit: 1, leaseMs: 30_000, id: jobId })
      if (claimed !== undefined) yield* Platform.runClaimedJob(claimed, { workerId: "recognition-test", leaseMs: 30_000 })
      return yield* queue.get(jobId)
    }))
    expect(job.status).toBe("SUCCEEDED")
  })
})
