/**
 * Load benchmark: the Podium HTTP host against plain baselines, in one run, on loopback.
 *
 *   pnpm bench                      # 10 s per measurement
 *   BENCH_DURATION=3 pnpm bench     # quick check
 *
 * Servers (each its own process, so its CPU time can be read from /proc/<pid>/stat; one Podium
 * process runs at a time, so it never competes with another for the 2 cores):
 *   podium (log on)   the HTTP host as production runs it: the tsup bundle (`hosts/http/dist/main.js`,
 *                     built by the bench; `BENCH_PODIUM=source` runs the sources through tsx instead),
 *                     access log on, real Redis when reachable, a throw-away Postgres database
 *   podium (log off)  the same with the access log off
 *   podium-before     (with `BENCH_PODIUM_BEFORE=<path to an earlier main.js bundle>`) an earlier build,
 *                     for a before/after in the same run: `BENCH_ROUNDS` pairs (default 1), measured in
 *                     turn with fresh processes of the current bundle (before, after, after, before, …)
 *   variant all|one|padded  flatness: the host from sources with every context's routes, with one
 *                     context's routes (platform + identity), and with every context plus 1000 extra
 *                     services in its context (hosts/http/bench/podium-variant.ts); the bench prints the
 *                     CPU difference of `one` and `padded` against `all` (target ±10 %); measured in
 *                     `BENCH_VARIANT_ROUNDS` rounds (default 3) of alternating order, median round per variant
 *   node:http         plain node:http doing the same work for /health/live (bench/servers/baseline-http.ts)
 *   node:http+pg      node:http + pg doing an authenticated primary-key read by hand: Ed25519 JWT verify
 *                     and one `select *` of accounts.admins as a named prepared statement
 *                     (bench/servers/baseline-pg.ts)
 *
 * Workloads:
 *   health/live  GET /health/live (baseline node:http)
 *   pk-read      GET /v2/admins/{id} with the root admin's bearer, random id among BENCH_ROWS seeded
 *                admins: token + session + permission check + a primary-key read (baseline node:http+pg,
 *                which verifies the same token and reads the same row)
 *   auth-read    GET /v2/admins/me with the bearer (main Podium row only)
 *   otp-verify   POST /v2/auth/send-otp then POST /v2/auth/verify-otp (role user) per iteration (main
 *                row only), for `BENCH_OTP_NUMBERS` (default 3000) distinct numbers with fixed codes
 *                (AUTH_TEST_OTPS: nothing is sent). Each number is used once (the 60 s resend cooldown
 *                still applies); the per-client-address caps are raised with AUTH_OTP_CAP_SCALE
 *                (bench/tests only, refused in production), since every request comes from 127.0.0.1.
 *
 * Knobs: `BENCH_ONLY=pk-read,auth-read` measures only the named workloads; `BENCH_PODIUM_NODE_ARGS`
 * adds node flags to the Podium processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, written when
 * each stops); `BENCH_ACCESS_LOG=false` makes the main row the log-off one; `BENCH_VARIANTS=false`
 * skips the flatness variants; `BENCH_REDIS_URL` (default redis://127.0.0.1:6379, in-memory twins
 * when unreachable).
 *
 * Per measurement: `BENCH_WARMUP` s (default 2) of warm-up, then `BENCH_DURATION` s (default 10)
 * with `BENCH_CONNECTIONS` (default 32) connections from autocannon in this process. Reports req/s,
 * p50/p99 latency, server CPU-µs per request, and the ratios to the baseline of the workload.
 * Results are also written to bench/.results/<timestamp>.json. Postgres: `BENCH_DATABASE_URL`
 * (default postgres://postgres@127.0.0.1:5432/postgres); a database is created and dropped.
 */
