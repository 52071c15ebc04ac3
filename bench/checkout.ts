/**
 * Tier checkout benchmark: a booking-style workload on club membership tiers.
 *
 *   pnpm bench:checkout                                     # 10 s per measurement
 *   BENCH_DURATION=5 BENCH_CONNECTIONS=16 pnpm bench:checkout
 *
 * Setup: a throw-away Postgres database migrated by the CLI; an ACTIVE CLUB_MEMBERSHIP club with an
 * approved club KYC (SQL seed) and one tier created through the operators' CLI (`clubs tiers
 * create`); the real HTTP host (`hosts/http/src/main.ts` through tsx) with PAYMENT_GATEWAY=razorpay
 * pointed at a Razorpay stand-in served by this process (`POST /v1/orders`, `GET /v1/payments/{id}`,
 * same key-secret HMAC signatures), so the host runs its real gateway adapter over HTTP;
 * `BENCH_CHECKOUT_BUYERS` athletes (default 64) signed in with fixed OTP codes, one per connection.
 *
 * Workloads (Podium host only; no baseline):
 *   tiers-list  GET /v2/clubs/{id}/tiers (public read, reference point)
 *   checkout    POST /v2/clubs/{id}/tiers/{tierId}/checkout: price + commission split, gateway order
 *               over HTTP, payments.orders row, checkout row
 *   purchase    checkout → the buyer pays at the stand-in (in this process) → POST …/payments/
 *               {paymentId}/verify: signature check, payment fetched over HTTP, payment recorded,
 *               then one transaction: checkout OPEN → PAID, membership, tier period, ledger posting
 *               (3 legs), audit row. req/s counts both requests; purchases/s is half of it.
 * After the run the ledger is checked: the club revenue account holds one credit per paid checkout.
 * Knobs: BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_CONNECTIONS (32), BENCH_DATABASE_URL.
 */
import autocannon from "autocannon"
import { createHmac, randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { availableParallelism, tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { cpuMicros, freePort, type RunningServer, startPodiumFromSources, } from "./lib/process.js"
import { cli, cpuModel, migratedDatabase, numberEnv, writeResults } from "./lib/setup.js"

const settings = {
  duration: numberEnv("BENCH_DURATION", 10, 1, 600),
  warmup: numberEnv("BENCH_WARMUP", 2, 0, 60),
  connections: numberEnv("BENCH_CONNECTIONS", 32, 1, 256),
  buyers: numberEnv("BENCH_CHECKOUT_BUYERS", 64, 1, 2000),
  databaseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
}

const KeyId = "rzp_test_bench"
const KeySecret = "bench-key-secret"
const Otp = "135790"
const TierPrice = 49_900
const buyerPhones = Array.from({ length: settings.buyers }, (_, i) => `+91977${String(i).padStart(7, "0")}`)

// ---------------------------------------------------------------------------------------------
// The Razorpay stand-in: orders and payments in memory, the protocol's shapes and signatures.

interface FakeOrder { id: string; amount: number; currency: string; receipt: string; status: string; notes: unknown }
interface FakePayment { id: string; order_id: string; amount: number; currency: string; status: string; method: string }

const startGateway = async (): Promise<{ server: Server; url: string; pay: (orderId: string) => { paymentId: string; signature: string }; orders: () => number }> => {
  const orders = new Map<string, FakeOrder>()
  const payments = new Map<string, FakePayment>()
  const auth = `Basic ${Buffer.from(`${KeyId}:${KeySecret}`).toString("base64")}`
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(body))
    }
    if (req.headers.authorization !== auth) return send(401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } })
    let raw = ""
    req.on("data", (c: Buffer) => (raw += c.toString()))
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x")
      if (req.method === "POST" && url.pathname === "/v1/orders") {
        const body = JSON.parse(raw) as { amount: number; currency: string; receipt: string; notes: unknown }
        const order: FakeOrder = { id: `order_${randomBytes(7).toString("hex")}`, amount: body.amount, currency: body.currency, receipt: body.receipt, status: "created", notes: body.notes }
        orders.set(order.id, order)
        return send(200, { entity: "order", ...order })
      }
      const payment = /^\/v1\/payments\/([A-Za-z0-9_]+)$/.exec(url.pathname)
      if (req.method === "GET" && payment !== null) {
        const p = payments.get(payment[1]!)
        return p === undefined ? send(400, { error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" } }) : send(200, { entity: "payment", ...p })
      }
      if (req.method === "GET" && url.pathname === "/v1/orders") return send(200, { entity: "collection", count: 0, items: [] })
      send(404, { error: { code: "NOT_FOUND", description: "no route" } })
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    pay: (orderId) => {
      const order = orders.get(orderId)
      if (order === undefined) throw new Error(`unknown order ${orderId}`)
      const p: FakePayment = { id: `pay_${randomBytes(7).toString("hex")}`, order_id: orderId, amount: order.amount, currency: order.currency, status: "captured", method: "upi" }
      payments.set(p.id, p)
      order.status = "paid"
      return { paymentId: p.id, signature: createHmac("sha256", KeySecret).update(`${orderId}|${p.id}`).digest("hex") }
    },
    orders: () => orders.size
  }
}

