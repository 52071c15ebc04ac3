/**
 * Outbox-drain benchmark: how fast worker hosts deliver notification outbox rows.
 *
 *   pnpm bench:outbox                         # defaults below
 *   BENCH_OUTBOX_ROWS=5000 BENCH_OUTBOX_RATE=200 BENCH_OUTBOX_SECONDS=10 pnpm bench:outbox
 *
 * Real worker hosts (`hosts/worker/src/main.ts` through tsx, one process each) against a throw-away
 * Postgres database migrated by the CLI; the channel providers are the local recorders
 * (APP_ENV=development, no provider configured), so the figure is the engine's own cost: claim
 * (SKIP LOCKED + lease), render, preferences, send, attempt + log row.
 *
 * Workloads:
 *   drain     BENCH_OUTBOX_ROWS rows (default 5000, all four channels) inserted at once while 1, then
 *             2, idle workers run; rows/s = rows / time until the last one is SENT.
 *   steady    one worker; rows inserted at BENCH_OUTBOX_RATE rows/s (default 200) for
 *             BENCH_OUTBOX_SECONDS (default 10); lag = sent_at − created_at, p50/p99/max.
 * Worker knobs are the host's: OUTBOX_BATCH_SIZE (50), OUTBOX_CONCURRENCY (8), OUTBOX_POLL_MS (500).
 * Postgres: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { repoRoot, withDatabase } from "./lib/setup.js"

const env = (name: string, fallback: number) => {
  const raw = process.env[name]
  const value = raw === undefined || raw === "" ? fallback : Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}
const settings = {
  rows: env("BENCH_OUTBOX_ROWS", 5000),
  rate: env("BENCH_OUTBOX_RATE", 200),
  seconds: env("BENCH_OUTBOX_SECONDS", 10),
  databaseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const startWorker = async (url: string, name: string): Promise<{ child: ChildProcess; stop: () => Promise<void> }> => {
  let output = ""
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=podium-source", "hosts/worker/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APP_ENV: "development",
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `podium-bench-${name}-`)),
      LOG_LEVEL: "info",
      WORKER_POLL_MS: "1000"
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes("outbox worker started")) resolve()
    }
    child.stdout?.on("data", onData)
    child.stderr?.on("data", onData)
    child.once("exit", (code) => reject(new Error(`worker ${name} exited (${code}):\n${output.slice(-4000)}`)))
  })
  await Promise.race([ready, sleep(60_000).then(() => Promise.reject(new Error(`worker ${name} not ready:\n${output}`)))])
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      })
  }
}

const insertRows = (client: pg.Client, n: number) =>
  client.query(
    `insert into notifications.outbox (channel, recipient, body, max_attempts)
     select (array['EMAIL','SMS','PUSH','CHAT'])[1 + g % 4], 'bench' || g || '@example.com', 'bench body ' || g, 5
     from generate_series(1, $1::int) g`,
    [n]
  )

const waitAllSent = async (client: pg.Client, expected: number) => {
  while (true) {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from notifications.outbox where status = 'SENT'")
    if (rows[0]!.n >= expected) return
    await sleep(20)
  }
}

const drain = async (client: pg.Client, url: string, workers: number) => {
  await client.query("truncate notifications.outbox, notifications.logs")
  const running = await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(url, `drain${workers}-${i}`)))
  await sleep(1000)
  const started = performance.now()
  await insertRows(client, settings.rows)
  await waitAllSent(client, settings.rows)
  const seconds = (performance.now() - started) / 1000
  const { rows: dup } = await client.query<{ n: number }>("select count(*)::int as n from notifications.logs")
  await Promise.all(running.map((w) => w.stop()))
  return { workers, rows: settings.rows, seconds, rowsPerSec: settings.rows / seconds, logRows: dup[0]!.n }
}

const steady = async (client: pg.Client, url: string) => {
  await client.query("truncate notifications.outbox, notifications.logs")
  const worker = await startWorker(url, "steady")
  await sleep(1000)
  const total = Math.round(settings.rate * settings.seconds)
  const tickMs = 50
  const perTick = settings.rate * (tickMs / 1000)
  const started = performance.now()
  let inserted = 0
  while (inserted < total) {
    const due = Math.min(total, Math.round(((performance.now() - started) / tickMs + 1) * perTick))
    if (due > inserted) {
      await insertRows(client, due - inserted)
      inserted = due
    }
    await sleep(tickMs)
  }
  await waitAllSent(client, total)
  const { rows } = await client.query<{ p50: number; p99: number; max: number }>(
    `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.99) within group (order by ms) as p99, max(ms) as max
     from (select extract(epoch from (sent_at - created_at)) * 1000 as ms from notifications.outbox) t`
  )
  await worker.stop()
  return { rate: settings.rate, seconds: settings.seconds, rows: total, p50: Number(rows[0]!.p50), p99: Number(rows[0]!.p99), max: Number(rows[0]!.max) }
}

const main = async () => {
  const admin = new pg.Client({ connectionString: settings.databaseUrl })
  await admin.connect()
  const name = `podium_bench_outbox_${process.pid}_${Date.now()}`
  await admin.query(`create database "${name}"`)
  const url = withDatabase(settings.databaseUrl, name)
  try {
    const migrate = spawnSync(process.execPath, ["--import", "tsx", "--conditions=podium-source", "hosts/cli/src/main.ts", "migrate"], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "podium-bench-cli-")) },
      encoding: "utf8"
    })
    if (migrate.status !== 0) throw new Error(`migrating the bench database failed:\n${migrate.stderr}`)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const one = await drain(client, url, 1)
    const two = await drain(client, url, 2)
    const lag = await steady(client, url)
    await client.end()
    const f = (n: number) => n.toFixed(0)
    process.stdout.write([
      "| workload | workers | rows | seconds | rows/s | lag p50 ms | lag p99 ms | lag max ms |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
      `| drain | 1 | ${one.rows} | ${one.seconds.toFixed(2)} | ${f(one.rowsPerSec)} | | | |`,
      `| drain | 2 | ${two.rows} | ${two.seconds.toFixed(2)} | ${f(two.rowsPerSec)} | | | |`,
      `| steady ${lag.rate} rows/s for ${lag.seconds} s | 1 | ${lag.rows} | | | ${f(lag.p50)} | ${f(lag.p99)} | ${f(lag.max)} |`,
      "",
      `log rows = outbox rows in both drains: ${one.logRows === one.rows && two.logRows === two.rows}`,
      ""
    ].join("\n"))
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

main().catch((error) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
