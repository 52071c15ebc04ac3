/**
 * Sponsor campaigns and cohorts through the real host: brands draft and submit (brand tenancy
 * guard), admins with sponsors.review list the queue (default PENDING_APPROVAL) and approve (a
 * campaign LIVE or SCHEDULED by its startDate) or reject with a reason the brand reads verbatim;
 * a cohort's estimated size is counted from athletes' activities.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { approvedBrand, sponsorsAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const reviewer = () => sponsorsAdmin(host, ["sponsors.manage", "sponsors.review"])
const day = 86_400_000
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
const campaign = (overrides: Record<string, unknown> = {}) => ({ name: "Monsoon Miles", objective: "ENGAGEMENT", budgetMinor: 5_000_000, startDate: iso(-day), endDate: iso(30 * day), ...overrides })

let startOffset = 0
/** Logs a swim for the athlete, each at its own time so none overlaps. */
const logSwim = async (headers: Record<string, string>) => {
  startOffset += 2
  const res = await send("POST", "/v2/activities", { sport: "swim", title: "Pool", startedAt: iso(-startOffset * 3_600_000), durationSeconds: 1800, distanceMeters: 1500 }, headers)
  expect(res.status).toBe(201)
}

describe("who may draft and review campaigns and cohorts", () => {
  it("needs a brand account for the workspace and sponsors.review for the reviews", async () => {
    const { headers: admin } = await reviewer()
    const { brand } = await approvedBrand(host, admin)
    const outsider = await newAthlete(host)
    const { headers: manager } = await sponsorsAdmin(host, ["sponsors.manage"])
    const id = crypto.randomUUID()
    const workspace: ReadonlyArray<readonly [string, string]> = [
      ["GET", `/v2/sponsor/brands/${brand.id}/campaigns`],
      ["POST", `/v2/sponsor/brands/${brand.id}/campaigns`],
      ["POST", `/v2/sponsor/brands/${brand.id}/campaigns/${id}/submit`],
      ["GET", `/v2/sponsor/brands/${brand.id}/cohorts`],
      ["POST", `/v2/sponsor/brands/${brand.id}/cohorts`],
      ["POST", `/v2/sponsor/brands/${brand.id}/cohorts/${id}/submit`]
    ]
    for (const [method, path] of workspace) {
      const body = method === "GET" ? undefined : { name: 1 }
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, outsider.headers)).status).toBe(403)
    }
    const reviews: ReadonlyArray<readonly [string, string, unknown]> = [
      ["GET", "/v2/admin/sponsor-campaigns", undefined],
      ["POST", `/v2/admin/sponsor-campaigns/${id}/approve`, undefined],
      ["POST", `/v2/admin/sponsor-campaigns/${id}/reject`, { reason: "x" }],
      ["GET", "/v2/admin/sponsor-cohorts", undefined],
      ["POST", `/v2/admin/sponsor-cohorts/${id}/approve`, undefined],
      ["POST", `/v2/admin/sponsor-cohorts/${id}/reject`, { reason: "x" }]
    ]
    for (const [method, path, body] of reviews) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, outsider.headers)).status).toBe(403)
      expect((await send(method, path, body, manager)).status).toBe(403)
    }
  })
})

