#!/usr/bin/env node
/**
 * Production smoke test: the built bundles (`pnpm build` first) run as separate processes, as an
 * operator deploys them, against the real PostgreSQL and Redis.
 *
 *   pnpm build && node scripts/smoke-production.mjs
 *
 * 1. A fresh database (unique name, dropped at the end) is migrated by the CLI bundle.
 * 2. The HTTP (not all-in-one), worker and scheduler bundles start with APP_ENV=production, a Redis
 *    key prefix of this run, and an SMS provider that is a Twilio-speaking stub in this process.
 * 3. An admin is bootstrapped and signs in with an OTP requested through the HTTP bundle (which
 *    sends codes itself, straight to the provider stub); a notification that admin queues is
 *    delivered by the worker bundle: its outbox row and its notification log row become SENT and
 *    the stub receives the text.
 * 4. The scheduler bundle enqueues the current slot of every schedule it names at start.
 * 5. SIGTERM: each process exits 0 within 30 s.
 * Every host runs with a resolve hook that refuses @electric-sql/*: production never loads PGlite.
 *
 * SMOKE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server the
 * database is created on; SMOKE_REDIS_URL (default redis://127.0.0.1:6379) the Redis.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
// Clients for checking and cleaning up, taken from workspace packages that already depend on them.
const pg = createRequire(path.join(root, "bench/package.json"))("pg")
const Redis = createRequire(path.join(root, "test/package.json"))("ioredis")

const serverUrl = process.env.SMOKE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const redisUrl = process.env.SMOKE_REDIS_URL ?? "redis://127.0.0.1:6379"
const runId = `${process.pid}_${Date.now()}`
const databaseName = `podium_smoke_${runId}`
const redisPrefix = `podium-smoke-${runId}:`
const phoneNumber = `+9197${String(Date.now()).slice(-8)}`
const adminPhone = `+9196${String(Date.now()).slice(-8)}`
const bootstrapToken = `smoke-bootstrap-${runId}`
const started = Date.now()

const log = (message) => process.stdout.write(`[smoke ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}\n`)

/** Polls `check` until it returns a truthy value; fails with `what` after `timeoutMs`. */
const waitFor = async (what, check, timeoutMs = 60_000, intervalMs = 100) => {
  const deadline = Date.now() + timeoutMs
  let lastError
  while (Date.now() < deadline) {
    try {
      const value = await check()
      if (value) return value
    } catch (error) {
      lastError = error
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${lastError.message})` : ""}`)
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** A Twilio Messages endpoint that accepts everything and remembers what it was sent. */
const startSmsStub = () =>
  new Promise((resolve) => {
    const messages = []
    const server = createServer((request, response) => {
      let body = ""
      request.on("data", (chunk) => {
        body += chunk
      })
      request.on("end", () => {
        const form = new URLSearchParams(body)
        messages.push({ path: request.url, to: form.get("To"), body: form.get("Body") })
        response.writeHead(201, { "content-type": "application/json" })
        response.end(JSON.stringify({ sid: `SMsmoke${messages.length}`, status: "queued" }))
      })
    })
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, messages, server }))
  })

const hosts = []

/** Starts `node <bundle> ...args` and keeps the tail of its output for the failure report. */
const startHost = (name, args, env) => {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
  const host = { name, child, output: "", exit: undefined }
  const keep = (chunk) => {
    host.output = (host.output + chunk.toString()).slice(-30_000)
  }
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  host.exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      host.exit = { code, signal }
      resolve(host.exit)
    })
  )
  hosts.push(host)
  return host
}

const assertRunning = (...list) => {
  for (const host of list) {
    if (host.exit !== undefined) {
      throw new Error(`${host.name} exited early (code ${host.exit.code}, signal ${host.exit.signal})`)
    }
  }
}