import autocannon from "autocannon"
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { availableParallelism, tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { cpuMicros, freePort, type RunningServer, startServer } from "./lib/process.js"
import { cpuModel, numberEnv, repoRoot, withDatabase, writeResults } from "./lib/setup.js"

const settings = {
  duration: numberEnv("BENCH_DURATION", 10, 1, 600),
  warmup: numberEnv("BENCH_WARMUP", 2, 0, 60),
  connections: numberEnv("BENCH_CONNECTIONS", 32, 1, 256),
  rows: numberEnv("BENCH_ROWS", 1000, 1, 1_000_000),
  databaseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  // Production settings by default: the tsup bundle (built by the bench), real Redis when reachable.
  podium: process.env.BENCH_PODIUM === "source" ? ("source" as const) : ("dist" as const),
  /** Another bundle to measure as "podium-before" in the same run (e.g. a copy of an earlier build). */
  podiumBefore: process.env.BENCH_PODIUM_BEFORE,
  /** Before/after pairs measured in turn when BENCH_PODIUM_BEFORE is set. */
  rounds: numberEnv("BENCH_ROUNDS", 1, 1, 10),
  redisUrl: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
  /** The flatness variants (all contexts, one context, padded context); BENCH_VARIANTS=false skips them. */
  variants: process.env.BENCH_VARIANTS !== "false",
  /** Rounds of the flatness variants; each variant's row is its median round. */
  variantRounds: numberEnv("BENCH_VARIANT_ROUNDS", 3, 1, 9),
  only: (process.env.BENCH_ONLY ?? "").split(",").map((w) => w.trim()).filter((w) => w !== ""),
  podiumNodeArgs: (process.env.BENCH_PODIUM_NODE_ARGS ?? "").split(" ").filter((a) => a !== ""),
  /** The main Podium row's access log; a second process with the other setting is measured too. */
  accessLog: process.env.BENCH_ACCESS_LOG !== "false"
}

/** Whether a workload is measured in this run (BENCH_ONLY). */
const wanted = (workload: string) => settings.only.length === 0 || settings.only.includes(workload)

interface Measurement {
  readonly workload: string
  readonly server: string
  readonly requests: number
  readonly reqPerSec: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly cpuMicrosPerRequest: number
  readonly non2xx: number
  readonly errors: number
}

// ---------------------------------------------------------------------------------------------
// The benchmark database: a copy of platform.jobs (migration 0001's columns), seeded with rows.

interface BenchDatabase {
  readonly url: string
  readonly ids: ReadonlyArray<string>
  /** Seeded admins (accounts.admins), for the full-stack primary-key read. */
  readonly adminIds: ReadonlyArray<string>
  readonly drop: () => Promise<void>
}

const createBenchDatabase = async (): Promise<BenchDatabase | undefined> => {
  const admin = new pg.Client({ connectionString: settings.databaseUrl, connectionTimeoutMillis: 3_000 })
  try {
    await admin.connect()
  } catch (error) {
    process.stdout.write(`! Postgres unreachable at ${settings.databaseUrl} (${String(error)}); primary-key workloads skipped\n`)
    return undefined
  }
  const name = `podium_bench_${process.pid}_${Date.now()}`
  await admin.query(`create database "${name}"`)
  const url = withDatabase(settings.databaseUrl, name)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  // The schema comes from the real migration stream, through the operator's CLI.
  const migrate = spawnSync(process.execPath, ["--import", "tsx", "--conditions=podium-source", "hosts/cli/src/main.ts", "migrate"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "podium-bench-cli-")) },
    encoding: "utf8"
  })
  if (migrate.status !== 0) throw new Error(`migrating the bench database failed:\n${migrate.stderr}`)
  const inserted = await client.query<{ id: string }>(
    `insert into platform.jobs (name, payload, status, attempts, finished_at)
     select 'bench.seed', jsonb_build_object('n', g), 'SUCCEEDED', 1, now() from generate_series(1, $1::int) g
     returning id`,
    [settings.rows]
  )
  await client.query("analyze platform.jobs")
  const admins = await client.query<{ id: string }>(
    `insert into accounts.admins (phone_number, first_name, permissions)
     select '+9170' || lpad(g::text, 8, '0'), 'Bench ' || g, '{admins.read}' from generate_series(1, $1::int) g
     returning id`,
    [settings.rows]
  )
  // The admin the identity workloads sign in as (AUTH_TEST_OTPS gives it a fixed code).
  await client.query(`insert into accounts.admins (phone_number, first_name, permissions) values ($1, 'Bench root', '{*}')`, [BenchAdminPhone])
  await client.query("analyze accounts.admins")
  await client.end()
  return {
    url,
    ids: inserted.rows.map((r) => r.id),
    adminIds: admins.rows.map((r) => r.id),
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring one (server, workload) pair.

const runLoad = (url: string, seconds: number, paths: () => string, headers: Record<string, string>) =>
  autocannon({
    url,
    connections: settings.connections,
    duration: seconds,
    headers,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths() }) }]
  })

