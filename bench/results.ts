/**
 * Results benchmark: the leaderboard reads of race evening, when everyone looks up their place.
 *
 *   pnpm bench:results
 *   BENCH_FINISHERS=20000 BENCH_READS=50000 REDIS_URL=redis://127.0.0.1:6379 pnpm bench:results
 *
 * Setup: a throw-away Postgres database migrated by the CLI; a published public event seeded in
 * SQL with BENCH_FINISHERS (10000) timing records and their results computed by the same `rank()`
 * statement the adapter runs (ingest is not what is measured), its results published;
 * BENCH_FORME_ATHLETES (200) of the finishers are athletes signed in by phone code (fixed codes
 * through AUTH_TEST_OTPS). The real HTTP host from sources, access log off; Redis is the host's
 * configured one (REDIS_URL passed through) or its in-memory twin.
 *
 * Workloads (fixed work, as fast as the host answers, BENCH_CONNECTIONS (64) in flight):
 *   first read    one page read while the revision's Redis boards do not exist yet (it builds them)
 *   top page      BENCH_READS (20000) × GET /v2/leaderboards/{id}/entries (page 1, 20 entries)
 *   deep pages    BENCH_READS × the same with a page spread over the whole board
 *   filtered      BENCH_READS × GET …/entries/filtered?gender=female, pages spread
 *   for-me        BENCH_READS × GET …/entries/for-me by the signed-in finishers in turn
 * Every answer must be 200 and every page must carry its places in order.
 *
 * Certificates, on a completed event of BENCH_CERT_PARTICIPANTS (5000) confirmed participants, 95 %
 * of them checked in (seeded in SQL), the organizer's OWNER signed in by phone code:
 *   publish       one POST …/certificates/publish: the time until every eligible participant holds
 *                 an issued certificate (PDFs are rendered on download, so this is also the time
 *                 until every PDF can be had); afterwards issued = eligible, exactly
 *   PDF renders   BENCH_CERT_DOWNLOADS (1000) organizer downloads spread over the issued
 *                 certificates: renders per second, and the time it would take to render them all
 */
