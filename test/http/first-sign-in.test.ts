/**
 * A first sign-in in development without an admin or a real SMS provider: the start-up summary
 * says where codes go, the development inbox shows them, `seed` makes demo accounts (also while
 * a running host holds the embedded database), development hosts sharing a database share their
 * generated secrets, and none of it exists in production.
 */
import { makeCli, type CliRequirements } from "@podium/cli"
import { appConfigFrom, DemoPhones } from "@podium/host-common"
import { startupSummary } from "@podium/http"
import { NodeContext } from "@effect/platform-node"
import { Console, Effect, Exit, Layer, Redacted, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshDatabaseUrl } from "../support/database.js"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"
import { onServer, type RealHost, startRealHost } from "../support/real-host.js"
import { runCli } from "../support/cli.js"
import { freshPhone } from "../support/sign-in.js"

let host: RealHost
let production: RunningHttp
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  production = await startHttp(await infraWith([], {
    APP_ENV: "production",
    JWT_SECRET: "j".repeat(40),
    HASH_SECRET: "h".repeat(40),
    ENCRYPTION_KEY: "e".repeat(40),
    OPS_TOKEN: "o".repeat(40)
  }))
}, 60_000)
afterAll(async () => {
  await host?.close()
  await production?.close()
})

const json = { "content-type": "application/json" }

describe("a first sign-in in development", () => {
  it("reads an address's sign-in code from the development inbox without a token, an unencoded + included", async () => {
    const phoneNumber = freshPhone()
    expect((await host.http.post("/v2/auth/send-otp", { phoneNumber }, json)).status).toBe(201)
    const inbox = await host.http.get(`/v2/dev/inbox?to=${encodeURIComponent(phoneNumber)}`)
    expect(inbox.status).toBe(200)
    expect(inbox.body.data).toEqual([expect.objectContaining({ channel: "sms", to: phoneNumber, code: host.lastCode(phoneNumber) })])
    const unencoded = await host.http.get(`/v2/dev/inbox?to=${phoneNumber}`)
    expect(unencoded.body.data).toEqual(inbox.body.data)
    expect((await host.http.get("/v2/dev/inbox?to=%2B910000000000")).body.data).toEqual([])
    expect((await host.http.get("/v2/dev/inbox")).status).toBe(400)
  })

  it("seeds the demo accounts once, and the demo admin signs in with a code from the inbox", async () => {
    const first = await host.http.post("/v2/dev/seed")
    expect(first.status).toBe(201)
    expect(first.body.data.accounts.map((a: { role: string; created: boolean }) => [a.role, a.created])).toEqual([["admin", true], ["athlete", true], ["organizer", true]])
    expect(first.body.data.guide).toContain("/v2/admins/send-otp")
    const again = await host.http.post("/v2/dev/seed")
    expect(again.body.data.accounts.every((a: { created: boolean }) => !a.created)).toBe(true)

    expect((await host.http.post("/v2/admins/send-otp", { phoneNumber: DemoPhones.admin }, json)).status).toBe(201)
    const code = (await host.http.get(`/v2/dev/inbox?to=${encodeURIComponent(DemoPhones.admin)}`)).body.data[0].code
    const signedIn = await host.http.post("/v2/auth/verify-otp", { phoneNumber: DemoPhones.admin, otp: code, role: "admin" }, json)
    expect(signedIn.status).toBe(201)
    expect(typeof signedIn.body.data.accessToken).toBe("string")
  })

  it("pnpm cli seed prints how to sign in as each demo account", async () => {
    const run = await host.run(runCli("seed"))
    expect(Exit.isSuccess(run.exit)).toBe(true)
    for (const phone of Object.values(DemoPhones)) expect(run.out).toContain(phone)
    expect(run.out).toContain("/v2/dev/inbox?to=%2B919000000001")
  })

  it("pnpm cli seed goes through the running host when the embedded database is held by it", async () => {
    const locked = Layer.fail(new Error("The embedded database at /tmp/x/pglite is in use by process 4242. Stop it, or set DATABASE_URL to share a Postgres server."))
    const out: Array<string> = []
    const current = await Effect.runPromise(Console.consoleWith(Effect.succeed))
    const exit = await Effect.runPromise(
      makeCli(locked as unknown as Layer.Layer<CliRequirements, Error>)(["node", "podium", "seed", "--url", host.http.baseUrl]).pipe(
        Effect.withConsole({ ...current, log: (...a) => Effect.sync(() => void out.push(a.join(" "))) }),
        Effect.provide(NodeContext.layer),
        Effect.exit
      )
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(out.join("\n")).toContain(`seeded through ${host.http.baseUrl}/v2/dev/seed`)
    expect(out.join("\n")).toContain(DemoPhones.organizer)
  })

  it("says in the start-up summary where codes go, in development only", () => {
    const development = startupSummary(host.config, [])
    expect(host.config.appEnv).not.toBe("production")
    expect(development).toContain("/v2/dev/inbox?to=")
    expect(startupSummary({ ...host.config, appEnv: "production" }, [])).not.toContain("/v2/dev/inbox")
  })

  it("does not route the development inbox or seed in production", async () => {
    expect((await production.get("/v2/dev/inbox?to=%2B919000000001")).status).toBe(404)
    expect((await production.post("/v2/dev/seed")).status).toBe(404)
  })

  // Needs the Postgres server: two hosts open one database through DATABASE_URL (the embedded
  // PGlite is one process's alone).
  it.runIf(onServer)("gives two development hosts on one database the same generated secrets, so they accept each other's tokens", async () => {
    const scope = Effect.runSync(Scope.make())
    const databaseUrl = await Effect.runPromise(Scope.extend(freshDatabaseUrl, scope))
    try {
      const config = (dataDir: string) => Effect.runPromise(appConfigFrom({ APP_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: databaseUrl }))
      const [a, b] = await Promise.all([config(mkdtempSync(join(tmpdir(), "podium-a-"))), config(mkdtempSync(join(tmpdir(), "podium-b-")))])
      expect(Redacted.value(a.secrets.jwtSecret)).toBe(Redacted.value(b.secrets.jwtSecret))
      expect(Redacted.value(a.secrets.hashSecret)).toBe(Redacted.value(b.secrets.hashSecret))
    } finally {
      await Effect.runPromise(Scope.close(scope, Exit.void))
    }
    const a = await Effect.runPromise(appConfigFrom({ APP_ENV: "development", DATA_DIR: mkdtempSync(join(tmpdir(), "podium-d-")) }))
    const apart = await Effect.runPromise(appConfigFrom({ APP_ENV: "development", DATA_DIR: mkdtempSync(join(tmpdir(), "podium-c-")) }))
    expect(Redacted.value(apart.secrets.jwtSecret)).not.toBe(Redacted.value(a.secrets.jwtSecret))
  })
})