/** Like runLoad, with a sequence of requests per iteration (autocannon keeps `context` per connection). */
const runSequence = (url: string, seconds: number, requests: ReadonlyArray<autocannon.Request>, headers: Record<string, string>) =>
  autocannon({ url, connections: settings.connections, duration: seconds, headers, requests: [...requests] })

const measure = async (
  workload: string,
  server: RunningServer,
  paths: () => string,
  headers: Record<string, string> = {},
  /** A request sequence per iteration instead of GET `paths()` (built fresh for warm-up and measurement). */
  sequence?: () => ReadonlyArray<autocannon.Request>
): Promise<Measurement> => {
  process.stdout.write(`  ${workload.padEnd(14)} ${server.name.padEnd(14)} ...`)
  if (settings.warmup > 0) {
    if (sequence === undefined) await runLoad(server.baseUrl, settings.warmup, paths, headers)
    else await runSequence(server.baseUrl, settings.warmup, sequence(), headers)
  }
  const cpuBefore = cpuMicros(server.pid)
  const result = sequence === undefined
    ? await runLoad(server.baseUrl, settings.duration, paths, headers)
    : await runSequence(server.baseUrl, settings.duration, sequence(), headers)
  const cpuAfter = cpuMicros(server.pid)
  const requests = result.requests.total
  const measurement: Measurement = {
    workload,
    server: server.name,
    requests,
    reqPerSec: requests / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMicrosPerRequest: requests > 0 ? (cpuAfter - cpuBefore) / requests : Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors
  }
  process.stdout.write(` ${Math.round(measurement.reqPerSec)} req/s\n`)
  if (measurement.non2xx > 0 || measurement.errors > 0) {
    process.stdout.write(`    ! ${measurement.non2xx} non-2xx responses, ${measurement.errors} errors\n`)
  }
  return measurement
}

// ---------------------------------------------------------------------------------------------
// Identity workloads.

const BenchOtp = "246810"
const BenchBootstrapToken = "bench-bootstrap-token"
const BenchAdminPhone = "+919999900000"
const otpNumbers = Array.from({ length: numberEnv("BENCH_OTP_NUMBERS", 3000, 10, 6000) }, (_, i) => `+91988${String(i).padStart(7, "0")}`)

const postJson = async (baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } }
}

/** Signs in as the bench's root admin on `podium`: the bearer for the authenticated workloads. */
const adminBearer = async (podium: RunningServer): Promise<Record<string, string>> => {
  // The admin to read with: seeded with the bench database; bootstrapped when there is none (409 when seeded).
  const bootstrap = await postJson(podium.baseUrl, "/v2/admins/bootstrap", { phoneNumber: BenchAdminPhone }, { "x-bootstrap-token": BenchBootstrapToken })
  if (bootstrap.status !== 201 && bootstrap.status !== 409) throw new Error(`bootstrap failed: ${bootstrap.status}`)
  const otp = await postJson(podium.baseUrl, "/v2/admins/send-otp", { phoneNumber: BenchAdminPhone })
  if (otp.status !== 201) throw new Error(`admin send-otp failed: ${otp.status} (is ${BenchAdminPhone} in AUTH_TEST_OTPS?)`)
  const signedIn = await postJson(podium.baseUrl, "/v2/auth/verify-otp", { phoneNumber: BenchAdminPhone, otp: BenchOtp, role: "admin" })
  const token = signedIn.body.data?.accessToken
  if (typeof token !== "string") throw new Error(`admin sign-in failed: ${signedIn.status}`)
  return { authorization: `Bearer ${token}` }
}

