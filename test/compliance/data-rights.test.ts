/**
 * Data rights through HTTP on the real host: consent (idempotent, bulk, history), erasure end to
 * end (scrambled at once, other sessions dead, cancel, tick after cool-off, legal hold, concurrent
 * ticks, the scheduled job and the CLI) and the export (JSON sections, CSV, e-mailed signed link).
 */
import { NodeContext } from "@effect/platform-node"
import { makeCli } from "@podium/cli"
import { Notifications, Platform } from "@podium/core"
import { AllSchedules } from "@podium/host-common"
import { Console, Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { allowResend, bearer, phoneSignIn, type SignedIn, signInNewAdmin, signInNewUser } from "../support/sign-in.js"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { query } from "./support.js"

let host: RealHost
let admin: SignedIn

beforeAll(async () => {
  host = await startRealHost(import.meta.url, { ERASURE_COOL_OFF_DAYS: "14", PUBLIC_API_URL: "https://api.podium.test" })
  admin = await signInNewAdmin(host)
}, 120_000)
afterAll(async () => {
  await host?.close()
})

const as = (who: SignedIn) => bearer(who.accessToken)

/** A signed-in athlete with a name and an e-mail address, an organizer membership and a follow. */
const richUser = async () => {
  const user = await signInNewUser(host)
  const email = `athlete-${user.id.slice(0, 8)}@example.test`
  await query(host, (sql) => sql`update accounts.users set email = ${email}, first_name = 'Asha', last_name = 'Runner' where id = ${user.id}`)
  const [org] = await query<{ id: string }>(host, (sql) => sql`insert into organizers.organizers (name) values ('Trail Club') returning id`)
  await query(host, (sql) => sql`
    insert into organizers.members (organizer_id, user_id, phone_number, email, role)
    values (${org!.id}, ${user.id}, ${user.phoneNumber}, ${email}, 'VIEWER')`)
  await query(host, (sql) => sql`insert into organizers.follows (organizer_id, user_id) values (${org!.id}, ${user.id})`)
  await query(host, (sql) => sql`
    insert into identity.linked_identities (account_kind, account_id, provider, subject, email)
    values ('user', ${user.id}, 'provider-a', ${`sub-${user.id}`}, ${email})`)
  return { ...user, email }
}

const cliRun = async (...args: Array<string>) => {
  const out: Array<string> = []
  const current = await Effect.runPromise(Console.consoleWith(Effect.succeed))
  await Effect.runPromise(makeCli(Layer.succeedContext(host.context))(["node", "podium", ...args]).pipe(
    Effect.withConsole({ ...current, log: (...a) => Effect.sync(() => void out.push(a.join(" "))), error: () => Effect.void }),
    Effect.provide(NodeContext.layer)
  ))
  return out.join("\n")
}

describe("consent", () => {
  it("lists every purpose withdrawn, grants and withdraws idempotently, and keeps an append-only history", async () => {
    const user = await signInNewUser(host)
    const initial = await host.http.request("GET", "/v2/me/consent", undefined, as(user))
    expect(initial.status).toBe(200)
    expect(initial.body.data.find((c: { purpose: string }) => c.purpose === "marketing_email")).toMatchObject({ granted: false, updatedAt: null })

    const grant = await host.http.request("POST", "/v2/me/consent", { purpose: "marketing_email", granted: true }, as(user))
    expect(grant.status).toBe(200)
    expect(grant.body.data.changed).toBe(1)
    const again = await host.http.request("POST", "/v2/me/consent", { purpose: "marketing_email", granted: true }, as(user))
    expect(again.body.data.changed).toBe(0)
    expect(again.body.data.consents.find((c: { purpose: string }) => c.purpose === "marketing_email").granted).toBe(true)

    const bulk = await host.http.request("POST", "/v2/me/consent/bulk", {
      items: [{ purpose: "marketing_email", granted: false }, { purpose: "analytics", granted: true }, { purpose: "research", granted: false }]
    }, as(user))
    expect(bulk.status).toBe(200)
    expect(bulk.body.data.changed).toBe(2) // research was already withdrawn

    const history = await host.http.request("GET", "/v2/me/consent/history", undefined, as(user))
    expect(history.body.data.map((e: { purpose: string; granted: boolean }) => [e.purpose, e.granted])).toEqual([
      ["analytics", true],
      ["marketing_email", false],
      ["marketing_email", true]
    ])
    const filtered = await host.http.request("GET", "/v2/me/consent/history?purpose=marketing_email", undefined, as(user))
    expect(filtered.body.data).toHaveLength(2)

    const adminView = await host.http.request("GET", `/v2/admin/compliance/users/${user.id}/consent/history?purpose=analytics`, undefined, as(admin))
    expect(adminView.status).toBe(200)
    expect(adminView.body.data).toHaveLength(1)
    expect(adminView.body.data[0]).toMatchObject({ userId: user.id, purpose: "analytics", granted: true, source: "bulk" })
  })

  it("rejects bad bodies and unknown purposes with 400, anonymous callers with 401, athletes on admin routes with 403", async () => {
    const user = await signInNewUser(host)
    const bad = await host.http.request("POST", "/v2/me/consent", { purpose: 12, granted: "yes" }, as(user))
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringContaining("purpose"), expect.stringContaining("granted must be a boolean")]))
    const unknown = await host.http.request("POST", "/v2/me/consent", { purpose: "telepathy", granted: true }, as(user))
    expect(unknown.status).toBe(400)
    const emptyBulk = await host.http.request("POST", "/v2/me/consent/bulk", { items: [] }, as(user))
    expect(emptyBulk.status).toBe(400)
    expect((await host.http.request("GET", "/v2/me/consent")).status).toBe(401)
    expect((await host.http.request("GET", `/v2/admin/compliance/users/${user.id}/consent/history`, undefined, as(user))).status).toBe(403)
    const noPermission = await signInNewAdmin(host, ["admins.read"])
    const denied = await host.http.request("GET", "/v2/admin/compliance/consent-manager/status", undefined, as(noPermission))
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
    expect((await host.http.request("GET", "/v2/admin/compliance/users/00000000-0000-4000-8000-000000000000/consent/history", undefined, as(admin))).status).toBe(404)
  })

  it("reports the consent manager's credential presence only", async () => {
    const status = await host.http.request("GET", "/v2/admin/compliance/consent-manager/status", undefined, as(admin))
    expect(status.status).toBe(200)
    expect(status.body.data).toMatchObject({ provider: null, credentialsPresent: false })
    expect(status.body.data.purposes).toContain("marketing_email")
  })
})

