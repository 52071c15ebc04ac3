/**
 * Baseline (b): plain `node:http`, doing what the Podium host does for `GET /health/live` — a
 * request id (echoed or generated), the health result shape as JSON — and nothing else.
 * Started by bench/run.ts as its own process: `PORT=… node --import tsx bench/servers/baseline-http.ts`.
 */
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"

const started = Date.now()
const port = Number(process.env.PORT ?? 0)

const server = createServer((req, res) => {
  const requestId = (req.headers["x-request-id"] as string | undefined) ?? randomUUID()
  if (req.method === "GET" && req.url === "/health/live") {
    const process = { status: "up", uptimeSeconds: Math.floor((Date.now() - started) / 1000) }
    const body = JSON.stringify({ status: "ok", info: { process }, error: {}, details: { process } })
    res.writeHead(200, { "content-type": "application/json", "x-request-id": requestId })
    res.end(body)
    return
  }
  res.writeHead(404, { "content-type": "application/json", "x-request-id": requestId })
  res.end(JSON.stringify({ status: 404, statusText: "NOT_FOUND", message: "Not found", data: null }))
})

server.listen(port, "127.0.0.1", () => process.stdout.write(`listening ${port}\n`))
process.on("SIGTERM", () => server.close(() => process.exit(0)))
