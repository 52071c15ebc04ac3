/**
 * Admin account merge through HTTP on the real host: preview persists nothing, propose (reason ≥ 8,
 * 409 while either user has an open proposal), list/get/cancel, execute only PROPOSED and only with
 * ACCOUNT_MERGE_EXECUTE_ENABLED (else 503 ACCOUNT_MERGE_EXECUTE_DISABLED).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, type SignedIn, signInNewAdmin, signInNewUser } from "../support/sign-in.js"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { query } from "./support.js"

let host: RealHost
let disabledHost: RealHost
let admin: SignedIn

beforeAll(async () => {
  host = await startRealHost(import.meta.url, { ACCOUNT_MERGE_EXECUTE_ENABLED: "true" })
  disabledHost = await startRealHost(`${import.meta.url}#disabled`)
  admin = await signInNewAdmin(host)
}, 120_000)
afterAll(async () => {
  await host?.close()
  await disabledHost?.close()
})

const as = (who: SignedIn) => bearer(who.accessToken)

describe("account merge", () => {
  it("previews without persisting, proposes, refuses a second open proposal, lists, gets and cancels", async () => {
    const source = await signInNewUser(host)
    const target = await signInNewUser(host)
    const third = await signInNewUser(host)
    const [org] = await query<{ id: string }>(host, (sql) => sql`insert into organizers.organizers (name) values ('Merge Club') returning id`)
    await query(host, (sql) => sql`insert into organizers.follows (organizer_id, user_id) values (${org!.id}, ${source.id})`)

    const preview = await host.http.request("POST", `/v2/admin/compliance/account-merge/preview`, { sourceUserId: source.id, targetUserId: target.id, reason: "duplicate account" }, as(admin))
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({ sourceUserId: source.id, targetUserId: target.id, moves: { follows: 1 }, conflicts: [] })
    expect(await query(host, (sql) => sql`select 1 from compliance.account_merges`)).toEqual([])

    const short = await host.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: source.id, targetUserId: target.id, reason: "dup" }, as(admin))
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual([expect.stringContaining("reason")])
    const same = await host.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: source.id, targetUserId: source.id, reason: "duplicate account" }, as(admin))
    expect(same.status).toBe(400)
    const unknown = await host.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: source.id, targetUserId: "00000000-0000-4000-8000-000000000000", reason: "duplicate account" }, as(admin))
    expect(unknown.status).toBe(404)

    const proposed = await host.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: source.id, targetUserId: target.id, reason: "duplicate account" }, as(admin))
    expect(proposed.status).toBe(201)
    expect(proposed.body.data).toMatchObject({ status: "PROPOSED", proposedBy: admin.id, reason: "duplicate account" })
    const id = proposed.body.data.id

    const [c1, c2] = await Promise.all([
      host.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: third.id, targetUserId: target.id, reason: "another duplicate" }, as(admin)),
      host.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: source.id, targetUserId: third.id, reason: "another duplicate" }, as(admin))
    ])
    expect([c1!.status, c2!.status]).toEqual([409, 409])
    expect(c1!.body.code).toBe("ACCOUNT_MERGE_OPEN_PROPOSAL")

    const list = await host.http.request("GET", `/v2/admin/compliance/account-merge?status=PROPOSED`, undefined, as(admin))
    expect(list.status).toBe(200)
    expect(list.body.data.map((m: { id: string }) => m.id)).toContain(id)
    expect((await host.http.request("GET", `/v2/admin/compliance/account-merge?status=CANCELLED`, undefined, as(admin))).body.data.map((m: { id: string }) => m.id)).not.toContain(id)
    const got = await host.http.request("GET", `/v2/admin/compliance/account-merge/${id}`, undefined, as(admin))
    expect(got.body.data.id).toBe(id)
    expect((await host.http.request("GET", `/v2/admin/compliance/account-merge/00000000-0000-4000-8000-000000000000`, undefined, as(admin))).status).toBe(404)

    const cancelled = await host.http.request("POST", `/v2/admin/compliance/account-merge/${id}/cancel`, undefined, as(admin))
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data.status).toBe("CANCELLED")
    expect((await host.http.request("POST", `/v2/admin/compliance/account-merge/${id}/cancel`, undefined, as(admin))).status).toBe(409)
    const executeCancelled = await host.http.request("POST", `/v2/admin/compliance/account-merge/${id}/execute`, undefined, as(admin))
    expect(executeCancelled.status).toBe(409)
    expect(executeCancelled.body.code).toBe("ACCOUNT_MERGE_NOT_PROPOSED")

    // Once cancelled, the users may be proposed again.
    const again = await host.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: third.id, targetUserId: target.id, reason: "another duplicate" }, as(admin))
    expect(again.status).toBe(201)
  })

  it("executes a PROPOSED merge: the source's records move to the target, the source account and sessions end", async () => {
    const source = await signInNewUser(host)
    const target = await signInNewUser(host)
    const [org] = await query<{ id: string }>(host, (sql) => sql`insert into organizers.organizers (name) values ('Exec Club') returning id`)
    await query(host, (sql) => sql`insert into organizers.follows (organizer_id, user_id) values (${org!.id}, ${source.id})`)
    await host.http.request("POST", "/v2/me/consent", { purpose: "analytics", granted: true }, as(source))
    const id = (await host.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: source.id, targetUserId: target.id, reason: "same person, two phones" }, as(admin))).body.data.id

    const executed = await host.http.request("POST", `/v2/admin/compliance/account-merge/${id}/execute`, undefined, as(admin))
    expect(executed.status).toBe(200)
    expect(executed.body.data).toMatchObject({ status: "EXECUTED", result: { follows: 1, consentHistory: 1 } })
    expect(await query(host, (sql) => sql`select 1 from accounts.users where id = ${source.id}`)).toEqual([])
    expect(await query(host, (sql) => sql`select 1 from organizers.follows where user_id = ${target.id}`)).toHaveLength(1)
    expect((await host.http.request("GET", "/v2/me/consent", undefined, as(source))).status).toBe(401)
    const history = await host.http.request("GET", `/v2/admin/compliance/users/${target.id}/consent/history`, undefined, as(admin))
    expect(history.body.data).toHaveLength(1)
    expect((await host.http.request("POST", `/v2/admin/compliance/account-merge/${id}/execute`, undefined, as(admin))).status).toBe(409)
  })

  it("answers 503 ACCOUNT_MERGE_EXECUTE_DISABLED while the feature flag is off, and guards every route", async () => {
    const otherAdmin = await signInNewAdmin(disabledHost)
    const source = await signInNewUser(disabledHost)
    const target = await signInNewUser(disabledHost)
    const id = (await disabledHost.http.request("POST", `/v2/admin/compliance/account-merge/propose`, { sourceUserId: source.id, targetUserId: target.id, reason: "duplicate account" }, as(otherAdmin))).body.data.id
    const refused = await disabledHost.http.request("POST", `/v2/admin/compliance/account-merge/${id}/execute`, undefined, as(otherAdmin))
    expect(refused.status).toBe(503)
    expect(refused.body.code).toBe("ACCOUNT_MERGE_EXECUTE_DISABLED")
    expect((await disabledHost.http.request("GET", `/v2/admin/compliance/account-merge/${id}`, undefined, as(otherAdmin))).body.data.status).toBe("PROPOSED")

    expect((await disabledHost.http.request("GET", "/v2/admin/compliance/account-merge", undefined, as(source))).status).toBe(403)
    expect((await disabledHost.http.request("GET", "/v2/admin/compliance/account-merge")).status).toBe(401)
    const limited = await signInNewAdmin(disabledHost, ["admins.read"])
    expect((await disabledHost.http.request("POST", `/v2/admin/compliance/account-merge/preview`, { sourceUserId: source.id, targetUserId: target.id, reason: "duplicate account" }, as(limited))).status).toBe(403)
    const scoped = await signInNewAdmin(disabledHost, ["compliance.manage"])
    expect((await disabledHost.http.request("GET", "/v2/admin/compliance/account-merge", undefined, as(scoped))).status).toBe(200)
  })
})
