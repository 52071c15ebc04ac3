/**
 * The Typesense-compatible engine against a local node:http server speaking the Typesense API
 * subset it uses: ensure creates collections once, reindex upserts documents in batches (dropping
 * stale ones on a full reindex), health compares counts, the API key is sent, and an unreachable
 * or failing server reads as unhealthy.
 */
import { Platform } from "@podium/core"
import { makeSearchEngineTypesense } from "@podium/providers"
import { Effect } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const collections = new Map<string, Map<string, unknown>>()
const creates: Array<string> = []
const keys = new Set<string>()
let healthy = true
let server: Server
let url: string

beforeAll(async () => {
  server = createServer((req, res) => {
    keys.add(String(req.headers["x-typesense-api-key"]))
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
        creates.push(name)
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
        for (const l of lines) {
          const doc = JSON.parse(l) as { id: string }
          c.set(doc.id, doc)
        }
        return send(200, lines.map(() => JSON.stringify({ success: true })).join("\n"), true)
      }
      send(404, { message: "Not Found" })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const rows: Record<string, Array<Platform.SearchDocument>> = {
  admins: [{ id: "a1", title: "Asha", body: "asha@example.com" }],
  organizers: ["o1", "o2", "o3", "o4", "o5"].map((id) => ({ id, title: `Org ${id}`, body: "ACTIVE" }))
}
const sources: Array<Platform.SearchSource> = Object.keys(rows).map((name) => ({
  name,
  description: name,
  fields: ["title", "body"],
  count: Effect.sync(() => rows[name]!.length),
  page: (after, limit) => Effect.sync(() => rows[name]!.filter((d) => after === null || d.id > after).slice(0, limit))
}))

describe("search engine (Typesense over undici)", () => {
  it("ensures collections once, reindexes in batches and reports counts in sync", async () => {
    const engine = makeSearchEngineTypesense({ url, apiKey: "test-key" }, sources)
    const first = await Effect.runPromise(engine.ensure)
    expect(first.map((c) => c.name)).toEqual(["admins", "organizers"])
    await Effect.runPromise(engine.ensure)
    expect(creates).toEqual(["admins", "organizers"])
    expect(keys).toEqual(new Set(["test-key"]))

    collections.get("organizers")!.set("gone", { id: "gone" })
    const progress: Array<number> = []
    const result = await Effect.runPromise(Platform.reindexCollection({ collection: "organizers", batchSize: 2 }, (done) => Effect.sync(() => void progress.push(done))).pipe(
      Effect.provideService(Platform.SearchEngine, engine)
    ))
    expect(result.indexed).toBe(5)
    expect(progress).toEqual([0, 2, 4, 5])
    expect([...collections.get("organizers")!.keys()].sort()).toEqual(["o1", "o2", "o3", "o4", "o5"])

    const health = await Effect.runPromise(engine.health)
    expect(health).toMatchObject({ engine: "typesense", healthy: true, error: null })
    expect(health.collections).toEqual([
      { name: "admins", created: true, documents: 0, sourceRows: 1, inSync: false },
      { name: "organizers", created: true, documents: 5, sourceRows: 5, inSync: true }
    ])
    const unknown = await Effect.runPromise(Effect.flip(engine.reindexBatch({ collection: "nope", cursor: null, limit: 10 })))
    expect(unknown._tag).toBe("SearchCollectionNotFound")
  })

  it("reads as unhealthy when the server fails its health check or is unreachable", async () => {
    healthy = false
    const failing = await Effect.runPromise(makeSearchEngineTypesense({ url, apiKey: "k" }, sources).health)
    healthy = true
    expect(failing).toMatchObject({ engine: "typesense", healthy: false, collections: [] })
    expect(failing.error).toMatch(/HTTP 503/)
    const down = await Effect.runPromise(makeSearchEngineTypesense({ url: "http://127.0.0.1:1", apiKey: "k", timeoutMs: 2000 }, sources).health)
    expect(down.healthy).toBe(false)
  })
})
