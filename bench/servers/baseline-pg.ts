/**
 * Baseline (c): `node:http` + `pg`, doing by hand the work of Podium's authenticated primary-key
 * read: verify the bearer JWT (EdDSA with the key Podium derives from JWT_SECRET; iss, aud, exp),
 * parse the id from the path, one `select * from accounts.admins where id = $1` as a NAMED prepared
 * statement through a pool, 404 when absent, the row in the success envelope otherwise.
 * What it does not do (Podium does): the session-active and permission checks, request decoding
 * through schemas, metrics, the access log.
 * Also answers `GET /health/live` like baseline (b). Env: PORT, DATABASE_URL, POOL_SIZE, JWT_SECRET.
 */
import { createPrivateKey, createPublicKey, hkdfSync, randomUUID, verify } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"
import pg from "pg"

const started = Date.now()
const port = Number(process.env.PORT ?? 0)
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) })
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// The public half of the Ed25519 key Podium derives from JWT_SECRET (access-tokens.jose.ts).
const seed = Buffer.from(hkdfSync("sha256", process.env.JWT_SECRET ?? "", "podium", "access-token-ed25519", 32))
const publicKey = createPublicKey(
  createPrivateKey({ key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]), format: "der", type: "pkcs8" })
)

/** The claims of a valid access token, or undefined. */
const verifyBearer = (authorization: string | undefined): { sub: string } | undefined => {
  if (authorization === undefined || !authorization.startsWith("Bearer ")) return undefined
  const token = authorization.slice(7)
  const parts = token.split(".")
  if (parts.length !== 3) return undefined
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, "base64url").toString("utf8")) as { alg?: string }
    if (header.alg !== "EdDSA") return undefined
    if (!verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2]!, "base64url"))) return undefined
    const claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as { iss?: string; aud?: string; exp?: number; sub?: string }
    if (claims.iss !== "podium" || claims.aud !== "podium-api" || typeof claims.sub !== "string") return undefined
    if (typeof claims.exp !== "number" || Date.now() >= claims.exp * 1000) return undefined
    return { sub: claims.sub }
  } catch {
    return undefined
  }
}

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
  const match = /^\/v2\/admins\/([^/?]+)$/.exec(url)
  if (req.method === "GET" && match) {
    if (verifyBearer(req.headers.authorization) === undefined) {
      return json(res, 401, requestId, { status: 401, statusText: "UNAUTHORIZED", message: "Unauthorized", data: null })
    }
    const id = match[1] ?? ""
    if (!uuid.test(id)) {
      return json(res, 400, requestId, { status: 400, statusText: "BAD_REQUEST", message: ["id must be a UUID"], data: null })
    }
    pool.query({ name: "admin-by-id", text: "select * from accounts.admins where id = $1", values: [id] }).then(
      (result) => {
        const row = result.rows[0]
        if (row === undefined) {
          return json(res, 404, requestId, { status: 404, statusText: "NOT_FOUND", message: "Admin not found", data: null })
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
