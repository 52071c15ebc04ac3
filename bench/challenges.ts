/**
 * Challenges benchmark: the paged leaderboard read with the viewer's rank, the read every athlete's
 * app makes when it opens a running challenge.
 *
 *   pnpm bench:challenges
 *   BENCH_LEADERBOARD_ATHLETES=5000 BENCH_ACTIVITIES_PER_ATHLETE=8 BENCH_LEADERBOARD_REQUESTS=1000 pnpm bench:challenges
 *
 * Setup: a throw-away Postgres database migrated by the CLI; an ACTIVE running challenge (RUN,
 * DISTANCE) with BENCH_LEADERBOARD_ATHLETES (2000) joined athletes, each with
 * BENCH_ACTIVITIES_PER_ATHLETE (5) runs inside the window (one in ten of them tied with another
 * athlete), seeded in SQL; BENCH_VIEWERS (32) of the athletes signed in by phone code (fixed codes
 * through AUTH_TEST_OTPS, nothing sent); the real HTTP host from sources, access log off.
 *
 * Workload (run once, as fast as the host answers): BENCH_LEADERBOARD_REQUESTS (500) GETs of
 * `/v2/challenges/{id}/leaderboard/paged?page=p&limit=50`, pages spread over the whole board, each
 * by one of the viewers in turn, BENCH_CONNECTIONS (16) in flight. Every answer must be 200 with
 * `total` = athletes and the viewer's own entry at the rank the database's own ranking gives it
 * (`rank() over (order by sum(distance) desc)`, i.e. ties 1-2-2-4).
 * Knobs: BENCH_CONNECTIONS, BENCH_LEADERBOARD_ATHLETES, BENCH_ACTIVITIES_PER_ATHLETE,
 * BENCH_LEADERBOARD_REQUESTS, BENCH_VIEWERS, BENCH_DATABASE_URL.
 */