describe("data export", () => {
  it("answers JSON with one section per context, and CSV with ?format=csv", async () => {
    const user = await richUser()
    await host.http.request("POST", "/v2/me/consent", { purpose: "analytics", granted: true }, as(user))
    await host.run(Notifications.enqueueNotification({ channel: "SMS", recipient: user.phoneNumber, subject: "Race day", body: "See you at the start", producer: "test" }))
    const answer = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    expect(answer.status).toBe(200)
    const sections = answer.body.data.sections
    expect(Object.keys(sections).sort()).toEqual(["accounts", "challenges", "clubs", "consent", "identity", "medicalInfo", "notifications", "organizers", "payments", "wallets"])
    expect(sections.accounts).toMatchObject({ id: user.id, phoneNumber: user.phoneNumber, email: user.email, firstName: "Asha", lastName: "Runner" })
    expect(sections.identity.sessions.length).toBeGreaterThanOrEqual(1)
    expect(sections.identity.linkedIdentities[0]).toMatchObject({ provider: "provider-a", email: user.email })
    expect(sections.organizers.memberships[0]).toMatchObject({ role: "VIEWER", phoneNumber: user.phoneNumber })
    expect(sections.organizers.follows).toHaveLength(1)
    // Messages queued for the user's phone are the user's data too.
    expect(sections.notifications.messages.some((m: { recipient: string; subject: string }) => m.recipient === user.phoneNumber && m.subject === "Race day")).toBe(true)
    expect(sections.consent.current).toEqual([expect.objectContaining({ purpose: "analytics", granted: true })])

    const csv = await host.http.request("GET", "/v2/me/data-export?format=csv", undefined, as(user))
    expect(csv.status).toBe(200)
    expect(csv.headers.get("content-type")).toContain("text/csv")
    const lines = csv.text.trim().split("\n")
    expect(lines[0]).toBe("section,record,field,value")
    expect(lines).toContain(`accounts,0,email,${user.email}`)
    expect(lines).toContain("accounts,0,firstName,Asha")

    const bad = await host.http.request("GET", "/v2/me/data-export?format=xml", undefined, as(user))
    expect(bad.status).toBe(400)
    expect((await host.http.request("GET", "/v2/me/data-export")).status).toBe(401)
  })

  it("e-mails a 24-hour signed link through the outbox; the link downloads the export, a forged one is refused", async () => {
    const user = await richUser()
    const before = Date.now()
    const answer = await host.http.request("GET", "/v2/me/data-export?delivery=email", undefined, as(user))
    expect(answer.status).toBe(200)
    expect(answer.body.data.delivery).toBe("email")
    const expiresAt = Date.parse(answer.body.data.expiresAt)
    expect(expiresAt - before).toBeGreaterThan(23.9 * 3_600_000)
    expect(expiresAt - before).toBeLessThan(24.1 * 3_600_000)

    const [row] = await query<{ body: string; channel: string }>(host, (sql) => sql`
      select body, channel from notifications.outbox where recipient = ${user.email} and producer = ${`compliance.export:${user.id}`}`)
    expect(row?.channel).toBe("EMAIL")
    const link = /https:\/\/api\.podium\.test(\/v2\/me\/data-export\?token=\S+)/.exec(row!.body)
    expect(link).not.toBeNull()
    const viaLink = await host.http.request("GET", link![1]!)
    expect(viaLink.status).toBe(200)
    expect(viaLink.body.data.sections.accounts.email).toBe(user.email)

    const forged = link![1]!.replace(/token=([^.]+)/, "token=00000000-0000-4000-8000-000000000000")
    expect((await host.http.request("GET", forged)).status).toBe(401)
  })

  it("falls back with a reason (and the export) when the account has no e-mail address", async () => {
    const user = await signInNewUser(host)
    const answer = await host.http.request("GET", "/v2/me/data-export?delivery=email", undefined, as(user))
    expect(answer.status).toBe(200)
    expect(answer.body.data.delivery).toBe("fallback")
    expect(answer.body.data.reason).toContain("no e-mail")
    expect(answer.body.data.export.sections.accounts.id).toBe(user.id)
  })
})

