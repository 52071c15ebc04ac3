/** Configuration: defaults, failures that name the variable, and secrets per environment. */
import { appConfigFrom } from "@podium/host-common"
import { Effect, Either, Option, Redacted } from "effect"
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"

const dataDir = () => mkdtempSync(join(tmpdir(), "podium-config-"))
const load = (env: Record<string, string>) => Effect.runPromise(Effect.either(appConfigFrom(env)))
const failureOf = async (env: Record<string, string>) => {
  const result = await load(env)
  if (Either.isRight(result)) throw new Error("expected the configuration to be refused")
  return String(result.left)
}

describe("configuration", () => {
  it("has working defaults: port 3000, development, embedded database, memory Redis, all-in-one", async () => {
    const config = Either.getOrThrow(await load({ DATA_DIR: dataDir() }))
    expect(config.port).toBe(3000)
    expect(config.appEnv).toBe("development")
    expect(Option.isNone(config.databaseUrl)).toBe(true)
    expect(Option.isNone(config.redisUrl)).toBe(true)
    expect(config.allInOne).toBe(true)
    expect(config.memoryRoutes).toBe(true)
  })

  it("refuses invalid values with a message naming the variable", async () => {
    expect(await failureOf({ DATA_DIR: dataDir(), PORT: "eighty" })).toContain("PORT")
    expect(await failureOf({ DATA_DIR: dataDir(), APP_ENV: "staging" })).toContain("APP_ENV")
    expect(await failureOf({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://x/y" })).toContain("DATABASE_URL")
    expect(await failureOf({ DATA_DIR: dataDir(), REDIS_URL: "localhost:6379" })).toContain("REDIS_URL")
    expect(await failureOf({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: "0" })).toContain("DATABASE_POOL_SIZE")
  })

  it("refuses to start in production without every secret, naming the missing ones", async () => {
    const message = await failureOf({ DATA_DIR: dataDir(), APP_ENV: "production", JWT_SECRET: "x".repeat(32) })
    expect(message).toContain("HASH_SECRET")
    expect(message).toContain("ENCRYPTION_KEY")
    expect(message).toContain("OPS_TOKEN")
    expect(message).not.toContain("JWT_SECRET")
  })

  it("generates development secrets once and keeps them under DATA_DIR", async () => {
    const dir = dataDir()
    const first = Either.getOrThrow(await load({ DATA_DIR: dir }))
    const second = Either.getOrThrow(await load({ DATA_DIR: dir }))
    expect(Redacted.value(first.secrets.jwtSecret)).toHaveLength(43)
    expect(Redacted.value(second.secrets.jwtSecret)).toBe(Redacted.value(first.secrets.jwtSecret))
    expect(JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8")).hashSecret).toBe(Redacted.value(first.secrets.hashSecret))
  })

  it("takes secrets from the environment before the generated ones, and keeps them redacted", async () => {
    const config = Either.getOrThrow(await load({ DATA_DIR: dataDir(), OPS_TOKEN: "from-env" }))
    expect(Redacted.value(config.secrets.opsToken)).toBe("from-env")
    expect(String(config.secrets.opsToken)).not.toContain("from-env")
  })

  it("makes the HTTP host exit 1 at start with the variable's name when configuration is invalid", () => {
    const root = resolve(import.meta.dirname, "../..")
    const run = spawnSync(process.execPath, ["--import", "tsx", "--conditions=podium-source", "hosts/http/src/main.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: dataDir() },
      encoding: "utf8",
      timeout: 60_000
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain("invalid configuration")
    expect(run.stderr).toContain("PORT")
  }, 60_000)
})
