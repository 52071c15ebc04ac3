/**
 * Registrations benchmark: the two hot paths of race day, each beside a pgbench run of the same
 * machine for scale.
 *
 *   pnpm bench:registrations
 *   BENCH_ONSALE_ATHLETES=1000 BENCH_ONSALE_SEATS=300 BENCH_BURST_PARTICIPANTS=5000 pnpm bench:registrations
 *
 * Setup: a throw-away Postgres database migrated by the CLI; an organizer with an OWNER signed in
 * by phone code (fixed codes through AUTH_TEST_OTPS, nothing sent); published events with one
 * slot and one free ticket seeded in SQL (the events routes are built elsewhere); the real HTTP host
 * from sources (`hosts/http/src/main.ts` through tsx), access log off, in-memory Redis twins.
 *
 * Workloads (each run once, as fast as the host answers; no duration, the work is fixed):
 *   hot on-sale  BENCH_ONSALE_ATHLETES (1000) athletes, each signed in, each POSTing one booking of
 *                one seat at once, BENCH_CONNECTIONS (64) in flight, for BENCH_ONSALE_SEATS (300)
 *                seats: every request answers 201 or 409 TICKET_SOLD_OUT; afterwards the ticket's
 *                `sold`, the confirmed participations and the 201s must all equal the seats.
 *   on-sale with extras  the same athletes book a paid ticket (seats to spare) with one add-on of
 *                BENCH_EXTRAS_STOCK (200) units and a 100 % coupon capped at BENCH_EXTRAS_COUPON_USES
 *                (120) uses, all at once: the booking takes its seat, the add-on unit and the coupon
 *                use in one transaction (row locks in that order), so every request answers 201 or
 *                409 (ADD_ON_SOLD_OUT or COUPON_EXHAUSTED); afterwards the add-on's `sold`, the
 *                coupon's `used`, the ticket's `sold` and the 201s must all be equal and within both caps.
 *   check-in burst  BENCH_BURST_PARTICIPANTS (5000) participants booked beforehand (10 per booking),
 *                then their signed codes scanned from BENCH_DEVICES (8) concurrent devices with
 *                1 % duplicate scans (the same code again from another device, new nonce): every
 *                scan answers 200; afterwards exactly one live check-in per participant, `ok` =
 *                participants and `already_checked_in` = duplicates.
 *   pgbench      `pgbench -S` (select-only) and the default TPC-B-like mix, 8 clients, 10 s, on the
 *                same server, for what this machine's Postgres does at all.
 * Knobs: BENCH_CONNECTIONS, BENCH_DEVICES, BENCH_ONSALE_ATHLETES, BENCH_ONSALE_SEATS, BENCH_EXTRAS_STOCK, BENCH_EXTRAS_COUPON_USES,
 * BENCH_BURST_PARTICIPANTS, BENCH_PGBENCH=false, BENCH_DATABASE_URL, BENCH_PODIUM_NODE_ARGS (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof`, written when the host stops).
 */