describe("erasure", () => {
  it("scrambles personal data at once, kills the other sessions, and can be cancelled during the cool-off", async () => {
    const user = await richUser()
    // A second session of the same account (signed in from another device).
    await allowResend(host, user.phoneNumber)
    const other = await phoneSignIn(host, user.phoneNumber)
    expect(other.status).toBe(201)
    const otherSession = other.body.data.accessToken as string

    await host.run(Notifications.enqueueNotification({ channel: "SMS", recipient: user.phoneNumber, body: "Your bib is ready", producer: "test" }))
    const created = await host.http.request("POST", "/v2/me/data-erasure", { reason: "leaving the platform" }, as(user))
    expect(created.status).toBe(201)
    const request = created.body.data
    expect(request).toMatchObject({ userId: user.id, status: "REQUESTED", reason: "leaving the platform", legalHold: null })
    const coolOff = Date.parse(request.coolOffUntil) - Date.parse(request.requestedAt)
    expect(Math.round(coolOff / 86_400_000)).toBe(14)

    // Nothing the platform returns carries the old values, the export included.
    const exported = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    expect(exported.status).toBe(200)
    const text = JSON.stringify(exported.body.data)
    for (const old of [user.phoneNumber, user.email, "Asha", "Runner"]) expect(text).not.toContain(old)
    expect(exported.body.data.sections.identity.linkedIdentities).toEqual([])
    const stored = await query(host, (sql) => sql`
      select 1 from accounts.users where phone_number = ${user.phoneNumber} or email = ${user.email}
      union all select 1 from organizers.members where phone_number = ${user.phoneNumber} or email = ${user.email}
      union all select 1 from notifications.outbox where recipient in (${user.phoneNumber}, ${user.email})
      union all select 1 from notifications.logs where recipient in (${user.phoneNumber}, ${user.email})`)
    expect(stored).toEqual([])

    expect((await host.http.request("GET", "/v2/me/consent", undefined, bearer(otherSession))).status).toBe(401)
    const sessions = await query<{ revokedAt: Date | null }>(host, (sql) => sql`
      select revoked_at from identity.sessions where account_kind = 'user' and account_id = ${user.id}`)
    expect(sessions.filter((s) => s.revokedAt === null)).toHaveLength(1) // only the requesting session

    const twice = await host.http.request("POST", "/v2/me/data-erasure", {}, as(user))
    expect(twice.status).toBe(409)
    const active = await host.http.request("GET", "/v2/me/data-erasure/active", undefined, as(user))
    expect(active.body.data.id).toBe(request.id)

    const cancelled = await host.http.request("POST", `/v2/me/data-erasure/cancel/${request.id}`, undefined, as(user))
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data.status).toBe("CANCELLED")
    expect((await host.http.request("POST", `/v2/me/data-erasure/cancel/${request.id}`, undefined, as(user))).status).toBe(409)
    expect((await host.http.request("GET", "/v2/me/data-erasure/active", undefined, as(user))).body.data).toBeNull()
    // The account stays, de-identified.
    const [account] = await query<{ firstName: string; phoneNumber: string | null }>(host, (sql) => sql`select first_name, phone_number from accounts.users where id = ${user.id}`)
    expect(account).toEqual({ firstName: "Erased", phoneNumber: null })
  })

  it("refuses cancel after the cool-off and for another user's request", async () => {
    const user = await signInNewUser(host)
    const stranger = await signInNewUser(host)
    const created = await host.http.request("POST", "/v2/me/data-erasure", {}, as(user))
    const id = created.body.data.id
    expect((await host.http.request("POST", `/v2/me/data-erasure/cancel/${id}`, undefined, as(stranger))).status).toBe(404)
    await query(host, (sql) => sql`update compliance.erasure_requests set cool_off_until = now() - interval '1 minute' where id = ${id}`)
    const late = await host.http.request("POST", `/v2/me/data-erasure/cancel/${id}`, undefined, as(user))
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("ERASURE_NOT_PENDING")
  })

  it("the tick confirms elapsed requests and hard-deletes, leaves held ones alone, and two concurrent ticks confirm each once", async () => {
    const due = await richUser()
    const held = await signInNewUser(host)
    const waiting = await signInNewUser(host)
    const dueId = (await host.http.request("POST", "/v2/me/data-erasure", {}, as(due))).body.data.id
    const heldId = (await host.http.request("POST", "/v2/me/data-erasure", {}, as(held))).body.data.id
    const waitingId = (await host.http.request("POST", "/v2/me/data-erasure", {}, as(waiting))).body.data.id

    const missing = await host.http.request("POST", `/v2/admin/compliance/erasure-requests/${heldId}/reject`, { reason: "pending tax audit" }, as(admin))
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.arrayContaining([expect.stringContaining("statute"), expect.stringContaining("retainUntil")]))
    const hold = await host.http.request("POST", `/v2/admin/compliance/erasure-requests/${heldId}/reject`, {
      reason: "pending tax audit",
      statute: "Income-tax Act 1961 s.44AA",
      retainUntil: "2033-03-31"
    }, as(admin))
    expect(hold.status).toBe(200)
    expect(hold.body.data).toMatchObject({ status: "REJECTED", legalHold: { statute: "Income-tax Act 1961 s.44AA", retainUntil: "2033-03-31", heldBy: admin.id } })
    expect((await host.http.request("POST", `/v2/admin/compliance/erasure-requests/${heldId}/reject`, { reason: "x", statute: "y", retainUntil: "2030-01-01" }, as(admin))).status).toBe(409)

    await query(host, (sql) => sql`update compliance.erasure_requests set cool_off_until = now() - interval '1 minute' where id in (${dueId}, ${heldId})`)
    const [a, b] = await Promise.all([
      host.http.request("POST", "/v2/admin/compliance/erasure-requests/tick", undefined, as(admin)),
      host.http.request("POST", "/v2/admin/compliance/erasure-requests/tick", undefined, as(admin))
    ])
    expect(a!.status).toBe(200)
    expect(b!.status).toBe(200)
    const confirmedIds = [...a!.body.data.ids, ...b!.body.data.ids]
    expect(confirmedIds.filter((id: string) => id === dueId)).toHaveLength(1)
    expect(confirmedIds).not.toContain(heldId)
    expect(confirmedIds).not.toContain(waitingId)

    const list = await host.http.request("GET", "/v2/admin/compliance/erasure-requests?status=CONFIRMED", undefined, as(admin))
    const confirmed = list.body.data.find((r: { id: string }) => r.id === dueId)
    expect(confirmed).toMatchObject({ status: "CONFIRMED" })
    expect(confirmed.hardDeletedAt).not.toBeNull()
    expect(await query(host, (sql) => sql`select 1 from accounts.users where id = ${due.id}`)).toEqual([])
    expect(await query(host, (sql) => sql`select 1 from organizers.members where user_id = ${due.id}`)).toEqual([])
    expect(await query(host, (sql) => sql`select 1 from identity.sessions where account_id = ${due.id}`)).toEqual([])
    expect(await query(host, (sql) => sql`select 1 from accounts.users where id = ${held.id}`)).toHaveLength(1)

    const audited = await query<{ action: string }>(host, (sql) => sql`
      select action from platform.audit_log where subject_kind = 'erasure_request' and subject_id in (${dueId}, ${heldId}) order by seq`)
    expect(audited.map((a) => a.action)).toEqual([
      "compliance.erasure.requested",
      "compliance.erasure.requested",
      "compliance.erasure.legal_hold",
      "compliance.erasure.confirmed"
    ])

    const again = await host.http.request("POST", "/v2/admin/compliance/erasure-requests/tick", undefined, as(admin))
    expect(again.body.data.ids).not.toContain(dueId)
    const badStatus = await host.http.request("GET", "/v2/admin/compliance/erasure-requests?status=LOST", undefined, as(admin))
    expect(badStatus.status).toBe(400)
    const all = await host.http.request("GET", "/v2/admin/compliance/erasure-requests", undefined, as(admin))
    expect(all.body.data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([dueId, heldId, waitingId]))
  })

  it("the scheduler fires the tick as a job, and the CLI `erasure tick` runs it from a terminal", async () => {
    expect(AllSchedules.map((s) => s.name)).toContain("compliance.erasure.tick")
    const viaJob = await signInNewUser(host)
    const viaCli = await signInNewUser(host)
    const jobId = (await host.http.request("POST", "/v2/me/data-erasure", {}, as(viaJob))).body.data.id
    await query(host, (sql) => sql`update compliance.erasure_requests set cool_off_until = now() - interval '1 minute' where id = ${jobId}`)
    const job = await host.run(Platform.runJobNow({ name: "compliance.erasure.tick", workerId: "test", maxAttempts: 1 }))
    expect(job.status).toBe("SUCCEEDED")
    const [row] = await query<{ status: string }>(host, (sql) => sql`select status from compliance.erasure_requests where id = ${jobId}`)
    expect(row?.status).toBe("CONFIRMED")

    const cliId = (await host.http.request("POST", "/v2/me/data-erasure", {}, as(viaCli))).body.data.id
    await query(host, (sql) => sql`update compliance.erasure_requests set cool_off_until = now() - interval '1 minute' where id = ${cliId}`)
    const out = await cliRun("erasure", "tick")
    expect(out).toContain("confirmed 1 erasure request(s)")
    expect(out).toContain(cliId)
  })
})