const main = async () => {
  const bundles = ["http", "worker", "scheduler", "cli"].map((h) => path.join(root, "hosts", h, "dist", "main.js"))
  const missing = bundles.filter((b) => !existsSync(b))
  if (missing.length > 0) throw new Error(`bundles not built (run pnpm build): ${missing.join(", ")}`)
  const [httpBundle, workerBundle, schedulerBundle, cliBundle] = bundles

  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  const dataDir = mkdtempSync(path.join(tmpdir(), "podium-smoke-"))
  const sms = await startSmsStub()
  let db
  try {
    await admin.query(`create database ${databaseName}`)
    const databaseUrl = new URL(serverUrl)
    databaseUrl.pathname = `/${databaseName}`
    db = new pg.Client({ connectionString: databaseUrl.toString() })

    // Any attempt to resolve PGlite fails the host that makes it.
    const hook = path.join(dataDir, "no-pglite-hook.mjs")
    writeFileSync(
      hook,
      `export async function resolve(specifier, context, next) {
  if (specifier.startsWith("@electric-sql/")) throw new Error("a production host tried to load " + specifier)
  return next(specifier, context)
}
`
    )
    const register = path.join(dataDir, "no-pglite.mjs")
    writeFileSync(register, `import { register } from "node:module"\nregister(${JSON.stringify(pathToFileURL(hook).href)})\n`)
    const nodeArgs = ["--import", pathToFileURL(register).href]

    const env = {
      PATH: process.env.PATH ?? "",
      APP_ENV: "production",
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ACCESS_LOG: "false",
      JWT_SECRET: "smoke-jwt-secret-0123456789abcdef0123456789",
      HASH_SECRET: "smoke-hash-secret-0123456789abcdef0123456789",
      ENCRYPTION_KEY: "smoke-encryption-key-0123456789abcdef0123456789",
      OPS_TOKEN: "smoke-ops-token-0123456789",
      SMS_PROVIDER_URL: sms.url,
      SMS_PROVIDER_ACCOUNT: "ACsmoke",
      SMS_PROVIDER_TOKEN: "smoke-token",
      SMS_FROM: "+15005550006",
      ADMIN_BOOTSTRAP_TOKEN: bootstrapToken
    }

    log(`migrating ${databaseName} with the CLI bundle`)
    const migrate = startHost("cli migrate", [...nodeArgs, cliBundle, "migrate"], env)
    const migrated = await Promise.race([
      migrate.exited,
      new Promise((_, reject) => setTimeout(() => reject(new Error("cli migrate did not finish within 120 s")), 120_000).unref())
    ])
    if (migrated.code !== 0) throw new Error(`cli migrate exited with ${migrated.code}`)

    const port = await freePort()
    log("starting the HTTP, worker and scheduler bundles")
    const bootStarted = Date.now()
    const http = startHost("http", [...nodeArgs, httpBundle], { ...env, PORT: String(port), HOST: "127.0.0.1", ALL_IN_ONE: "false" })
    const worker = startHost("worker", [...nodeArgs, workerBundle], env)
    const scheduler = startHost("scheduler", [...nodeArgs, schedulerBundle], env)
    const baseUrl = `http://127.0.0.1:${port}`

    await waitFor("GET /health/ready 200 from the HTTP bundle", async () => {
      assertRunning(http, worker, scheduler)
      const response = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined)
      if (response === undefined) return false
      await response.arrayBuffer()
      return response.status === 200
    }, 90_000, 50)
    log(`HTTP bundle ready ${Date.now() - bootStarted} ms after start`)
    if (!/background\s+worker and scheduler run as their own hosts/.test(http.output)) {
      throw new Error("the HTTP bundle does not say that the worker and scheduler run as their own hosts")
    }

    const post = async (path, body, headers = {}) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body)
      })
      const text = await response.text()
      let json
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      return { status: response.status, text, json }
    }
    const expectStatus = (what, response, status) => {
      if (response.status !== status) throw new Error(`${what} answered ${response.status}, expected ${status}: ${response.text}`)
      return response
    }

    // One-time codes are sent by the HTTP host itself, straight to the provider.
    expectStatus("POST /v2/admins/bootstrap", await post("/v2/admins/bootstrap", { phoneNumber: adminPhone }, { "x-bootstrap-token": bootstrapToken }), 201)
    expectStatus("POST /v2/admins/send-otp", await post("/v2/admins/send-otp", { phoneNumber: adminPhone }), 201)
    const otpText = await waitFor(`the OTP text to ${adminPhone} at the SMS provider`, () => sms.messages.find((m) => m.to === adminPhone)?.body)
    const code = /\b(\d{6})\b/.exec(otpText)?.[1]
    if (code === undefined) throw new Error(`no 6-digit code in the OTP text: ${otpText}`)
    log(`OTP requested through the HTTP bundle reached the SMS provider`)
    const signedIn = expectStatus(
      "POST /v2/auth/verify-otp",
      await post("/v2/auth/verify-otp", { phoneNumber: adminPhone, otp: code, role: "admin" }),
      201
    )
    const accessToken = signedIn.json?.data?.accessToken
    if (typeof accessToken !== "string") throw new Error(`no access token in the sign-in answer: ${signedIn.text}`)
    log("signed in as the bootstrapped admin with that code")

    // Queued notifications go through the outbox, which only the worker drains here.
    const text = `Podium production smoke ${runId}`
    expectStatus(
      "POST /v2/admin/notifications/send",
      await post("/v2/admin/notifications/send", { channel: "sms", to: phoneNumber, text }, { authorization: `Bearer ${accessToken}` }),
      201
    )
    await db.connect()
    const delivered = await waitFor("the worker bundle to deliver the queued SMS (outbox and log rows SENT)", async () => {
      assertRunning(http, worker, scheduler)
      const outbox = await db.query("select id, status from notifications.outbox where channel = 'SMS' and recipient = $1", [phoneNumber])
      const row = outbox.rows[0]
      if (row === undefined || row.status !== "SENT") return false
      const logs = await db.query("select status from notifications.logs where outbox_id = $1 and status = 'SENT'", [row.id])
      return logs.rows.length > 0 ? row : false
    })
    if (!sms.messages.some((m) => m.to === phoneNumber && m.body === text)) {
      throw new Error(`the SMS provider stub did not receive the queued text for ${phoneNumber}: ${JSON.stringify(sms.messages)}`)
    }
    log(`queued SMS delivered by the worker bundle (outbox ${delivered.id} SENT, log row SENT)`)

    const startLine = await waitFor("the scheduler's start-up log line", () =>
      scheduler.output.split("\n").map((line) => {
        try {
          return JSON.parse(line)
        } catch {
          return undefined
        }
      }).find((entry) => entry?.message === "podium scheduler started"))
    const schedules = startLine.annotations?.schedules ?? []
    if (!Array.isArray(schedules) || schedules.length === 0) throw new Error(`the scheduler names no schedules: ${JSON.stringify(startLine)}`)
    await waitFor(`the scheduler bundle to enqueue the current slot of ${schedules.length} schedules`, async () => {
      assertRunning(http, worker, scheduler)
      const jobs = await db.query("select distinct name from platform.jobs where name = any($1) and dedupe_key like name || '@%'", [schedules])
      return jobs.rows.length === schedules.length
    })
    log(`scheduler enqueued the first slot of ${schedules.length} schedules`)

    log("SIGTERM to every host")
    const stopping = Date.now()
    for (const host of [http, worker, scheduler]) host.child.kill("SIGTERM")
    for (const host of [http, worker, scheduler]) {
      const exit = await Promise.race([
        host.exited,
        new Promise((resolve) => setTimeout(() => resolve(undefined), Math.max(0, stopping + 30_000 - Date.now())).unref())
      ])
      if (exit === undefined) throw new Error(`${host.name} still running 30 s after SIGTERM`)
      if (exit.code !== 0) throw new Error(`${host.name} exited with code ${exit.code} (signal ${exit.signal}) after SIGTERM`)
      log(`${host.name} exited 0, ${Date.now() - stopping} ms after SIGTERM`)
    }
    log("production smoke passed")
  } finally {
    for (const host of hosts) if (host.exit === undefined) host.child.kill("SIGKILL")
    await Promise.all(hosts.map((h) => h.exited))
    await db?.end().catch(() => undefined)
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch((e) => log(`could not drop ${databaseName}: ${e.message}`))
    await admin.end()
    try {
      await redis.connect()
      let cursor = "0"
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix}*`, "COUNT", 1000)
        if (keys.length > 0) await redis.del(...keys)
        cursor = next
      } while (cursor !== "0")
    } catch (e) {
      log(`could not clean the Redis prefix ${redisPrefix}: ${e.message}`)
    }
    redis.disconnect()
    sms.server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

try {
  await main()
} catch (error) {
  log(`FAILED: ${error.message}`)
  for (const host of hosts) {
    process.stderr.write(`\n---- ${host.name} (exit ${JSON.stringify(host.exit ?? null)}), last output:\n${host.output.slice(-6_000)}\n`)
  }
  process.exit(1)
}
