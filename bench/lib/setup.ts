/** What every bench script shares: the repository root, numeric settings from the environment, the scratch database URL, the machine line and the results file. */
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")

/** A numeric setting from the environment, refused (not clamped) outside its bounds. */
export const numberEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === "") return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number between ${min} and ${max}, got "${raw}"`)
  return value
}

/** The same server URL naming another database. */
export const withDatabase = (url: string, database: string) => {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

export const cpuModel = (): string => {
  try {
    return /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? "unknown"
  } catch {
    return "unknown"
  }
}

/** Writes a run's results to bench/.results/<prefix><date>.json and says where. */
export const writeResults = (prefix: string, date: string, results: unknown, lead = "") => {
  const outDir = path.join(repoRoot, "bench", ".results")
  mkdirSync(outDir, { recursive: true })
  const file = path.join(outDir, `${prefix}${date.replace(/[:.]/g, "-")}.json`)
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
  process.stdout.write(`${lead}results written to ${path.relative(repoRoot, file)}\n`)
}

/** Runs the operator's CLI (from the sources) against `url`; its standard output, or throws with both streams. */
export const cli = (url: string, ...args: Array<string>): string => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "--conditions=podium-source", "hosts/cli/src/main.ts", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "podium-bench-cli-")) },
    encoding: "utf8"
  })
  if (run.status !== 0) throw new Error(`cli ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`)
  return run.stdout
}

/** A fresh database on the server of `serverUrl`, migrated by the CLI, and how to drop it. */
export const migratedDatabase = async (serverUrl: string, label: string) => {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 })
  await admin.connect()
  const name = `podium_bench_${label}_${process.pid}_${Date.now()}`
  await admin.query(`create database "${name}"`)
  const url = withDatabase(serverUrl, name)
  cli(url, "migrate")
  return {
    url,
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  }
}