describe("sponsor cohorts", () => {
  it("estimates the audience from athletes' activities, then goes through review", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const base = `/v2/sponsor/brands/${brand.id}/cohorts`
    const definition = { sports: ["swim"], activeWithinDays: 7, minActivities: 2 }
    const before = (await send("POST", base, { name: "Weekly swimmers", definition }, holder.headers)).body.data.estimatedSize as number
    const regular = await newAthlete(host)
    const once = await newAthlete(host)
    await logSwim(regular.headers)
    await logSwim(regular.headers)
    await logSwim(once.headers)
    const created = await send("POST", base, { name: "Weekly swimmers", definition }, holder.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ brandId: brand.id, status: "DRAFT", definition, estimatedSize: before + 1 })
    const anyone = await send("POST", base, { name: "Any recent athlete", definition: { activeWithinDays: 7, minActivities: 1 } }, holder.headers)
    expect(anyone.body.data.estimatedSize).toBeGreaterThanOrEqual(before + 2)
    const bad = await send("POST", base, { name: "X", definition: { sports: ["chess"], activeWithinDays: 0, minActivities: 1 } }, holder.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining(["name must be longer than or equal to 3 and shorter than or equal to 120 characters"]))
    expect(bad.body.message).toHaveLength(3)

    const id = created.body.data.id
    const submitted = await send("POST", `${base}/${id}/submit`, undefined, holder.headers)
    expect(submitted.body.data).toMatchObject({ id, status: "PENDING_APPROVAL", estimatedSize: before + 1 })
    const queue = await send("GET", "/v2/admin/sponsor-cohorts?limit=100", undefined, admin)
    expect(queue.body.data.items.map((c: { id: string }) => c.id)).toContain(id)
    expect(queue.body.data.items.every((c: { status: string }) => c.status === "PENDING_APPROVAL")).toBe(true)
    expect((await send("GET", "/v2/admin/sponsor-cohorts?status=DRAFT&limit=100", undefined, admin)).body.data.items.map((c: { id: string }) => c.id)).toContain(anyone.body.data.id)

    const both = await Promise.all([
      send("POST", `/v2/admin/sponsor-cohorts/${id}/approve`, undefined, admin),
      send("POST", `/v2/admin/sponsor-cohorts/${id}/reject`, { reason: "Audience too narrow to be useful" }, admin)
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(both.find((r) => r.status === 409)!.body.code).toBe("SPONSOR_COHORT_MOVE_REFUSED")
    expect((await send("POST", `${base}/${id}/submit`, undefined, holder.headers)).body.code).toBe("SPONSOR_COHORT_MOVE_REFUSED")
    expect((await send("POST", `${base}/${crypto.randomUUID()}/submit`, undefined, holder.headers)).body.code).toBe("SPONSOR_COHORT_NOT_FOUND")
  })

  it("rejects with a verbatim reason and lets the brand submit again", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const base = `/v2/sponsor/brands/${brand.id}/cohorts`
    const id = (await send("POST", base, { name: "Riders", definition: { sports: ["ride"], activeWithinDays: 30, minActivities: 1 } }, holder.headers)).body.data.id
    await send("POST", `${base}/${id}/submit`, undefined, holder.headers)
    expect((await send("POST", `/v2/admin/sponsor-cohorts/${id}/reject`, { reason: "short" }, admin)).body.message).toEqual([
      "reason must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
    const reason = "Targets <minors>? Please exclude under-18s & resubmit."
    expect((await send("POST", `/v2/admin/sponsor-cohorts/${id}/reject`, { reason }, admin)).body.data).toMatchObject({ status: "REJECTED", rejectionReason: reason })
    const mine = await send("GET", base, undefined, holder.headers)
    expect(mine.body.data.items[0]).toMatchObject({ id, status: "REJECTED", rejectionReason: reason })
    expect((await send("POST", `${base}/${id}/submit`, undefined, holder.headers)).body.data.status).toBe("PENDING_APPROVAL")
  })
})

describe("sponsor campaigns", () => {
  it("approves into LIVE when the start has come and SCHEDULED when it has not", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const base = `/v2/sponsor/brands/${brand.id}/campaigns`
    const cohort = (await send("POST", `/v2/sponsor/brands/${brand.id}/cohorts`, { name: "Runners", definition: { sports: ["run"], activeWithinDays: 30, minActivities: 1 } }, holder.headers)).body.data
    const started = await send("POST", base, campaign({ cohortId: cohort.id }), holder.headers)
    expect(started.status).toBe(201)
    expect(started.body.data).toMatchObject({ brandId: brand.id, status: "DRAFT", cohortId: cohort.id, budgetMinor: 5_000_000, currency: "INR" })
    const later = await send("POST", base, campaign({ name: "Winter Warmup", startDate: iso(10 * day), endDate: iso(40 * day) }), holder.headers)
    for (const c of [started, later]) expect((await send("POST", `${base}/${c.body.data.id}/submit`, undefined, holder.headers)).body.data.status).toBe("PENDING_APPROVAL")
    const queue = await send("GET", "/v2/admin/sponsor-campaigns?page=1&limit=100", undefined, admin)
    expect(queue.body.data.items.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([started.body.data.id, later.body.data.id]))
    const live = await send("POST", `/v2/admin/sponsor-campaigns/${started.body.data.id}/approve`, undefined, admin)
    expect(live.body.data).toMatchObject({ status: "LIVE" })
    expect(live.body.data.reviewedBy).not.toBeNull()
    expect((await send("POST", `/v2/admin/sponsor-campaigns/${later.body.data.id}/approve`, undefined, admin)).body.data.status).toBe("SCHEDULED")
    const again = await send("POST", `/v2/admin/sponsor-campaigns/${started.body.data.id}/approve`, undefined, admin)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("SPONSOR_CAMPAIGN_MOVE_REFUSED")
    expect((await send("GET", "/v2/admin/sponsor-campaigns?status=LIVE&limit=100", undefined, admin)).body.data.items.map((c: { id: string }) => c.id)).toContain(started.body.data.id)
    expect((await send("GET", "/v2/admin/sponsor-campaigns?status=OPEN", undefined, admin)).body.message).toEqual([
      "status must be one of the following values: DRAFT, PENDING_APPROVAL, SCHEDULED, LIVE, REJECTED"
    ])
  })

  it("validates drafts and returns a rejection's reason verbatim to the brand", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const other = await approvedBrand(host, admin, "Other Brand")
    const base = `/v2/sponsor/brands/${brand.id}/campaigns`
    const bad = await send("POST", base, { name: "AB", objective: "FAME", budgetMinor: 1, startDate: "soon", endDate: iso(day) }, holder.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "name must be longer than or equal to 3 and shorter than or equal to 120 characters",
      "objective must be one of the following values: AWARENESS, ENGAGEMENT, PARTICIPATION, SALES",
      "budgetMinor must be an integer between 100 and 100000000000",
      "startDate must be a valid ISO 8601 date string"
    ])
    expect((await send("POST", base, campaign({ endDate: iso(-2 * day) }), holder.headers)).body.message).toEqual(["endDate must be after startDate"])
    const foreignCohort = (await send("POST", `/v2/sponsor/brands/${other.brand.id}/cohorts`, { name: "Theirs", definition: { activeWithinDays: 3, minActivities: 1 } }, other.holder.headers)).body.data.id
    expect((await send("POST", base, campaign({ cohortId: foreignCohort }), holder.headers)).body.code).toBe("SPONSOR_COHORT_NOT_FOUND")
    const over = (await send("POST", base, campaign({ startDate: iso(-10 * day), endDate: iso(-day) }), holder.headers)).body.data.id
    expect((await send("POST", `${base}/${over}/submit`, undefined, holder.headers)).body.message).toEqual(["endDate must be in the future"])

    const id = (await send("POST", base, campaign(), holder.headers)).body.data.id
    expect((await send("POST", `/v2/admin/sponsor-campaigns/${id}/approve`, undefined, admin)).body.code).toBe("SPONSOR_CAMPAIGN_MOVE_REFUSED")
    await send("POST", `${base}/${id}/submit`, undefined, holder.headers)
    const reason = "Budget exceeds the brand's <b>verified</b> limit — split it in two."
    const rejected = await send("POST", `/v2/admin/sponsor-campaigns/${id}/reject`, { reason }, admin)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", rejectionReason: reason })
    const mine = await send("GET", base, undefined, holder.headers)
    expect(mine.body.data.items.find((c: { id: string }) => c.id === id)).toMatchObject({ status: "REJECTED", rejectionReason: reason })
    expect((await send("POST", `/v2/admin/sponsor-campaigns/${crypto.randomUUID()}/reject`, { reason }, admin)).body.code).toBe("SPONSOR_CAMPAIGN_NOT_FOUND")
  })
})

