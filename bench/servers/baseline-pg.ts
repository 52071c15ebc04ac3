/**
 * Baseline (c): `node:http` + `pg`, doing the work of a primary-key read: parse the id from the
 * path, one parameterised `select … where id = $1` on `platform.jobs` through a pool, 404 when
 * absent, the row in the success envelope `{status, statusText, message, data}` otherwise.
 * Also answers `GET /health/live` like baseline (b). Env: PORT, DATABASE_URL, POOL_SIZE.
 */
import { randomUUID } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"
import pg from "pg"

const started = Date.now()
const port = Number(process.env.PORT ?? 0)
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) })
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const json = (res: ServerResponse, status: number, requestId: string, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json", "x-request-id": requestId })
  res.end(JSON.stringify(body))
}

const server = createServer((req, res) => {
  const requestId = (req.headers["x-request-id"] as string | undefined) ?? randomUUID()
  const url = req.url ?? "/"
  if (req.method === "GET" && url === "/health/live") {
    const process = { status: "up", uptimeSeconds: Math.floor((Date.now() - started) / 1000) }
    return json(res, 200, requestId, { status: "ok", info: { process }, error: {}, details: { process } })
  }
  const match = /^\/jobs\/([^/?]+)$/.exec(url)
  if (req.method === "GET" && match) {
    const id = match[1] ?? ""
    if (!uuid.test(id)) {
      return json(res, 400, requestId, { status: 400, statusText: "BAD_REQUEST", message: ["id must be a UUID"], data: null })
    }
    pool.query(
      `select id, name, payload, status, attempts, max_attempts, run_at, lease_owner, lease_until, dedupe_key,
              progress, last_error, created_at, updated_at, finished_at
         from platform.jobs where id = $1`,
      [id]
    ).then(
      (result) => {
        const row = result.rows[0]
        if (row === undefined) {
          return json(res, 404, requestId, { status: 404, statusText: "NOT_FOUND", message: "Job not found", data: null })
        }
        return json(res, 200, requestId, { status: 200, statusText: "OK", message: "Success", data: row })
      },
      () => json(res, 500, requestId, { status: 500, statusText: "INTERNAL_SERVER_ERROR", message: "Internal error", data: null })
    )
    return
  }
  json(res, 404, requestId, { status: 404, statusText: "NOT_FOUND", message: "Not found", data: null })
})

server.listen(port, "127.0.0.1", () => process.stdout.write(`listening ${port}\n`))
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))))
