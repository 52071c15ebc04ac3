/**
 * SEARCH_ENGINE=typesense through the real host: the admin search routes, the worker's reindex job,
 * /health and the CLI all talk to the configured Typesense-compatible server (a local node:http
 * stand-in), and the start-up summary names it. Partial configuration fails at start naming the
 * missing variable.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { appConfigFrom, describeInfrastructure, describeSearchEngine } from "@podium/host-common"
import { Identity, Platform } from "@podium/core"
import { Effect, Exit } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli.js"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { bearer, createAdmin } from "../support/sign-in.js"

const collections = new Map<string, Map<string, unknown>>()
const requests: Array<string> = []
const keys = new Set<string>()
let server: Server
let url: string
let healthy = true

const startFakeTypesense = async () => {
  server = createServer((req, res) => {
    keys.add(String(req.headers["x-typesense-api-key"]))
    requests.push(`${req.method} ${req.url}`)
    let body = ""
    req.on("data", (c) => (body += c))
    req.on("end", () => {
      const send = (status: number, value: unknown, raw = false) => {
        res.writeHead(status, { "content-type": "application/json" })
        res.end(raw ? String(value) : JSON.stringify(value))
      }
      const u = new URL(req.url ?? "/", "http://x")
      const parts = u.pathname.split("/").filter(Boolean).map(decodeURIComponent)
      if (u.pathname === "/health") return healthy ? send(200, { ok: true }) : send(503, { ok: false })
      if (req.method === "POST" && u.pathname === "/collections") {
        const { name } = JSON.parse(body) as { name: string }
        if (collections.has(name)) return send(409, { message: "exists" })
        collections.set(name, new Map())
        return send(201, { name })
      }
      if (parts[0] === "collections" && parts.length === 2) {
        const c = collections.get(parts[1]!)
        if (c === undefined) return send(404, { message: "Not Found" })
        if (req.method === "DELETE") {
          collections.delete(parts[1]!)
          return send(200, { name: parts[1] })
        }
        return send(200, { name: parts[1], num_documents: c.size })
      }
      if (req.method === "POST" && parts[0] === "collections" && parts[2] === "documents" && parts[3] === "import") {
        const c = collections.get(parts[1]!)
        if (c === undefined) return send(404, { message: "Not Found" })
        const lines = body.split("\n").filter((l) => l !== "")
        for (const l of lines) c.set((JSON.parse(l) as { id: string }).id, JSON.parse(l))
        return send(200, lines.map(() => JSON.stringify({ success: true })).join("\n"), true)
      }
      send(404, { message: "Not Found" })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

let host: RealHost
let token: string

beforeAll(async () => {
  await startFakeTypesense()
  host = await startRealHost(import.meta.url, { SEARCH_ENGINE: "typesense", TYPESENSE_URL: url, TYPESENSE_API_KEY: "ts-key-for-tests" })
  const admin = await createAdmin(host, ["platform.operate"])
  token = (await host.run(Identity.startSession({ account: { kind: "admin", id: admin.id }, role: "admin" }))).accessToken
  await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.forEach([1, 2, 3], (i) => sql`insert into organizers.organizers (name) values (${`Typesense Org ${i}`})`, { discard: true })))
})
afterAll(async () => {
  await host?.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe("search engine configuration", () => {
  it("fails at start naming the missing Typesense variable, and rejects an unknown engine", async () => {
    const noUrl = await Effect.runPromiseExit(appConfigFrom({ APP_ENV: "test", DATA_DIR: "/tmp/podium-search-cfg", SEARCH_ENGINE: "typesense", TYPESENSE_API_KEY: "k" }))
    expect(Exit.isFailure(noUrl) && String(noUrl.cause)).toContain("TYPESENSE_URL")
    const noKey = await Effect.runPromiseExit(appConfigFrom({ APP_ENV: "test", DATA_DIR: "/tmp/podium-search-cfg", SEARCH_ENGINE: "typesense", TYPESENSE_URL: "http://127.0.0.1:1" }))
    expect(Exit.isFailure(noKey) && String(noKey.cause)).toContain("TYPESENSE_API_KEY")
    const unknown = await Effect.runPromiseExit(appConfigFrom({ APP_ENV: "test", DATA_DIR: "/tmp/podium-search-cfg", SEARCH_ENGINE: "elastic" }))
    expect(Exit.isFailure(unknown) && String(unknown.cause)).toContain("SEARCH_ENGINE")
    const fallback = await Effect.runPromise(appConfigFrom({ APP_ENV: "test", DATA_DIR: "/tmp/podium-search-cfg" }))
    expect(describeSearchEngine(fallback.search)).toBe("postgres full-text (SEARCH_ENGINE=postgres)")
  })
})

describe("search engine selection: typesense", () => {
  const post = (path: string) => host.http.request("POST", path, undefined, bearer(token))
  const get = (path: string) => host.http.get(path, { headers: bearer(token) })

  it("names the Typesense server in the start-up summary (without the key) and in /health", async () => {
    const line = describeInfrastructure(host.config).find(([k]) => k === "search")
    expect(line?.[1]).toBe(`typesense at ${url} (SEARCH_ENGINE=typesense)`)
    expect(line?.[1]).not.toContain("ts-key-for-tests")
    const health = await host.http.get("/health")
    expect(health.status).toBe(200)
    expect(health.body.details.search).toMatchObject({ status: "up", engine: "typesense", engineHealthy: true })
  })

  it("a Typesense outage shows in /health and the admin search health without taking the host out of rotation", async () => {
    healthy = false
    try {
      const health = await host.http.get("/health/ready")
      expect(health.status).toBe(200)
      expect(health.body.details.search).toMatchObject({ status: "up", engine: "typesense", engineHealthy: false })
      expect(health.body.details.search.message).toContain("/health")
      const admin = await get("/v2/admin/search/health")
      expect(admin.body.data).toMatchObject({ engine: "typesense", healthy: false })
    } finally {
      healthy = true
    }
  })

  it("ensure, health and a worker-run reindex go to the Typesense server with its API key", async () => {
    const ensured = await post("/v2/admin/search/ensure")
    expect(ensured.status).toBe(200)
    expect([...collections.keys()]).toEqual(expect.arrayContaining(["admins", "organizers"]))
    expect(keys).toEqual(new Set(["ts-key-for-tests"]))

    const queued = await post("/v2/admin/search/reindex/organizers")
    expect(queued.status).toBe(202)
    const done = await host.run(Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const id = queued.body.data.job.jobId as never
      const [claimed] = yield* queue.claim({ workerId: "typesense-test-worker", limit: 1, leaseMs: 30_000, id })
      if (claimed !== undefined) yield* Platform.runClaimedJob(claimed, { workerId: "typesense-test-worker", leaseMs: 30_000 })
      return yield* queue.get(id)
    }))
    expect(done.status).toBe("SUCCEEDED")
    const rows = await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ n: string }>`select count(*) as n from organizers.organizers`))
    const n = Number(rows[0]!.n)
    expect(collections.get("organizers")?.size).toBe(n)
    expect(requests.some((r) => r.startsWith("POST /collections/organizers/documents/import"))).toBe(true)

    const health = await get("/v2/admin/search/health")
    expect(health.status).toBe(200)
    expect(health.body.data).toMatchObject({ engine: "typesense", healthy: true })
    const org = health.body.data.collections.find((c: { name: string }) => c.name === "organizers")
    expect(org).toMatchObject({ created: true, documents: n, sourceRows: n, inSync: true })
  })

  it("the CLI's search commands use the configured engine", async () => {
    const saved = { engine: process.env.SEARCH_ENGINE, url: process.env.TYPESENSE_URL, key: process.env.TYPESENSE_API_KEY }
    process.env.SEARCH_ENGINE = "typesense"
    process.env.TYPESENSE_URL = url
    process.env.TYPESENSE_API_KEY = "ts-key-for-tests"
    try {
      collections.get("admins")?.clear()
      const before = requests.length
      const reindexed = await host.run(runCli("search", "reindex", "admins"))
      expect(Exit.isSuccess(reindexed.exit)).toBe(true)
      expect(requests.slice(before).some((r) => r.startsWith("POST /collections/admins/documents/import"))).toBe(true)
      const health = await host.run(runCli("search", "health"))
      expect(health.out).toContain("engine typesense: healthy")
    } finally {
      for (const [k, v] of [["SEARCH_ENGINE", saved.engine], ["TYPESENSE_URL", saved.url], ["TYPESENSE_API_KEY", saved.key]] as const) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
    }
  })
})