describe("scheduled campaigns", () => {
  it("go LIVE through the scheduled job once their startDate has come", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const base = `/v2/sponsor/brands/${brand.id}/campaigns`
    const make = async (startInDays: number) => {
      const id = (await send("POST", base, campaign({ startDate: iso(startInDays * day), endDate: iso(60 * day) }), holder.headers)).body.data.id
      await send("POST", `${base}/${id}/submit`, undefined, holder.headers)
      expect((await send("POST", `/v2/admin/sponsor-campaigns/${id}/approve`, undefined, admin)).body.data.status).toBe("SCHEDULED")
      return id as string
    }
    const due = await make(2)
    const notYet = await make(20)
    // The start date arrives (moved back rather than waited for).
    await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`update sponsors.campaigns set start_date = now() - interval '1 minute' where id = ${due}`))
    const platformAdmin = await sponsorsAdmin(host, ["*"])
    const ran = await host.http.post("/v2/admin/scheduler/jobs/sponsors.campaigns.start-due/run", {}, platformAdmin.headers)
    expect(ran.status).toBe(201)
    const jobId = ran.body.data.job.jobId
    const job = await host.run(Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const [claimed] = yield* queue.claim({ workerId: "sponsors-test", limit: 1, leaseMs: 30_000, id: jobId })
      if (claimed !== undefined) yield* Platform.runClaimedJob(claimed, { workerId: "sponsors-test", leaseMs: 30_000 })
      return yield* queue.get(jobId)
    }))
    expect(job.status).toBe("SUCCEEDED")
    const mine = (await send("GET", base, undefined, holder.headers)).body.data.items as ReadonlyArray<{ id: string; status: string }>
    expect(mine.find((c) => c.id === due)!.status).toBe("LIVE")
    expect(mine.find((c) => c.id === notYet)!.status).toBe("SCHEDULED")
  })
})