// ---------------------------------------------------------------------------------------------
// Database and seed.

const createDatabase = async () => {
  const { url, drop } = await migratedDatabase(settings.databaseUrl, "checkout")
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const owner = "00000000-0000-4000-8000-00000000b0b0"
  const club = await client.query<{ id: string }>(
    `insert into clubs.clubs (name, slug, club_type, status, owner_user_id) values ('Bench Pacers', 'bench-pacers', 'CLUB_MEMBERSHIP', 'ACTIVE', $1) returning id`,
    [owner]
  )
  const clubId = club.rows[0]!.id
  await client.query(`insert into clubs.members (club_id, user_id, role, status, joined_at) values ($1, $2, 'OWNER', 'ACTIVE', now())`, [clubId, owner])
  await client.query(`insert into clubs.club_kyc (club_id, status, pan_number, reviewed_at) values ($1, 'APPROVED', 'ABCDE1234F', now())`, [clubId])
  await client.end()
  const created = cli(url, "clubs", "tiers", "create", "--club", clubId, "--name", "Gold", "--price", String(TierPrice), "--period", "MONTHLY")
  const tierId = /created tier ([0-9a-f-]{36})/.exec(created)?.[1]
  if (tierId === undefined) throw new Error(`tier not created:\n${created}`)
  return {
    url,
    clubId,
    tierId,
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

// ---------------------------------------------------------------------------------------------
// Measuring.

interface Measurement {
  readonly workload: string
  readonly requests: number
  readonly reqPerSec: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly cpuMicrosPerRequest: number
  readonly non2xx: number
  readonly errors: number
}

const measure = async (workload: string, server: RunningServer, requests: () => Array<autocannon.Request>): Promise<Measurement> => {
  process.stdout.write(`  ${workload.padEnd(12)} ...`)
  const run = (seconds: number) => autocannon({ url: server.baseUrl, connections: settings.connections, duration: seconds, requests: requests() })
  if (settings.warmup > 0) await run(settings.warmup)
  const before = cpuMicros(server.pid)
  const result = await run(settings.duration)
  const after = cpuMicros(server.pid)
  const total = result.requests.total
  const m: Measurement = {
    workload,
    requests: total,
    reqPerSec: total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMicrosPerRequest: total > 0 ? (after - before) / total : Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors
  }
  process.stdout.write(` ${Math.round(m.reqPerSec)} req/s${m.non2xx + m.errors > 0 ? `  (! ${m.non2xx} non-2xx, ${m.errors} errors)` : ""}\n`)
  return m
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

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-")

const main = async () => {
  const machine = { date: new Date().toISOString(), nproc: availableParallelism(), cpu: cpuModel(), node: process.version, ...settings }
  process.stdout.write(
    `Podium tier checkout bench — ${machine.date}\n  ${machine.nproc} CPU(s), ${machine.cpu}, Node ${machine.node}\n` +
      `  ${settings.duration} s per measurement after ${settings.warmup} s warm-up, ${settings.connections} connections, ${settings.buyers} buyers, loopback\n`
  )
  const gateway = await startGateway()
  const database = await createDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), "podium-bench-checkout-"))
  let podium: RunningServer | undefined
  const cleanup = async () => {
    await podium?.stop()
    gateway.server.close()
    await database.drop().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)))
  try {
    podium = await startPodiumFromSources({
      databaseUrl: database.url,
      dataDir,
      otp: Otp,
      otpPhones: buyerPhones,
      env: { PAYMENT_GATEWAY: "razorpay", RAZORPAY_BASE_URL: gateway.url, RAZORPAY_KEY_ID: KeyId, RAZORPAY_KEY_SECRET: KeySecret },
      timeoutMs: 120_000
    })
    const server = podium
    process.stdout.write(`  signing in ${buyerPhones.length} buyers…\n`)
    const tokens: Array<string> = []
    for (const phone of buyerPhones) tokens.push(await signIn(server.baseUrl, phone))
    let nextBuyer = 0
    const json = { "content-type": "application/json" }
    const checkoutPath = `/v2/clubs/${database.clubId}/tiers/${database.tierId}/checkout`
    type Ctx = { token?: string; orderId?: string; paymentId?: string; signature?: string }
    const buyerOf = (context: Ctx) => (context.token ??= tokens[nextBuyer++ % tokens.length]!)

    const results: Array<Measurement> = []
    results.push(await measure("tiers-list", server, () => [{ method: "GET", path: `/v2/clubs/${database.clubId}/tiers` }]))
    results.push(await measure("checkout", server, () => [{
      method: "POST",
      path: checkoutPath,
      setupRequest: (request, context) => ({ ...request, headers: { ...json, authorization: `Bearer ${buyerOf(context as Ctx)}` }, body: "{}" })
    }]))
    results.push(await measure("purchase", server, () => [
      {
        method: "POST",
        path: checkoutPath,
        setupRequest: (request, context) => ({ ...request, headers: { ...json, authorization: `Bearer ${buyerOf(context as Ctx)}` }, body: "{}" }),
        onResponse: (status, body, context) => {
          const ctx = context as Ctx
          if (status !== 201) return
          const orderId = (JSON.parse(body) as { data: { orderId: string } }).data.orderId
          const paid = gateway.pay(orderId)
          ctx.orderId = orderId
          ctx.paymentId = paid.paymentId
          ctx.signature = paid.signature
        }
      },
      {
        method: "POST",
        setupRequest: (request, context) => {
          const ctx = context as Ctx
          return {
            ...request,
            path: `/v2/clubs/${database.clubId}/tiers/${database.tierId}/payments/${ctx.paymentId ?? "pay_none"}/verify`,
            headers: { ...json, authorization: `Bearer ${buyerOf(ctx)}` },
            body: JSON.stringify({ orderId: ctx.orderId ?? "order_none", signature: ctx.signature ?? "00".repeat(32) })
          }
        }
      }
    ]))

    // Integrity: one revenue credit per paid checkout, each the net of the 10 % default commission.
    const [paid] = await database.query<{ n: number }>(`select count(*)::int as n from clubs.tier_checkouts where club_id = $1 and status = 'PAID'`, [database.clubId])
    const credits = await database.query<{ n: number; total: string }>(
      `select count(*)::int as n, coalesce(sum(e.amount), 0)::text as total
       from wallets.entries e join wallets.accounts a on a.id = e.account_id
       where a.owner_type = 'club' and a.owner_id = $1 and a.purpose = 'revenue' and e.amount > 0`,
      [database.clubId]
    ).catch(() => [{ n: -1, total: "?" }])
    const header = ["workload", "req/s", "p50 ms", "p99 ms", "CPU-µs/req", "non-2xx"]
    const lines = results.map((r) => [r.workload, fixed(r.reqPerSec), fixed(r.p50Ms, 1), fixed(r.p99Ms, 1), fixed(r.cpuMicrosPerRequest), String(r.non2xx + r.errors)])
    const markdown = [header, header.map(() => "---"), ...lines].map((c) => `| ${c.join(" | ")} |`).join("\n")
    process.stdout.write(`\n${markdown}\n\n`)
    process.stdout.write(`gateway orders created: ${gateway.orders()}; paid checkouts: ${paid?.n}; club revenue credits: ${credits[0]?.n} (${credits[0]?.total} paise; expected ${(paid?.n ?? 0) * (TierPrice - TierPrice / 10)})\n`)
    writeResults("checkout-", machine.date, { machine, results, integrity: { paid: paid?.n, credits: credits[0] } })
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
