/** Admin bootstrap, admin sign-in and /v2/admins/me through the real host; `admin create` in the CLI. */
import { NodeContext } from "@effect/platform-node"
import { makeCli } from "@podium/cli"
import { Accounts } from "@podium/core"
import { JobHandlersLive, JobQueueLive } from "@podium/host-common"
import { AdminRepoPg } from "@podium/postgres"
import { Console, Effect, Exit, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"

let host: RealHost
let closed: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url, { ADMIN_BOOTSTRAP_TOKEN: "let-me-in" })
  closed = await startRealHost(`${import.meta.url}-closed`)
})
afterAll(async () => {
  await host?.close()
  await closed?.close()
})

const bootstrap = (h: RealHost, body: unknown, token?: string) =>
  h.http.request("POST", "/v2/admins/bootstrap", body, token === undefined ? {} : { "x-bootstrap-token": token })

describe("admin bootstrap", () => {
  it("is disabled (403) when ADMIN_BOOTSTRAP_TOKEN is unset", async () => {
    const res = await bootstrap(closed, { phoneNumber: "+919812300001" }, "anything")
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ status: 403, code: "ADMIN_BOOTSTRAP_DISABLED", data: null })
  })

  it("needs the right header, validates the body, creates the first admin once (then 409)", async () => {
    expect((await bootstrap(host, { phoneNumber: "+919812300002" })).status).toBe(403)
    expect((await bootstrap(host, { phoneNumber: "+919812300002" }, "wrong")).body).toMatchObject({ status: 403, message: "Access Denied" })
    const invalid = await bootstrap(host, { phoneNumber: "nope", email: "x" }, "let-me-in")
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(expect.arrayContaining(["phoneNumber must be a valid phone number", "email must be an email"]))

    const [first, second] = await Promise.all([
      bootstrap(host, { phoneNumber: "+919812300002", email: "Root@Example.com", firstName: "Root" }, "let-me-in"),
      bootstrap(host, { phoneNumber: "+919812300003" }, "let-me-in")
    ])
    const statuses = [first!.status, second!.status].sort()
    expect(statuses).toEqual([201, 409])
    const created = first!.status === 201 ? first! : second!
    expect(created.body).toMatchObject({ status: 201, statusText: "CREATED", data: { status: "ACTIVE", totpEnabledAt: null, handle: null } })
    const later = await bootstrap(host, { phoneNumber: "+919812300004" }, "let-me-in")
    expect(later.status).toBe(409)
    expect(later.body).toMatchObject({ code: "ADMIN_ALREADY_EXISTS", data: null })

    const phoneNumber = created.body.data.phoneNumber as string
    expect((await host.http.request("POST", "/v2/admins/send-otp", { phoneNumber })).status).toBe(201)
    const signedIn = await host.http.request("POST", "/v2/auth/verify-otp", { phoneNumber, otp: host.lastCode(phoneNumber), role: "admin" })
    expect(signedIn.status).toBe(201)
    const me = await host.http.get("/v2/admins/me", { headers: { authorization: `Bearer ${signedIn.body.data.accessToken}` } })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ id: created.body.data.id, phoneNumber })
    expect((await host.http.get("/v2/admins/me")).status).toBe(401)
  })
})

describe("cli admin create", () => {
  const run = (...args: Array<string>) =>
    Effect.gen(function*() {
      const out: Array<string> = []
      const current = yield* Console.consoleWith(Effect.succeed)
      const log = (...a: ReadonlyArray<unknown>) => out.push(a.join(" "))
      const services = Layer.merge(JobHandlersLive, AdminRepoPg).pipe(Layer.provideMerge(JobQueueLive), Layer.provideMerge(Layer.succeedContext(closed.context)))
      const exit = yield* makeCli(services)(["node", "podium", ...args]).pipe(
        Effect.withConsole({ ...current, log: (...a) => Effect.sync(() => log(...a)), error: (...a) => Effect.sync(() => log(...a)), unsafe: { ...current.unsafe, log, error: log } }),
        Effect.provide(NodeContext.layer),
        Effect.exit
      )
      return { exit, out: out.join("\n") }
    })

  it("creates an admin who can then sign in; refuses a duplicate phone and a bad one", async () => {
    const created = await Effect.runPromise(run("admin", "create", "--phone", "+91 98123 00010", "--email", "ops@example.com", "--first-name", "Ops", "--last-name", "Lead"))
    expect(Exit.isSuccess(created.exit)).toBe(true)
    expect(created.out).toMatch(/admin [0-9a-f-]{36} created for \+919812300010/)
    const admin = await closed.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.findByPhone("+919812300010")))
    expect(admin._tag === "Some" && admin.value).toMatchObject({ email: "ops@example.com", firstName: "Ops", lastName: "Lead" })
    const duplicate = await Effect.runPromise(run("admin", "create", "--phone", "+919812300010"))
    expect(Exit.isFailure(duplicate.exit)).toBe(true)
    const bad = await Effect.runPromise(run("admin", "create", "--phone", "12"))
    expect(Exit.isFailure(bad.exit)).toBe(true)
  })
})