import autocannon from "autocannon"
import { mkdtempSync, rmSync } from "node:fs"
import { availableParallelism, loadavg, tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { cpuMicros, type RunningServer, startPodiumFromSources, } from "./lib/process.js"
import { cpuModel, migratedDatabase, numberEnv, writeResults } from "./lib/setup.js"

const settings = {
  connections: numberEnv("BENCH_CONNECTIONS", 16, 1, 512),
  athletes: numberEnv("BENCH_LEADERBOARD_ATHLETES", 2000, 10, 50_000),
  activitiesPerAthlete: numberEnv("BENCH_ACTIVITIES_PER_ATHLETE", 5, 1, 100),
  requests: numberEnv("BENCH_LEADERBOARD_REQUESTS", 500, 1, 100_000),
  viewers: numberEnv("BENCH_VIEWERS", 32, 1, 1000),
  databaseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
}
const PageSize = 50
const Otp = "246810"
const phoneOf = (i: number) => `+91977${String(i).padStart(7, "0")}`

const createDatabase = async () => {
  const { url, drop } = await migratedDatabase(settings.databaseUrl, "challenges")
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const challenge = await client.query<{ id: string }>(
    `insert into challenges.challenges (slug, creator_type, creator_id, title, activity_type, goal_type, goal_value, starts_at, ends_at,
       time_zone, participant_count, status, created_by)
     values ('bench-monsoon', 'admin', 'bench', 'Bench Monsoon 100K', 'RUN', 'DISTANCE', 100000, now() - interval '20 days',
       now() + interval '10 days', 'Asia/Kolkata', $1, 'ACTIVE', 'bench') returning id`,
    [settings.athletes]
  )
  const challengeId = challenge.rows[0]!.id
  // Athletes, their participations and their runs, in one statement each. Athlete i runs
  // (i * 37 mod 997 + 1) km per run, so about one athlete in ten shares its total with another.
  await client.query(
    `insert into accounts.users (phone_number, first_name) select '+91977' || lpad(i::text, 7, '0'), 'Bench' from generate_series(0, $1 - 1) i`,
    [settings.athletes]
  )
  await client.query(
    `insert into challenges.participations (challenge_id, user_id)
     select $1, u.id::text from accounts.users u where u.phone_number like '+91977%'`,
    [challengeId]
  )
  await client.query(
    `insert into activities.activities (user_id, sport, title, source, started_at, ended_at, duration_seconds, distance_meters)
     select u.id::text, 'run', 'Bench run', 'manual', now() - make_interval(days => 1 + r) - make_interval(hours => 1),
       now() - make_interval(days => 1 + r), 3600, ((substr(u.phone_number, 7)::int * 37) % 997 + 1) * 1000
     from accounts.users u cross join generate_series(0, $1 - 1) r where u.phone_number like '+91977%'`,
    [settings.activitiesPerAthlete]
  )
  const ranks = await client.query<{ phone: string; userId: string; rank: number }>(
    `select u.phone_number as phone, u.id::text as "userId", (rank() over (order by sum(a.distance_meters) desc))::int as rank
     from accounts.users u join activities.activities a on a.user_id = u.id::text
     where u.phone_number like '+91977%' group by u.id, u.phone_number`
  )
  await client.end()
  return {
    url,
    challengeId,
    rankOf: new Map(ranks.rows.map((r) => [r.userId, r.rank])),
    userOfPhone: new Map(ranks.rows.map((r) => [r.phone, r.userId])),
    drop
  }
}

const signIn = async (baseUrl: string, phoneNumber: string): Promise<string> => {
  const post = async (p: string, body: unknown) => {
    const r = await fetch(`${baseUrl}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
    return { status: r.status, body: (await r.json()) as { data?: { accessToken?: string } } }
  }
  const sent = await post("/v2/auth/send-otp", { phoneNumber })
  if (sent.status !== 201) throw new Error(`send-otp ${phoneNumber}: ${sent.status}`)
  const verified = await post("/v2/auth/verify-otp", { phoneNumber, otp: Otp, role: "user" })
  const token = verified.body.data?.accessToken
  if (typeof token !== "string") throw new Error(`verify-otp ${phoneNumber}: ${verified.status}`)
  return token
}

const main = async () => {
  const machine = { date: new Date().toISOString(), nproc: availableParallelism(), cpu: cpuModel(), node: process.version, loadAtStart: loadavg()[0] ?? Number.NaN, ...settings }
  process.stdout.write(`Podium challenges bench — ${machine.date}\n  ${machine.nproc} CPU(s), ${machine.cpu}, Node ${machine.node}, load ${machine.loadAtStart.toFixed(2)}\n`)
  process.stdout.write(`  seeding ${settings.athletes} athletes × ${settings.activitiesPerAthlete} runs…\n`)
  const database = await createDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), "podium-bench-challenges-"))
  const viewerPhones = Array.from({ length: Math.min(settings.viewers, settings.athletes) }, (_, k) => phoneOf(Math.floor((k * settings.athletes) / settings.viewers)))
  let podium: RunningServer | undefined
  const cleanup = async () => {
    await podium?.stop()
    await database.drop().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)))
  try {
    podium = await startPodiumFromSources({ databaseUrl: database.url, dataDir, otp: Otp, otpPhones: viewerPhones })
    const server = podium
    const viewers: Array<{ token: string; userId: string }> = []
    for (const phone of viewerPhones) viewers.push({ token: await signIn(server.baseUrl, phone), userId: database.userOfPhone.get(phone)! })

    const pages = Math.ceil(settings.athletes / PageSize)
    process.stdout.write(`  paged leaderboard: ${settings.requests} reads over ${pages} pages by ${viewers.length} viewers, ${settings.connections} in flight…\n`)
    let next = 0
    const issued: Array<string> = []
    let answered = 0
    let wrong = 0
    const failures: Array<string> = []
    const cpuBefore = cpuMicros(server.pid)
    const started = performance.now()
    const result = await autocannon({
      url: server.baseUrl,
      connections: settings.connections,
      amount: settings.requests,
      timeout: 60,
      requests: [{
        method: "GET",
        setupRequest: (request) => {
          const i = next++
          const viewer = viewers[i % viewers.length]!
          issued.push(viewer.userId)
          return { ...request, path: `/v2/challenges/${database.challengeId}/leaderboard/paged?page=${(i % pages) + 1}&limit=${PageSize}`, headers: { authorization: `Bearer ${viewer.token}` } }
        },
        onResponse: (status, body) => {
          answered++
          if (status !== 200) {
            wrong++
            if (failures.length < 3) failures.push(`${status} ${body.slice(0, 200)}`)
            return
          }
          const data = (JSON.parse(body) as { data: { total: number; items: Array<{ rank: number }>; viewer: { userId: string; rank: number } | null } }).data
          const expected = data.viewer === null ? undefined : database.rankOf.get(data.viewer.userId)
          if (data.total !== settings.athletes || data.viewer === null || expected !== data.viewer.rank || data.items.length === 0) {
            wrong++
            if (failures.length < 3) failures.push(`total ${data.total}, viewer ${JSON.stringify(data.viewer)}, expected rank ${expected}`)
          }
        }
      }]
    })
    const wallMs = performance.now() - started
    const row = {
      requests: settings.requests,
      answered,
      wrong: wrong + result.errors,
      wallMs,
      reqPerSec: settings.requests / (wallMs / 1000),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      cpuMicrosPerRequest: (cpuMicros(server.pid) - cpuBefore) / settings.requests
    }
    process.stdout.write(`    ${JSON.stringify(row)}\n`)
    if (row.wrong > 0) throw new Error(`paged leaderboard answered wrongly: ${JSON.stringify(row)} ${failures.join(" | ")}`)
    const fixed = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "-")
    const markdown = [
      "| workload | athletes | activities | requests | wall s | req/s | p50 ms | p99 ms | CPU-µs/req |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      `| paged leaderboard with viewer rank | ${settings.athletes} | ${settings.athletes * settings.activitiesPerAthlete} | ${row.requests} | ${fixed(wallMs / 1000, 2)} | ${fixed(row.reqPerSec)} | ${fixed(row.p50Ms, 1)} | ${fixed(row.p99Ms, 1)} | ${fixed(row.cpuMicrosPerRequest)} |`
    ].join("\n")
    process.stdout.write(`\n${markdown}\n\n`)
    writeResults("challenges-", machine.date, { machine, pagedLeaderboard: row, loadAtEnd: loadavg()[0] })
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