import autocannon from "autocannon"
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { availableParallelism, loadavg, tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { cpuMicros, type RunningServer, startPodiumFromSources, } from "./lib/process.js"
import { cpuModel, migratedDatabase, numberEnv, writeResults } from "./lib/setup.js"

const settings = {
  connections: numberEnv("BENCH_CONNECTIONS", 64, 1, 512),
  devices: numberEnv("BENCH_DEVICES", 8, 1, 256),
  athletes: numberEnv("BENCH_ONSALE_ATHLETES", 1000, 1, 20_000),
  seats: numberEnv("BENCH_ONSALE_SEATS", 300, 1, 100_000),
  participants: numberEnv("BENCH_BURST_PARTICIPANTS", 5000, 10, 200_000),
  extrasStock: numberEnv("BENCH_EXTRAS_STOCK", 200, 1, 100_000),
  extrasCouponUses: numberEnv("BENCH_EXTRAS_COUPON_USES", 120, 1, 100_000),
  pgbench: process.env.BENCH_PGBENCH !== "false",
  databaseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
}

const Otp = "246810"
const OwnerPhone = "+919760000001"
const athletePhones = Array.from({ length: settings.athletes }, (_, i) => `+91978${String(i).padStart(7, "0")}`)

interface Seeded {
  readonly eventId: string
  readonly ticketId: string
}

const createDatabase = async () => {
  const { url, drop } = await migratedDatabase(settings.databaseUrl, "registrations")
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const organizer = await client.query<{ id: string }>(
    `insert into organizers.organizers (name, status, approval_status, phone_number) values ('Bench Races', 'ACTIVE', 'APPROVED', $1) returning id`,
    [OwnerPhone]
  )
  const organizerId = organizer.rows[0]!.id
  await client.query(`insert into organizers.members (organizer_id, phone_number, role, status) values ($1, $2, 'OWNER', 'ACTIVE')`, [organizerId, OwnerPhone])
  const event = async (slug: string, capacity: number, price = 0): Promise<Seeded> => {
    const e = await client.query<{ id: string }>(
      `insert into events.events (organizer_id, slug, title, sport, city, country, starts_at, ends_at, timezone, status, published_at)
       values ($1, $2, $2, 'running', 'Pune', 'IN', now() + interval '1 hour', now() + interval '5 hours', 'Asia/Kolkata', 'published', now()) returning id`,
      [organizerId, slug]
    )
    const eventId = e.rows[0]!.id
    const s = await client.query<{ id: string }>(
      `insert into events.slots (event_id, name, starts_at, capacity) values ($1, 'Wave A', now() + interval '1 hour', $2) returning id`,
      [eventId, capacity]
    )
    const t = await client.query<{ id: string }>(
      `insert into events.tickets (event_id, slot_id, name, price, capacity) values ($1, $2, 'Open 10K', $4, $3) returning id`,
      [eventId, s.rows[0]!.id, capacity, price]
    )
    return { eventId, ticketId: t.rows[0]!.id }
  }
  const onSale = await event("bench-on-sale", settings.seats)
  const race = await event("bench-race-start", settings.participants)
  // A paid ticket with seats for everyone; the add-on's stock and the coupon's cap are the limits.
  const extras = await event("bench-extras", settings.athletes, 50_000)
  const addOn = await client.query<{ id: string }>(
    `insert into events.add_ons (event_id, name, price, stock) values ($1, 'Finisher tee', 0, $2) returning id`,
    [extras.eventId, settings.extrasStock]
  )
  const coupon = await client.query<{ id: string }>(
    `insert into events.coupons (event_id, code, discount_type, discount_value, max_uses) values ($1, 'BENCHFREE', 'percent', 100, $2) returning id`,
    [extras.eventId, settings.extrasCouponUses]
  )
  await client.end()
  return {
    url,
    organizerId,
    onSale,
    race,
    extras: { ...extras, addOnId: addOn.rows[0]!.id, couponId: coupon.rows[0]!.id },
    query: async <R extends pg.QueryResultRow>(text: string, values: Array<unknown>) => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      try {
        return (await c.query<R>(text, values)).rows
      } finally {
        await c.end()
      }
    },
    drop
  }
}

