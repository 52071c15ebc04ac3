/**
 * The scheduler view through the real host: named jobs with schedule and next run, `run` enqueues
 * one run through the durable queue and it shows as the last run; unknown names 404; the guard.
 */
import { Identity, Platform } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { bearer, createAdmin } from "../support/sign-in.js"

let host: RealHost
let token: string
let otherToken: string

beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  const tokenFor = async (id: string) => (await host.run(Identity.startSession({ account: { kind: "admin", id }, role: "admin" }))).accessToken
  token = await tokenFor((await createAdmin(host, ["platform.operate"])).id)
  otherToken = await tokenFor((await createAdmin(host, ["admins.read"])).id)
})
afterAll(() => host?.close())

const get = (path: string, t = token) => host.http.get(path, { headers: bearer(t) })
const post = (path: string, t = token) => host.http.request("POST", path, undefined, bearer(t))

describe("scheduler admin", () => {
  it("lists the named jobs with schedule, next run and (before any run) no outcome", async () => {
    const answer = await get("/v2/admin/scheduler/jobs")
    expect(answer.status).toBe(200)
    const names = answer.body.data.data.map((j: { name: string }) => j.name)
    expect(names).toEqual(expect.arrayContaining(["platform.heartbeat", "platform.jobs.prune"]))
    const heartbeat = answer.body.data.data.find((j: { name: string }) => j.name === "platform.heartbeat")
    expect(heartbeat).toMatchObject({ schedule: "1m", everySeconds: 60, lastRun: null, lastOutcome: null })
    expect(Date.parse(heartbeat.nextRunAt)).toBeGreaterThan(Date.now() - 1000)
    expect(Date.parse(heartbeat.nextRunAt)).toBeLessThanOrEqual(Date.now() + 61_000)
  })

  it("runs a job now through the queue; the run becomes the job's last run and its outcome follows the worker", async () => {
    const ran = await post("/v2/admin/scheduler/jobs/platform.heartbeat/run")
    expect(ran.status).toBe(201)
    expect(ran.body.data).toMatchObject({ name: "platform.heartbeat", job: { status: "PENDING", attempts: 0 } })
    const jobId = ran.body.data.job.jobId
    const one = await get("/v2/admin/scheduler/jobs/platform.heartbeat")
    expect(one.status).toBe(200)
    expect(one.body.data.lastRun.jobId).toBe(jobId)
    expect(one.body.data.lastOutcome).toBe("PENDING")

    // A worker picks it up (run here in-process, as the worker host would).
    await host.run(Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const [claimed] = yield* queue.claim({ workerId: "test-worker", limit: 1, leaseMs: 30_000, id: jobId })
      if (claimed !== undefined) yield* Platform.runClaimedJob(claimed, { workerId: "test-worker", leaseMs: 30_000 })
    }))
    const after = await get("/v2/admin/scheduler/jobs/platform.heartbeat")
    expect(after.body.data.lastOutcome).toBe("SUCCEEDED")
    expect(after.body.data.lastRun.finishedAt).not.toBeNull()
  })

  it("answers 404 for an unknown job and 403 without platform.operate", async () => {
    const missing = await get("/v2/admin/scheduler/jobs/no.such.job")
    expect(missing.status).toBe(404)
    expect((await post("/v2/admin/scheduler/jobs/no.such.job/run")).status).toBe(404)
    expect((await get("/v2/admin/scheduler/jobs", otherToken)).status).toBe(403)
    expect((await get("/v2/admin/scheduler/jobs/platform.heartbeat", otherToken)).status).toBe(403)
    expect((await post("/v2/admin/scheduler/jobs/platform.heartbeat/run", otherToken)).status).toBe(403)
  })
})
