/** What every bench script shares: the repository root, numeric settings from the environment, the scratch database URL, the machine line and the results file. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

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
