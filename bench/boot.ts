/**
 * Boot time of the HTTP bundle: process start → `GET /health/ready` 200, against a migrated
 * Postgres (and Redis when it answers), as a production host starts in a rolling restart.
 *
 *   pnpm bench:boot                   # builds the http and cli bundles when missing, 7 boots
 *   BENCH_BOOT_RUNS=15 pnpm bench:boot
 *   BENCH_BOOT_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/boot-prof" pnpm bench:boot
 *   BENCH_BOOT_BUNDLE=/tmp/saved/main.js pnpm bench:boot   # another build of the HTTP host
 *
 * Each boot is a fresh `node hosts/http/dist/main.js` (APP_ENV=production, ALL_IN_ONE=false) on a
 * free port; readiness is polled every 5 ms. Also reported: the time from SIGTERM to exit.
 * The database is created, migrated by the CLI bundle, and dropped. `BENCH_DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres) names the server; `BENCH_REDIS_URL` (default
 * redis://127.0.0.1:6379) the Redis, used under a key prefix of this run and left without keys.
 * Results go to bench/.results/boot-<timestamp>.json.
 */
import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createConnection } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { cpuMicros, freePort } from "./lib/process.js"
import { repoRoot } from "./lib/setup.js"

const runs = Number(process.env.BENCH_BOOT_RUNS ?? "7")
const nodeArgs = (process.env.BENCH_BOOT_NODE_ARGS ?? "").split(" ").filter((a) => a !== "")
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379"
const httpBundle = path.resolve(process.env.BENCH_BOOT_BUNDLE ?? path.join(repoRoot, "hosts/http/dist/main.js"))
const cliBundle = path.join(repoRoot, "hosts/cli/dist/main.js")

const redisAnswers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const u = new URL(url)
    const socket = createConnection({ host: u.hostname, port: Number(u.port || 6379) })
    socket.setTimeout(1_000)
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })

const ensureBundles = () => {
  if (existsSync(httpBundle) && existsSync(cliBundle)) return
  console.log("building the http and cli bundles…")
  const built = spawnSync("pnpm", ["--filter", "@podium/http", "--filter", "@podium/cli", "run", "build"], {
    cwd: repoRoot,
    stdio: "inherit"
  })
  if (built.status !== 0) throw new Error("building the bundles failed")
}

interface Boot {
  readonly readyMs: number
  /** CPU time (user + system) the process had used when it answered ready: steadier than wall time on a busy machine. */
  readonly cpuMs: number
  readonly exitMs: number
  readonly exitCode: number | null
}

const bootOnce = async (env: Record<string, string>): Promise<Boot> => {
  const port = await freePort()
  let output = ""
  const started = performance.now()
  const child = spawn(process.execPath, [...nodeArgs, httpBundle], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"]
  })
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  let early: number | null | undefined
  void exited.then((code) => {
    early = code
  })
  const deadline = started + 60_000
  let readyMs: number | undefined
  let cpuMs = 0
  while (readyMs === undefined) {
    if (early !== undefined) throw new Error(`the HTTP bundle exited during boot (code ${early}):\n${output}`)
    if (performance.now() > deadline) {
      child.kill("SIGKILL")
      throw new Error(`the HTTP bundle was not ready within 60 s:\n${output}`)
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(5_000) })
      await response.arrayBuffer()
      if (response.status === 200) readyMs = performance.now() - started
      if (response.status === 200 && child.pid !== undefined) cpuMs = cpuMicros(child.pid) / 1000
    } catch {
      // not listening yet
    }
    if (readyMs === undefined) await new Promise((r) => setTimeout(r, 5))
  }
  const stopping = performance.now()
  child.kill("SIGTERM")
  const exitCode = await Promise.race([
    exited,
    new Promise<null>((resolve) =>
      setTimeout(() => {
        child.kill("SIGKILL")
        resolve(null)
      }, 35_000).unref()
    )
  ])
  return { readyMs, cpuMs, exitMs: performance.now() - stopping, exitCode }
}

const stats = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    min: sorted[0]!,
    median: sorted[Math.floor(sorted.length / 2)]!,
    max: sorted[sorted.length - 1]!
  }
}

const main = async () => {
  ensureBundles()
  const name = `podium_boot_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  const dataDir = mkdtempSync(path.join(tmpdir(), "podium-boot-"))
  const redisPrefix = `podium-boot-${process.pid}-${Date.now()}:`
  const useRedis = await redisAnswers(redisUrl)
  try {
    const env: Record<string, string> = {
      APP_ENV: "production",
      DATABASE_URL: databaseUrl,
      ...(useRedis ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
      DATA_DIR: dataDir,
      ALL_IN_ONE: "false",
      LOG_LEVEL: "warning",
      ACCESS_LOG: "false",
      JWT_SECRET: "boot-bench-jwt-secret-0123456789abcdef",
      HASH_SECRET: "boot-bench-hash-secret-0123456789abcdef",
      ENCRYPTION_KEY: "boot-bench-encryption-key-0123456789abcdef",
      OPS_TOKEN: "boot-bench-ops-token"
    }
    const migrate = spawnSync(process.execPath, [cliBundle, "migrate"], { cwd: repoRoot, env: { ...process.env, ...env }, encoding: "utf8" })
    if (migrate.status !== 0) throw new Error(`migrating the boot database failed:\n${migrate.stdout}\n${migrate.stderr}`)
    console.log(`HTTP bundle boot, ${runs} runs, Postgres${useRedis ? " + Redis" : " (Redis not reachable: memory twins)"}`)
    const boots: Array<Boot> = []
    for (let i = 0; i < runs; i++) {
      const boot = await bootOnce(env)
      boots.push(boot)
      console.log(`  run ${i + 1}: ready ${boot.readyMs.toFixed(0)} ms (CPU ${boot.cpuMs.toFixed(0)} ms), exit ${boot.exitMs.toFixed(0)} ms (code ${boot.exitCode})`)
      if (boot.exitCode !== 0) throw new Error(`the HTTP bundle exited with ${boot.exitCode} after SIGTERM`)
    }
    const ready = stats(boots.map((b) => b.readyMs))
    const cpu = stats(boots.map((b) => b.cpuMs))
    const exit = stats(boots.map((b) => b.exitMs))
    console.log(`start → /health/ready 200: min ${ready.min.toFixed(0)} ms, median ${ready.median.toFixed(0)} ms, max ${ready.max.toFixed(0)} ms`)
    console.log(`CPU used until ready:      min ${cpu.min.toFixed(0)} ms, median ${cpu.median.toFixed(0)} ms, max ${cpu.max.toFixed(0)} ms`)
    console.log(`SIGTERM → exit:           min ${exit.min.toFixed(0)} ms, median ${exit.median.toFixed(0)} ms, max ${exit.max.toFixed(0)} ms`)
    const resultsDir = path.join(repoRoot, "bench/.results")
    mkdirSync(resultsDir, { recursive: true })
    writeFileSync(
      path.join(resultsDir, `boot-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
      JSON.stringify({ runs, redis: useRedis, nodeArgs, boots, ready, cpu, exit }, null, 2)
    )
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