const signIn = async (baseUrl: string, phoneNumber: string, role: "user" | "organizer"): Promise<string> => {
  const post = async (p: string, body: unknown) => {
    const r = await fetch(`${baseUrl}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
    return { status: r.status, body: (await r.json()) as { data?: { accessToken?: string } } }
  }
  const sent = await post(role === "organizer" ? "/v2/organizers/send-otp" : "/v2/auth/send-otp", { phoneNumber })
  if (sent.status !== 201) throw new Error(`send-otp ${phoneNumber}: ${sent.status}`)
  const verified = await post("/v2/auth/verify-otp", { phoneNumber, otp: Otp, role })
  const token = verified.body.data?.accessToken
  if (typeof token !== "string") throw new Error(`verify-otp ${phoneNumber} as ${role}: ${verified.status}`)
  return token
}

/** Runs `items.length` requests from a queue with `connections` in flight; answers the autocannon result and the wall time. */
const drain = async (server: RunningServer, connections: number, amount: number, request: autocannon.Request) => {
  const cpuBefore = cpuMicros(server.pid)
  const started = performance.now()
  const result = await autocannon({ url: server.baseUrl, connections, amount, requests: [request], timeout: 60 })
  const wallMs = performance.now() - started
  return { result, wallMs, cpuMicros: cpuMicros(server.pid) - cpuBefore }
}

const pgbench = (url: string, args: Array<string>): number | null => {
  const run = spawnSync("pgbench", [...args, url], { encoding: "utf8" })
  if (run.status !== 0) return null
  const tps = /tps = ([\d.]+)/.exec(run.stdout)
  return tps === null ? null : Number(tps[1])
}

const main = async () => {
  const machine = { date: new Date().toISOString(), nproc: availableParallelism(), cpu: cpuModel(), node: process.version, loadAtStart: loadavg()[0] ?? Number.NaN, ...settings }
  process.stdout.write(`Podium registrations bench — ${machine.date}\n  ${machine.nproc} CPU(s), ${machine.cpu}, Node ${machine.node}, load ${machine.loadAtStart.toFixed(2)}\n`)
  const database = await createDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), "podium-bench-registrations-"))
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
      nodeArgs: process.env.BENCH_PODIUM_NODE_ARGS?.split(" ").filter((a) => a !== "") ?? []
    })
    const server = podium
    const json = { "content-type": "application/json" }
    const owner = await signIn(server.baseUrl, OwnerPhone, "organizer")
    process.stdout.write(`  signing in ${athletePhones.length} athletes…\n`)
    const tokens: Array<string> = []
    for (let i = 0; i < athletePhones.length; i += 16) {
      tokens.push(...await Promise.all(athletePhones.slice(i, i + 16).map((p) => signIn(server.baseUrl, p, "user"))))
    }

    // Hot on-sale: every athlete books one seat, all at once.
    process.stdout.write(`  hot on-sale: ${tokens.length} athletes for ${settings.seats} seats, ${settings.connections} in flight…\n`)
    let nextAthlete = 0
    const statuses = new Map<number, number>()
    const codes = new Map<string, number>()
    const onSale = await drain(server, settings.connections, tokens.length, {
      method: "POST",
      path: "/v2/event-participations",
      setupRequest: (request) => {
        const i = nextAthlete++
        return {
          ...request,
          headers: { ...json, authorization: `Bearer ${tokens[i % tokens.length]}` },
          body: JSON.stringify({ eventId: database.onSale.eventId, ticketId: database.onSale.ticketId, participants: [{ firstName: "Bench", lastName: `Athlete${i}`, email: `a${i}@bench.example` }] })
        }
      },
      onResponse: (status, body) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        if (status === 409) {
          const code = (JSON.parse(body) as { code?: string }).code ?? "?"
          codes.set(code, (codes.get(code) ?? 0) + 1)
        }
      }
    })
    const [sold] = await database.query<{ sold: number }>(`select sold from events.tickets where id = $1`, [database.onSale.ticketId])
    const [confirmed] = await database.query<{ n: number }>(`select count(*)::int as n from registrations.participations where ticket_id = $1 and status = 'CONFIRMED'`, [database.onSale.ticketId])
    const onSaleRow = {
      requests: tokens.length,
      created: statuses.get(201) ?? 0,
      soldOut: codes.get("TICKET_SOLD_OUT") ?? 0,
      other: [...statuses].filter(([s]) => s !== 201 && s !== 409).reduce((n, [, c]) => n + c, 0) + onSale.result.errors,
      ticketSold: sold?.sold,
      confirmed: confirmed?.n,
      wallMs: onSale.wallMs,
      reqPerSec: tokens.length / (onSale.wallMs / 1000),
      p50Ms: onSale.result.latency.p50,
      p99Ms: onSale.result.latency.p99,
      cpuMicrosPerRequest: onSale.cpuMicros / tokens.length
    }
    process.stdout.write(`    ${JSON.stringify(onSaleRow)}\n`)
    if (onSaleRow.created !== settings.seats || onSaleRow.ticketSold !== settings.seats || onSaleRow.confirmed !== settings.seats) {
      throw new Error(`oversold or undersold: ${JSON.stringify(onSaleRow)}`)
    }

    // On-sale with extras: every athlete books the paid ticket with the add-on and the coupon, all at once.
    const expected = Math.min(settings.extrasStock, settings.extrasCouponUses, tokens.length)
    process.stdout.write(`  on-sale with extras: ${tokens.length} athletes, ${settings.extrasStock} add-on units, ${settings.extrasCouponUses} coupon uses…\n`)
    let nextExtra = 0
    const extraStatuses = new Map<number, number>()
    const extraCodes = new Map<string, number>()
    const withExtras = await drain(server, settings.connections, tokens.length, {
      method: "POST",
      path: "/v2/event-participations",
      setupRequest: (request) => {
        const i = nextExtra++
        return {
          ...request,
          headers: { ...json, authorization: `Bearer ${tokens[i % tokens.length]}` },
          body: JSON.stringify({
            eventId: database.extras.eventId,
            ticketId: database.extras.ticketId,
            participants: [{ firstName: "Bench", lastName: `Extra${i}`, email: `x${i}@bench.example` }],
            addOnIds: [database.extras.addOnId],
            couponCode: "BENCHFREE"
          })
        }
      },
      onResponse: (status, body) => {
        extraStatuses.set(status, (extraStatuses.get(status) ?? 0) + 1)
        if (status === 409) {
          const code = (JSON.parse(body) as { code?: string }).code ?? "?"
          extraCodes.set(code, (extraCodes.get(code) ?? 0) + 1)
        }
      }
    })
    const [addOnSold] = await database.query<{ sold: number }>(`select sold from events.add_ons where id = $1`, [database.extras.addOnId])
    const [couponUsed] = await database.query<{ used: number }>(`select used from events.coupons where id = $1`, [database.extras.couponId])
    const [extrasSold] = await database.query<{ sold: number }>(`select sold from events.tickets where id = $1`, [database.extras.ticketId])
    const extrasRow = {
      requests: tokens.length,
      created: extraStatuses.get(201) ?? 0,
      addOnSoldOut: extraCodes.get("ADD_ON_SOLD_OUT") ?? 0,
      couponExhausted: extraCodes.get("COUPON_EXHAUSTED") ?? 0,
      other: [...extraStatuses].filter(([s]) => s !== 201 && s !== 409).reduce((n, [, c]) => n + c, 0) + withExtras.result.errors,
      addOnSold: addOnSold?.sold,
      couponUsed: couponUsed?.used,
      ticketSold: extrasSold?.sold,
      wallMs: withExtras.wallMs,
      reqPerSec: tokens.length / (withExtras.wallMs / 1000),
      p50Ms: withExtras.result.latency.p50,
      p99Ms: withExtras.result.latency.p99,
      cpuMicrosPerRequest: withExtras.cpuMicros / tokens.length
    }
    process.stdout.write(`    ${JSON.stringify(extrasRow)}\n`)
    if (extrasRow.created !== expected || extrasRow.addOnSold !== expected || extrasRow.couponUsed !== expected || extrasRow.ticketSold !== expected || extrasRow.other !== 0) {
      throw new Error(`extras oversold, undersold or failed: ${JSON.stringify(extrasRow)}`)
    }

    // The race's participants, booked ten per booking by the first athletes (setup, not measured).
    process.stdout.write(`  booking ${settings.participants} race participants…\n`)
    const ticketCodes: Array<string> = []
    const bookings = Math.ceil(settings.participants / 10)
    for (let b = 0; b < bookings; b += 8) {
      const answers = await Promise.all(Array.from({ length: Math.min(8, bookings - b) }, async (_, k) => {
        const i = b + k
        const seats = Math.min(10, settings.participants - i * 10)
        const r = await fetch(`${server.baseUrl}/v2/event-participations`, {
          method: "POST",
          headers: { ...json, authorization: `Bearer ${tokens[i % tokens.length]}` },
          body: JSON.stringify({
            eventId: database.race.eventId,
            ticketId: database.race.ticketId,
            participants: Array.from({ length: seats }, (_, s) => ({ firstName: "Racer", lastName: `R${i}-${s}`, email: `r${i}-${s}@bench.example` }))
          })
        })
        if (r.status !== 201) throw new Error(`race booking answered ${r.status}: ${await r.text()}`)
        return ((await r.json()) as { data: { participants: Array<{ ticketCode: string }> } }).data.participants.map((p) => p.ticketCode)
      }))
      for (const list of answers) ticketCodes.push(...list)
    }

    // The burst: every code once, plus 1 % again from another device a little later.
    const duplicates = Math.floor(ticketCodes.length / 100)
    const scans: Array<{ code: string; nonce: string }> = ticketCodes.map((code, i) => ({ code, nonce: `dev${i % settings.devices}:${i}` }))
    for (let d = 0; d < duplicates; d++) {
      const original = d * 100
      scans.splice(Math.min(scans.length, original + 50 + d), 0, { code: ticketCodes[original]!, nonce: `dev${(original + 1) % settings.devices}:dup${d}` })
    }
    process.stdout.write(`  check-in burst: ${scans.length} scans (${duplicates} duplicates) from ${settings.devices} devices…\n`)
    let nextScan = 0
    const verdicts = new Map<string, number>()
    let non200 = 0
    const burst = await drain(server, settings.devices, scans.length, {
      method: "POST",
      path: `/v2/organizer/events/${database.race.eventId}/check-in/scan`,
      setupRequest: (request) => {
        const scan = scans[nextScan++ % scans.length]!
        return { ...request, headers: { ...json, authorization: `Bearer ${owner}` }, body: JSON.stringify(scan) }
      },
      onResponse: (status, body) => {
        if (status !== 200) {
          non200++
          return
        }
        const v = (JSON.parse(body) as { data: { result: string; reason: string | null } }).data
        const key = v.reason ?? v.result
        verdicts.set(key, (verdicts.get(key) ?? 0) + 1)
      }
    })
    const [live] = await database.query<{ n: number; people: number }>(
      `select count(*)::int as n, count(distinct participant_id)::int as people from registrations.check_ins where event_id = $1 and undone_at is null`,
      [database.race.eventId]
    )
    const burstRow = {
      scans: scans.length,
      ok: verdicts.get("ok") ?? 0,
      alreadyCheckedIn: verdicts.get("already_checked_in") ?? 0,
      otherVerdicts: [...verdicts].filter(([k]) => k !== "ok" && k !== "already_checked_in"),
      non200: non200 + burst.result.errors,
      liveCheckIns: live?.n,
      doubleCheckIns: (live?.n ?? 0) - (live?.people ?? 0),
      wallMs: burst.wallMs,
      scansPerSec: scans.length / (burst.wallMs / 1000),
      p50Ms: burst.result.latency.p50,
      p99Ms: burst.result.latency.p99,
      cpuMicrosPerRequest: burst.cpuMicros / scans.length
    }
    process.stdout.write(`    ${JSON.stringify(burstRow)}\n`)
    if (burstRow.ok !== ticketCodes.length || burstRow.alreadyCheckedIn !== duplicates || burstRow.doubleCheckIns !== 0 || burstRow.liveCheckIns !== ticketCodes.length) {
      throw new Error(`check-in burst broke an invariant: ${JSON.stringify(burstRow)}`)
    }
    await podium.stop()
    podium = undefined

    // pgbench on the same server, for scale (the host is stopped).
    let pgbenchRow: { selectOnlyTps: number | null; tpcbTps: number | null } | null = null
    if (settings.pgbench) {
      process.stdout.write("  pgbench (scale 10, 8 clients, 10 s each)…\n")
      const init = spawnSync("pgbench", ["-i", "-s", "10", "-q", database.url], { encoding: "utf8" })
      pgbenchRow = init.status === 0
        ? { selectOnlyTps: pgbench(database.url, ["-S", "-c", "8", "-j", "2", "-T", "10"]), tpcbTps: pgbench(database.url, ["-c", "8", "-j", "2", "-T", "10"]) }
        : null
      process.stdout.write(`    ${JSON.stringify(pgbenchRow)}\n`)
    }

    const fixed = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "-")
    const markdown = [
      "| workload | requests | wall s | req/s | p50 ms | p99 ms | CPU-µs/req | outcome |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
      `| hot on-sale | ${onSaleRow.requests} | ${fixed(onSaleRow.wallMs / 1000, 2)} | ${fixed(onSaleRow.reqPerSec)} | ${fixed(onSaleRow.p50Ms, 1)} | ${fixed(onSaleRow.p99Ms, 1)} | ${fixed(onSaleRow.cpuMicrosPerRequest)} | ${onSaleRow.created} × 201, ${onSaleRow.soldOut} × 409 TICKET_SOLD_OUT, sold = ${onSaleRow.ticketSold} |`,
      `| on-sale with extras | ${extrasRow.requests} | ${fixed(extrasRow.wallMs / 1000, 2)} | ${fixed(extrasRow.reqPerSec)} | ${fixed(extrasRow.p50Ms, 1)} | ${fixed(extrasRow.p99Ms, 1)} | ${fixed(extrasRow.cpuMicrosPerRequest)} | ${extrasRow.created} × 201, ${extrasRow.addOnSoldOut} × 409 ADD_ON_SOLD_OUT, ${extrasRow.couponExhausted} × 409 COUPON_EXHAUSTED; add-on sold = ${extrasRow.addOnSold}, coupon used = ${extrasRow.couponUsed} |`,
      `| check-in burst | ${burstRow.scans} | ${fixed(burstRow.wallMs / 1000, 2)} | ${fixed(burstRow.scansPerSec)} | ${fixed(burstRow.p50Ms, 1)} | ${fixed(burstRow.p99Ms, 1)} | ${fixed(burstRow.cpuMicrosPerRequest)} | ${burstRow.ok} ok, ${burstRow.alreadyCheckedIn} already_checked_in, ${burstRow.doubleCheckIns} double check-ins |`,
      ...(pgbenchRow === null ? [] : [`| pgbench -S (8 clients) | | 10 | ${fixed(pgbenchRow.selectOnlyTps ?? Number.NaN)} tps | | | | select-only |`, `| pgbench TPC-B (8 clients) | | 10 | ${fixed(pgbenchRow.tpcbTps ?? Number.NaN)} tps | | | | default mix |`])
    ].join("\n")
    process.stdout.write(`\n${markdown}\n\n`)
    writeResults("registrations-", machine.date, { machine, onSale: onSaleRow, extras: extrasRow, burst: burstRow, pgbench: pgbenchRow, loadAtEnd: loadavg()[0] })
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