import autocannon from "autocannon"
import { mkdtempSync, rmSync } from "node:fs"
import { availableParallelism, loadavg, tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { cpuMicros, type RunningServer, startPodiumFromSources, } from "./lib/process.js"
import { cpuModel, migratedDatabase, numberEnv, writeResults } from "./lib/setup.js"

const settings = {
  connections: numberEnv("BENCH_CONNECTIONS", 64, 1, 512),
  finishers: numberEnv("BENCH_FINISHERS", 10_000, 100, 1_000_000),
  reads: numberEnv("BENCH_READS", 20_000, 100, 1_000_000),
  certParticipants: numberEnv("BENCH_CERT_PARTICIPANTS", 5000, 20, 200_000),
  certDownloads: numberEnv("BENCH_CERT_DOWNLOADS", 1000, 10, 200_000),
  athletes: numberEnv("BENCH_FORME_ATHLETES", 200, 1, 5000),
  databaseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
}

const Otp = "246810"
const OwnerPhone = "+919760000009"
const athletePhones = Array.from({ length: settings.athletes }, (_, i) => `+91977${String(i).padStart(7, "0")}`)

const createDatabase = async () => {
  const { url, drop } = await migratedDatabase(settings.databaseUrl, "results")
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const organizer = await client.query<{ id: string }>(
    `insert into organizers.organizers (name, status, approval_status, phone_number) values ('Bench Results', 'ACTIVE', 'APPROVED', $1) returning id`,
    [OwnerPhone]
  )
  await client.query(`insert into organizers.members (organizer_id, phone_number, role, status) values ($1, $2, 'OWNER', 'ACTIVE')`, [organizer.rows[0]!.id, OwnerPhone])
  const event = await client.query<{ id: string }>(
    `insert into events.events (organizer_id, slug, title, sport, city, country, starts_at, ends_at, timezone, status, published_at)
     values ($1, 'bench-results', 'Bench Results Run', 'running', 'Pune', 'IN', now() - interval '6 hours', now() - interval '1 hour', 'Asia/Kolkata', 'published', now())
     returning id`,
    [organizer.rows[0]!.id]
  )
  const eventId = event.rows[0]!.id
  // The signed-in athletes' accounts exist before they sign in, so they can be finishers.
  const users = await client.query<{ id: string }>(
    `insert into accounts.users (phone_number) select unnest($1::text[]) returning id`,
    [athletePhones]
  )
  const board = await client.query<{ id: string }>(`insert into results.leaderboards (event_id, name) values ($1, 'Overall') returning id`, [eventId])
  const leaderboardId = board.rows[0]!.id
  // Finish times between 40 and 120 minutes in whole seconds, so ties happen; genders and age groups spread.
  await client.query(
    `insert into results.timing_records (leaderboard_id, user_id, gender, age_group, started_at, finished_at)
     select $1, coalesce(u.id, gen_random_uuid()), (array['male','female','other'])[1 + i % 3], (array['18-29','30-39','40-49','50+'])[1 + i % 4],
            now() - interval '6 hours', now() - interval '6 hours' + make_interval(secs => 2400 + (hashint4(i) & 2147483647) % 4800)
     from generate_series(1, $2::int) i left join (select id, row_number() over () as n from unnest($3::uuid[]) id) u on u.n = i`,
    [leaderboardId, settings.finishers, users.rows.map((u) => u.id)]
  )
  await client.query(
    `insert into results.results (leaderboard_id, user_id, gender, age_group, started_at, finished_at, elapsed_ms, place, gender_place, age_group_place)
     select leaderboard_id, user_id, gender, age_group, started_at, finished_at, elapsed_ms,
            rank() over (order by elapsed_ms), rank() over (partition by gender order by elapsed_ms),
            case when age_group is null then null else rank() over (partition by age_group order by elapsed_ms) end
     from (select *, round(extract(epoch from (finished_at - started_at)) * 1000)::int as elapsed_ms from results.timing_records where leaderboard_id = $1) t`,
    [leaderboardId]
  )
  await client.query(`update results.leaderboards set entry_count = (select count(*) from results.results where leaderboard_id = $1), revision = 1 where id = $1`, [leaderboardId])
  await client.query(`insert into results.event_results (id, status, published_at) values ($1, 'published', now())`, [eventId])

  // The certificates event: completed, one slot and ticket, one confirmed seat per booking, 95 % checked in.
  const certEvent = await client.query<{ id: string }>(
    `insert into events.events (organizer_id, slug, title, sport, city, country, starts_at, ends_at, timezone, status, published_at)
     values ($1, 'bench-certificates', 'Bench Certificates Run', 'running', 'Pune', 'IN', now() - interval '6 hours', now() - interval '1 hour', 'Asia/Kolkata', 'published', now())
     returning id`,
    [organizer.rows[0]!.id]
  )
  const certEventId = certEvent.rows[0]!.id
  const slot = await client.query<{ id: string }>(`insert into events.slots (event_id, name, starts_at, capacity) values ($1, 'Wave A', now() - interval '6 hours', $2) returning id`, [certEventId, settings.certParticipants])
  const ticket = await client.query<{ id: string }>(
    `insert into events.tickets (event_id, slot_id, name, price, capacity) values ($1, $2, 'Open 10K', 0, $3) returning id`,
    [certEventId, slot.rows[0]!.id, settings.certParticipants]
  )
  await client.query(
    `with n as (select i, gen_random_uuid() as booking, gen_random_uuid() as seat from generate_series(1, $4::int) i),
     b as (insert into registrations.participations (id, booking_id, booking_last7, event_id, slot_id, ticket_id, user_id, status, seats, amount, currency, confirmed_at)
           select booking, (1000000000 + i)::text, right((1000000000 + i)::text, 7), $1, $2, $3, gen_random_uuid(), 'CONFIRMED', 1, 0, 'INR', now() from n returning id),
     s as (insert into registrations.participants (id, participation_id, event_id, position, first_name, last_name, email, ticket_code)
           select seat, booking, $1, 0, 'Racer', 'R' || i, 'r' || i || '@bench.example', 'bench-' || i from n returning id)
     insert into registrations.check_ins (id, event_id, participant_id, participation_id, method, scanned_at, checked_in_by)
     select gen_random_uuid(), $1, seat, booking, 'manual', now() - interval '5 hours', 'system' from n where i % 20 <> 0`,
    [certEventId, slot.rows[0]!.id, ticket.rows[0]!.id, settings.certParticipants]
  )
  const eligible = settings.certParticipants - Math.floor(settings.certParticipants / 20)
  await client.end()
  return {
    url,
    leaderboardId,
    certEventId,
    eligible,
    drop
  }
}

const signIn = async (baseUrl: string, phoneNumber: string, role: "user" | "organizer" = "user"): Promise<string> => {
  const post = async (p: string, body: unknown) => {
    const r = await fetch(`${baseUrl}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
    return { status: r.status, body: (await r.json()) as { data?: { accessToken?: string } } }
  }
  const sent = await post(role === "organizer" ? "/v2/organizers/send-otp" : "/v2/auth/send-otp", { phoneNumber })
  if (sent.status !== 201) throw new Error(`send-otp ${phoneNumber}: ${sent.status}`)
  const token = (await post("/v2/auth/verify-otp", { phoneNumber, otp: Otp, role })).body.data?.accessToken
  if (typeof token !== "string") throw new Error(`verify-otp ${phoneNumber} failed`)
  return token
}

type Row = { workload: string; requests: number; wallMs: number; reqPerSec: number; p50Ms: number; p99Ms: number; cpuMicrosPerRequest: number; non200: number; disorder: number }

/** Places of a page must never go down (standard competition ranking, in board order). */
const inOrder = (items: ReadonlyArray<{ place?: number; genderPlace?: number }>, key: "place" | "genderPlace") =>
  items.every((e, i) => i === 0 || (e[key] ?? 0) >= (items[i - 1]![key] ?? 0))

const run = async (server: RunningServer, workload: string, amount: number, next: () => { path: string; headers?: Record<string, string> }, key: "place" | "genderPlace" = "place"): Promise<Row> => {
  let non200 = 0
  let disorder = 0
  const cpuBefore = cpuMicros(server.pid)
  const started = performance.now()
  const result = await autocannon({
    url: server.baseUrl,
    connections: settings.connections,
    amount,
    timeout: 60,
    requests: [{
      method: "GET",
      setupRequest: (request) => {
        const n = next()
        return { ...request, path: n.path, headers: { ...request.headers, ...n.headers } }
      },
      onResponse: (status, body) => {
        if (status !== 200) return void non200++
        const data = (JSON.parse(body) as { data: { items?: Array<{ place: number }>; neighbours?: Array<{ place: number }> } }).data
        if (!inOrder(data.items ?? data.neighbours ?? [], key)) disorder++
      }
    }]
  })
  const wallMs = performance.now() - started
  const row = {
    workload,
    requests: amount,
    wallMs,
    reqPerSec: amount / (wallMs / 1000),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMicrosPerRequest: (cpuMicros(server.pid) - cpuBefore) / amount,
    non200: non200 + result.errors,
    disorder
  }
  process.stdout.write(`    ${JSON.stringify(row)}\n`)
  if (row.non200 > 0 || row.disorder > 0) throw new Error(`${workload} broke an invariant: ${JSON.stringify(row)}`)
  return row
}

const main = async () => {
  const machine = { date: new Date().toISOString(), nproc: availableParallelism(), cpu: cpuModel(), node: process.version, loadAtStart: loadavg()[0] ?? Number.NaN, redis: process.env.REDIS_URL === undefined ? "memory" : "redis", ...settings }
  process.stdout.write(`Podium results bench — ${machine.date}\n  ${machine.nproc} CPU(s), ${machine.cpu}, Node ${machine.node}, load ${machine.loadAtStart.toFixed(2)}, Redis ${machine.redis}\n`)
  const database = await createDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), "podium-bench-results-"))
  let podium: RunningServer | undefined
  const cleanup = async () => {
    await podium?.stop()
    await database.drop().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)))
  try {
    podium = await startPodiumFromSources({
      databaseUrl: database.url,
      dataDir,
      otp: Otp,
      otpPhones: [OwnerPhone, ...athletePhones],
      env: process.env.REDIS_URL === undefined ? {} : { REDIS_URL: process.env.REDIS_URL }
    })
    const server = podium
    const base = `/v2/leaderboards/${database.leaderboardId}`
    const pages = Math.ceil(settings.finishers / 20)

    const coldStarted = performance.now()
    const cold = await fetch(`${server.baseUrl}${base}/entries`)
    const coldMs = performance.now() - coldStarted
    if (cold.status !== 200) throw new Error(`first read answered ${cold.status}: ${await cold.text()}`)
    process.stdout.write(`  first read (builds the boards of ${settings.finishers} finishers): ${coldMs.toFixed(0)} ms\n`)

    process.stdout.write(`  signing in ${athletePhones.length} finishers…\n`)
    const tokens: Array<string> = []
    for (let i = 0; i < athletePhones.length; i += 16) tokens.push(...await Promise.all(athletePhones.slice(i, i + 16).map((p) => signIn(server.baseUrl, p))))

    let i = 0
    const rows: Array<Row> = [
      await run(server, "top page", settings.reads, () => ({ path: `${base}/entries` })),
      await run(server, "deep pages", settings.reads, () => ({ path: `${base}/entries?page=${1 + (i++ * 7919) % pages}` })),
      await run(server, "filtered (gender)", settings.reads, () => ({ path: `${base}/entries/filtered?gender=female&page=${1 + (i++ * 7919) % Math.ceil(pages / 3)}` }), "genderPlace"),
      await run(server, "for-me", settings.reads, () => ({ path: `${base}/entries/for-me`, headers: { authorization: `Bearer ${tokens[i++ % tokens.length]}` } }))
    ]
    // Certificates: publish for the whole event, then organizer downloads (each a PDF render).
    const owner = await signIn(server.baseUrl, OwnerPhone, "organizer")
    const ownerHeaders = { "content-type": "application/json", authorization: `Bearer ${owner}` }
    const certBase = `${server.baseUrl}/v2/organizers/events/${database.certEventId}/certificates`
    const created = await fetch(certBase, {
      method: "POST",
      headers: ownerHeaders,
      body: JSON.stringify({ title: "Finisher: {{participantName}}", body: "{{participantName}} completed {{eventTitle}} on {{eventDate}}.\nCode {{certificateCode}}." })
    })
    if (created.status !== 201) throw new Error(`template answered ${created.status}: ${await created.text()}`)
    process.stdout.write(`  certificates: publishing for ${settings.certParticipants} participants (${database.eligible} attended)…\n`)
    const publishStarted = performance.now()
    const published = await fetch(`${certBase}/publish`, { method: "POST", headers: ownerHeaders })
    const publishMs = performance.now() - publishStarted
    const publishBody = (await published.json()) as { data?: { issued: number; issuedNow: number } }
    if (published.status !== 200 || publishBody.data?.issued !== database.eligible || publishBody.data.issuedNow !== database.eligible) {
      throw new Error(`publish answered ${published.status}: ${JSON.stringify(publishBody)}`)
    }
    process.stdout.write(`    publish: ${publishMs.toFixed(0)} ms for ${database.eligible} certificates\n`)
    const seats: Array<string> = []
    for (let page = 1; seats.length < Math.min(settings.certDownloads, database.eligible); page++) {
      const r = await fetch(`${certBase}/issuances?page=${page}&limit=100`, { headers: ownerHeaders })
      const items = ((await r.json()) as { data: { items: Array<{ participantId: string }> } }).data.items
      if (items.length === 0) break
      seats.push(...items.map((c) => c.participantId))
    }
    let k = 0
    let notPdf = 0
    const pdfCpu = cpuMicros(server.pid)
    const pdfStarted = performance.now()
    const pdfs = await autocannon({
      url: server.baseUrl,
      connections: Math.min(settings.connections, 16),
      amount: settings.certDownloads,
      timeout: 60,
      requests: [{
        method: "GET",
        setupRequest: (request) => ({ ...request, path: `/v2/organizers/events/${database.certEventId}/certificates/issuances/${seats[k++ % seats.length]}/download`, headers: { ...request.headers, authorization: `Bearer ${owner}` } }),
        onResponse: (status, body) => {
          if (status !== 200 || !body.startsWith("%PDF")) notPdf++
        }
      }]
    })
    const pdfMs = performance.now() - pdfStarted
    const pdfRow = {
      workload: "certificate PDFs",
      requests: settings.certDownloads,
      wallMs: pdfMs,
      reqPerSec: settings.certDownloads / (pdfMs / 1000),
      p50Ms: pdfs.latency.p50,
      p99Ms: pdfs.latency.p99,
      cpuMicrosPerRequest: (cpuMicros(server.pid) - pdfCpu) / settings.certDownloads,
      non200: notPdf + pdfs.errors,
      disorder: 0
    }
    process.stdout.write(`    ${JSON.stringify(pdfRow)}\n`)
    if (pdfRow.non200 > 0) throw new Error(`certificate downloads failed: ${JSON.stringify(pdfRow)}`)
    rows.push(pdfRow)
    const renderAllS = database.eligible / pdfRow.reqPerSec

    const fixed = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "-")
    const markdown = [
      `certificates publish (${database.eligible} issued of ${settings.certParticipants} participants): ${fixed(publishMs)} ms; rendering every PDF at the measured rate: ${fixed(renderAllS, 1)} s`,
      `first read (board build, ${settings.finishers} finishers): ${fixed(coldMs)} ms`,
      "",
      "| workload | requests | wall s | req/s | p50 ms | p99 ms | CPU-µs/req |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...rows.map((r) => `| ${r.workload} | ${r.requests} | ${fixed(r.wallMs / 1000, 2)} | ${fixed(r.reqPerSec)} | ${fixed(r.p50Ms, 1)} | ${fixed(r.p99Ms, 1)} | ${fixed(r.cpuMicrosPerRequest)} |`)
    ].join("\n")
    process.stdout.write(`\n${markdown}\n\n`)
    writeResults("results-", machine.date, { machine, coldMs, rows, certificates: { participants: settings.certParticipants, issued: database.eligible, publishMs, renderAllS }, loadAtEnd: loadavg()[0] })
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
