/**
 * Search administration through the real host: ensure is idempotent and answers the catalog,
 * reindex queues a durable job that a worker completes in batches with progress, health then shows
 * document counts equal to the database's, unknown collections 404, and the guard (401/403).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Identity, Platform } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { bearer, createAdmin, signInNewUser } from "../support/sign-in.js"

let host: RealHost
let token: string
let otherToken: string
let userToken: string

beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  const tokenFor = async (id: string) => (await host.run(Identity.startSession({ account: { kind: "admin", id }, role: "admin" }))).accessToken
  token = await tokenFor((await createAdmin(host, ["platform.operate"])).id)
  otherToken = await tokenFor((await createAdmin(host, ["admins.read"])).id)
  userToken = (await signInNewUser(host)).accessToken
  await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.forEach([1, 2, 3], (i) => sql`insert into organizers.organizers (name) values (${`Search Org ${i}`})`, { discard: true })))
})
afterAll(() => host?.close())

const get = (path: string, t = token) => host.http.get(path, { headers: bearer(t) })
const post = (path: string, t = token) => host.http.request("POST", path, undefined, bearer(t))
const dbCount = (table: string) =>
  host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ n: string }>`select count(*) as n from ${sql(table)}`)).then((r) => Number(r[0]!.n))

const runJob = (jobId: string) =>
  host.run(Effect.gen(function*() {
    const queue = yield* Platform.JobQueue
    const [claimed] = yield* queue.claim({ workerId: "search-test-worker", limit: 1, leaseMs: 30_000, id: jobId as never })
    if (claimed !== undefined) yield* Platform.runClaimedJob(claimed, { workerId: "search-test-worker", leaseMs: 30_000 })
    return yield* queue.get(jobId as never)
  }))

describe("search admin", () => {
  it("ensure creates every collection idempotently and answers the catalog", async () => {
    const first = await post("/v2/admin/search/ensure")
    expect(first.status).toBe(200)
    const names = first.body.data.data.map((c: { name: string }) => c.name)
    expect(names).toEqual(expect.arrayContaining(["admins", "organizers"]))
    const second = await post("/v2/admin/search/ensure")
    expect(second.status).toBe(200)
    expect(second.body.data).toEqual(first.body.data)
    const health = await get("/v2/admin/search/health")
    expect(health.status).toBe(200)
    expect(health.body.data).toMatchObject({ engine: "postgres", healthy: true, error: null })
    for (const c of health.body.data.collections) expect(c.created).toBe(true)
  })

  it("reindex queues a durable job at once; a worker completes it with progress; health counts match the database", async () => {
    const queued = await post("/v2/admin/search/reindex/organizers")
    expect(queued.status).toBe(202)
    expect(queued.body.data).toMatchObject({ collection: "organizers", job: { status: "PENDING", attempts: 0 } })
    const organizers = await dbCount("organizers.organizers")
    expect(organizers).toBeGreaterThanOrEqual(3)
    const before = (await get("/v2/admin/search/health")).body.data.collections.find((c: { name: string }) => c.name === "organizers")
    expect(before).toMatchObject({ documents: 0, sourceRows: organizers, inSync: false })

    const done = await runJob(queued.body.data.job.jobId)
    expect(done.status).toBe("SUCCEEDED")
    expect(done.progress).toMatchObject({ done: organizers, total: organizers })

    const admins = await post("/v2/admin/search/reindex/admins")
    expect((await runJob(admins.body.data.job.jobId)).status).toBe("SUCCEEDED")

    const health = await get("/v2/admin/search/health")
    expect(health.status).toBe(200)
    const byName = Object.fromEntries(health.body.data.collections.map((c: { name: string }) => [c.name, c]))
    expect(byName.organizers).toMatchObject({ documents: organizers, sourceRows: organizers, inSync: true })
    const adminRows = await dbCount("accounts.admins")
    expect(byName.admins).toMatchObject({ documents: adminRows, sourceRows: adminRows, inSync: true })
  })

  it("reindexes in batches, reporting progress after each batch, and drops documents whose rows are gone", async () => {
    const reports: Array<[number, number]> = []
    const total = await dbCount("organizers.organizers")
    await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql`insert into search.documents (collection, id, title) values ('organizers', 'zzzz-stale', 'Gone')`))
    const result = await host.run(Platform.reindexCollection({ collection: "organizers", batchSize: 1 }, (d, t) => Effect.sync(() => void reports.push([d, t]))))
    expect(result.indexed).toBe(total)
    expect(reports[0]).toEqual([0, total])
    expect(reports.length).toBeGreaterThanOrEqual(total + 1)
    expect(reports.at(-1)).toEqual([total, total])
    const org = (await get("/v2/admin/search/health")).body.data.collections.find((c: { name: string }) => c.name === "organizers")
    expect(org).toMatchObject({ documents: total, sourceRows: total, inSync: true })
  })

  it("answers 404 for an unknown collection", async () => {
    const missing = await post("/v2/admin/search/reindex/no-such-collection")
    expect(missing.status).toBe(404)
  })

  it("answers 401 without a token and 403 without platform.operate or for a non-admin", async () => {
    expect((await host.http.request("POST", "/v2/admin/search/ensure")).status).toBe(401)
    expect((await host.http.get("/v2/admin/search/health")).status).toBe(401)
    expect((await host.http.request("POST", "/v2/admin/search/reindex/admins")).status).toBe(401)
    expect((await post("/v2/admin/search/ensure", otherToken)).status).toBe(403)
    expect((await get("/v2/admin/search/health", otherToken)).status).toBe(403)
    expect((await post("/v2/admin/search/reindex/admins", otherToken)).status).toBe(403)
    expect((await get("/v2/admin/search/health", userToken)).status).toBe(403)
  })
})