/** OTP verify (send + verify) on the Podium host. */
const otpWorkload = async (podium: RunningServer): Promise<Array<Measurement>> => {
  let next = 0
  const json = { "content-type": "application/json" }
  const otpSequence = (): ReadonlyArray<autocannon.Request> => [
    {
      method: "POST",
      path: "/v2/auth/send-otp",
      headers: json,
      setupRequest: (request, context) => {
        const phoneNumber = otpNumbers[next++ % otpNumbers.length]!
        ;(context as { phoneNumber?: string }).phoneNumber = phoneNumber
        return { ...request, body: JSON.stringify({ phoneNumber }) }
      }
    },
    {
      method: "POST",
      path: "/v2/auth/verify-otp",
      headers: json,
      setupRequest: (request, context) => ({
        ...request,
        body: JSON.stringify({ phoneNumber: (context as { phoneNumber: string }).phoneNumber, otp: BenchOtp, role: "user" })
      })
    }
  ]
  process.stdout.write(`  (otp-verify: ${otpNumbers.length} numbers; an iteration past them hits the 60 s cooldown and answers 429)\n`)
  return wanted("otp-verify") ? [await measure("otp-verify", podium, () => "/", {}, otpSequence)] : []
}

/** The authenticated reads on one server: auth-read (Podium only) and the primary-key read. */
const authenticatedWorkloads = async (
  server: RunningServer,
  database: BenchDatabase,
  bearer: Record<string, string>,
  options: { readonly authRead: boolean }
): Promise<Array<Measurement>> => {
  const out: Array<Measurement> = []
  if (options.authRead && wanted("auth-read")) out.push(await measure("auth-read", server, () => "/v2/admins/me", bearer))
  if (wanted("pk-read") && database.adminIds.length > 0) {
    const ids = database.adminIds
    out.push(await measure("pk-read", server, () => `/v2/admins/${ids[Math.floor(Math.random() * ids.length)]}`, bearer))
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Reporting.

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-")

const table = (rows: ReadonlyArray<Measurement>, baselineOf: Record<string, string>): string => {
  const header = ["workload", "server", "req/s", "p50 ms", "p99 ms", "CPU-µs/req", "req/s vs base", "CPU vs base"]
  const lines = rows.map((row) => {
    const base = rows.find((r) => r.workload === row.workload && r.server === baselineOf[row.workload])
    const isBase = base === undefined || base === row
    return [
      row.workload,
      row.server,
      fixed(row.reqPerSec),
      fixed(row.p50Ms, 1),
      fixed(row.p99Ms, 1),
      fixed(row.cpuMicrosPerRequest),
      isBase ? "1.00× (base)" : `${fixed(row.reqPerSec / base.reqPerSec, 2)}×`,
      isBase ? "1.00× (base)" : `${fixed(row.cpuMicrosPerRequest / base.cpuMicrosPerRequest, 2)}×`
    ]
  })
  return [header, header.map(() => "---"), ...lines].map((cells) => `| ${cells.join(" | ")} |`).join("\n")
}

// ---------------------------------------------------------------------------------------------

/** Whether Redis answers at `url` (then the Podium hosts use it, as production does). */
const redisReachable = async (url: string): Promise<boolean> => {
  const { createConnection } = await import("node:net")
  const u = new URL(url)
  return new Promise((resolve) => {
    const socket = createConnection({ host: u.hostname, port: Number(u.port || 6379) })
    socket.setTimeout(1_000)
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.once("data", (data) => {
      socket.destroy()
      resolve(data.toString().startsWith("+PONG"))
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/** CPU per request of `variant` against `reference` for the same workload, as a signed percentage. */
const flatness = (rows: ReadonlyArray<Measurement>, reference: string, variant: string): string => {
  const lines: Array<string> = []
  for (const workload of ["health/live", "pk-read"]) {
    const a = rows.find((r) => r.workload === workload && r.server === reference)
    const b = rows.find((r) => r.workload === workload && r.server === variant)
    if (a === undefined || b === undefined) continue
    const delta = (b.cpuMicrosPerRequest / a.cpuMicrosPerRequest - 1) * 100
    lines.push(`  ${workload.padEnd(12)} ${variant} vs ${reference}: ${delta >= 0 ? "+" : ""}${fixed(delta, 1)} % CPU-µs/req (target: within ±10 %)`)
  }
  return lines.join("\n")
}

const main = async () => {
  const machine = {
    date: new Date().toISOString(),
    nproc: availableParallelism(),
    cpu: cpuModel(),
    node: process.version,
    duration: settings.duration,
    warmup: settings.warmup,
    connections: settings.connections,
    podium: settings.podium
  }
  process.stdout.write(
    `Podium bench — ${machine.date}\n  ${machine.nproc} CPU(s), ${machine.cpu}, Node ${machine.node}\n` +
      `  ${settings.duration} s per measurement after ${settings.warmup} s warm-up, ${settings.connections} connections, loopback\n`
  )

  const servers: Array<RunningServer> = []
  let database: BenchDatabase | undefined
  const dataDir = mkdtempSync(path.join(tmpdir(), "podium-bench-"))
  const cleanup = async () => {
    await Promise.allSettled(servers.map((s) => s.stop()))
    await database?.drop().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)))

  try {
    database = await createBenchDatabase()
    const tsx = ["--conditions=podium-source", "--import", "tsx"]
    if (settings.podium === "dist") {
      const build = spawnSync("pnpm", ["--filter", "@podium/http", "build"], { cwd: repoRoot, encoding: "utf8" })
      if (build.status !== 0) throw new Error(`building the HTTP host bundle failed:\n${build.stdout}\n${build.stderr}`)
    }
    const redis = (await redisReachable(settings.redisUrl)) ? settings.redisUrl : undefined
    process.stdout.write(`  Podium: ${settings.podium === "dist" ? "bundle (hosts/http/dist/main.js)" : "sources (tsx)"}, Redis ${redis ?? "in memory (unreachable)"}\n`)
    const jwtSecret = `bench-jwt-secret-${process.pid}`

    const podiumEnv = (accessLog: boolean, name: string): Record<string, string> => ({
      HOST: "127.0.0.1",
      APP_ENV: "development",
      DATA_DIR: path.join(dataDir, name.replace(/[^a-z0-9]+/gi, "-")),
      ACCESS_LOG: accessLog ? "true" : "false",
      LOG_LEVEL: accessLog ? "info" : "warning",
      ALL_IN_ONE: "false",
      JWT_SECRET: jwtSecret,
      // Identity workloads: fixed codes for the bench numbers (nothing sent), caps raised (never in production).
      AUTH_TEST_OTPS: [BenchAdminPhone, ...otpNumbers].map((n) => `${n}=${BenchOtp}`).join(","),
      AUTH_OTP_CAP_SCALE: "100000",
      ADMIN_BOOTSTRAP_TOKEN: BenchBootstrapToken,
      ...(redis === undefined ? {} : { REDIS_URL: redis, REDIS_PREFIX: `bench-${process.pid}:` }),
      ...(database ? { DATABASE_URL: database.url } : {})
    })
    const startPodium = async (name: string, entry: ReadonlyArray<string>, accessLog: boolean, env: Record<string, string> = {}) => {
      const dir = podiumEnv(accessLog, name).DATA_DIR!
      mkdirSync(dir, { recursive: true })
      const server = await startServer({
        name,
        port: await freePort(),
        cwd: repoRoot,
        args: [...settings.podiumNodeArgs, ...entry],
        env: { ...podiumEnv(accessLog, name), ...env },
        readyPath: "/health/live",
        timeoutMs: 120_000
      })
      servers.push(server)
      return server
    }
    const mainEntry = settings.podium === "dist" ? ["hosts/http/dist/main.js"] : [...tsx, "hosts/http/src/main.ts"]

    const plain = await startServer({ name: "node:http", port: await freePort(), cwd: repoRoot, args: [...tsx, "bench/servers/baseline-http.ts"], env: {}, readyPath: "/health/live" })
    servers.push(plain)
    const withPg = database
      ? await startServer({
        name: "node:http+pg",
        port: await freePort(),
        cwd: repoRoot,
        args: [...tsx, "bench/servers/baseline-pg.ts"],
        env: { DATABASE_URL: database.url, POOL_SIZE: "10", JWT_SECRET: jwtSecret },
        readyPath: "/health/live"
      })
      : undefined
    if (withPg) servers.push(withPg)

    const results: Array<Measurement> = []
    const baselineOf: Record<string, string> = { "health/live": "node:http", "pk-read": "node:http+pg" }
    const logName = (on: boolean) => `podium (log ${on ? "on" : "off"})`

    /** health/live and the authenticated reads of one Podium process, stopped afterwards (one host at a time on 2 cores). */
    const measurePodium = async (podium: RunningServer, bearer: Record<string, string>, authRead: boolean) => {
      if (wanted("health/live")) results.push(await measure("health/live", podium, () => "/health/live"))
      if (database) results.push(...(await authenticatedWorkloads(podium, database, bearer, { authRead })))
    }

    if (wanted("health/live")) results.push(await measure("health/live", plain, () => "/health/live"))

    // The main row: production settings (bundle, access log as BENCH_ACCESS_LOG, default on).
    const podium = await startPodium(logName(settings.accessLog), mainEntry, settings.accessLog)
    const bearer = await adminBearer(podium)
    if (database && withPg && wanted("pk-read")) {
      const ids = database.adminIds
      results.push(await measure("pk-read", withPg, () => `/v2/admins/${ids[Math.floor(Math.random() * ids.length)]}`, bearer))
    }
    await measurePodium(podium, bearer, true)
    results.push(...(await otpWorkload(podium)))
    await podium.stop()

    // The same bundle with the access log the other way.
    const other = await startPodium(logName(!settings.accessLog), mainEntry, !settings.accessLog)
    await measurePodium(other, bearer, false)
    await other.stop()

    if (settings.podiumBefore !== undefined) {
      // Before and after in turn (before, after, after, before, …: BENCH_ROUNDS pairs), so a drift
      // of the machine's load favours neither side. Every process accepts the same bearer.
      const order = Array.from({ length: settings.rounds }, (_, r) => (r % 2 === 0 ? ["before", "after"] : ["after", "before"])).flat()
      const seen: Record<string, number> = { before: 0, after: 0 }
      for (const side of order) {
        const n = ++seen[side]!
        const server = side === "before"
          ? await startPodium(`podium-before #${n}`, [settings.podiumBefore], settings.accessLog)
          : await startPodium(`${logName(settings.accessLog)} #${n}`, mainEntry, settings.accessLog)
        await measurePodium(server, bearer, false)
        await server.stop()
      }
    }

    // Flatness: every context, one context, and every context plus 1000 services (from sources, log
    // on), in `BENCH_VARIANT_ROUNDS` rounds of alternating order; each variant's row is its median
    // round, so one noisy measurement on a shared machine does not decide the comparison.
    if (settings.variants) {
      const taken = new Map<string, Array<Measurement>>()
      for (let round = 0; round < settings.variantRounds; round++) {
        const order = round % 2 === 0 ? ["all", "one", "padded"] : ["padded", "one", "all"]
        for (const variant of order) {
          const server = await startPodium(`variant ${variant}`, [...tsx, "hosts/http/bench/podium-variant.ts"], true, { BENCH_VARIANT: variant })
          const first = results.length
          await measurePodium(server, bearer, false)
          taken.set(variant, [...(taken.get(variant) ?? []), ...results.splice(first)])
          await server.stop()
        }
      }
      for (const variant of ["all", "one", "padded"]) {
        for (const workload of ["health/live", "pk-read"]) {
          const rounds = (taken.get(variant) ?? []).filter((m) => m.workload === workload).sort((a, b) => a.cpuMicrosPerRequest - b.cpuMicrosPerRequest)
          if (rounds.length > 0) results.push(rounds[Math.floor((rounds.length - 1) / 2)]!)
        }
      }
    }

    const markdown = table(results, baselineOf)
    process.stdout.write(`\n${markdown}\n`)
    if (settings.variants) {
      process.stdout.write(`\nFlatness (same run):\n${flatness(results, "variant all", "variant one")}\n${flatness(results, "variant all", "variant padded")}\n`)
    }
    writeResults("", machine.date, { machine, results }, "\n")
  } finally {
    await cleanup()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
    process.exit(1)
  }
)
