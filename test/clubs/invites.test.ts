/**
 * Club invites through the real host (C "Club invites"; states.tsv "Club membership"): creation
 * through the admin members route (mode INVITE), the public preview that always answers 200 with a
 * verdict (valid, expired, revoked, exhausted, unknown, club unavailable), targeted vs share-link
 * acceptance into open and gated clubs, idempotent acceptance, tokens stored only hashed, and the
 * last use of a share link raced by two athletes.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { clubAdmin, clubIn, newAthlete } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host())
}, 60_000)

const invite = async (clubId: string, body: Record<string, unknown> = {}) => {
  const res = await host().http.post(`/v2/admin/clubs/${clubId}/members`, { mode: "INVITE", ...body }, admin.headers)
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`)
  return res.body.data as { invite: { id: string; kind: string; uses: number; maxUses: number | null }; token: string }
}
const preview = (token: string) => host().http.get(`/v2/clubs/invites/by-token/${token}`)
const accept = (token: string, headers: Record<string, string>) => host().http.post(`/v2/clubs/invites/${token}/accept`, {}, headers)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

describe("club invite preview", () => {
  it("answers VALID with the club for a fresh share link", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const { invite: created, token } = await invite(club.id, { maxUses: 5, expiresInHours: 48 })
    expect(created).toMatchObject({ kind: "LINK", maxUses: 5, uses: 0 })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const answer = await preview(token)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ valid: true, reason: "VALID", kind: "LINK", club: { id: club.id, slug: club.slug } })
  })

  it("answers 200 with a verdict — never 404 — for unknown, malformed, expired, revoked and exhausted tokens", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const unknown = await preview("A".repeat(43))
    expect(unknown.status).toBe(200)
    expect(unknown.body.data).toEqual({ valid: false, reason: "UNKNOWN", club: null, kind: null, expiresAt: null })
    expect((await preview("not-a-token!")).body.data).toMatchObject({ valid: false, reason: "UNKNOWN" })

    const expired = await invite(club.id)
    await sql((s) => s`update clubs.invites set expires_at = now() - interval '1 minute' where id = ${expired.invite.id}`)
    const expiredAnswer = await preview(expired.token)
    expect(expiredAnswer.status).toBe(200)
    expect(expiredAnswer.body.data).toMatchObject({ valid: false, reason: "EXPIRED" })

    const revoked = await invite(club.id)
    await host().run(Effect.flatMap(Clubs.ClubInviteRepo, (r) => r.revoke(revoked.invite.id)))
    expect((await preview(revoked.token)).body.data).toMatchObject({ valid: false, reason: "REVOKED" })

    const single = await invite(club.id, { maxUses: 1 })
    expect((await accept(single.token, (await newAthlete(host())).headers)).status).toBe(200)
    expect((await preview(single.token)).body.data).toMatchObject({ valid: false, reason: "EXHAUSTED" })
  })

  it("answers CLUB_UNAVAILABLE (without the club) once the club is deactivated", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const { token } = await invite(club.id)
    await host().http.post(`/v2/admin/clubs/${club.id}/deactivate`, { reason: "Deactivated for the test" }, admin.headers)
    expect((await preview(token)).body.data).toMatchObject({ valid: false, reason: "CLUB_UNAVAILABLE", club: null })
    const refused = await accept(token, (await newAthlete(host())).headers)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("CLUB_INVITE_CLUB_UNAVAILABLE")
  })

  it("stores only a hash of the token", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const { invite: created, token } = await invite(club.id)
    const rows = await sql((s) => s<{ tokenHash: string }>`select token_hash from clubs.invites where id = ${created.id}`)
    expect(rows[0]!.tokenHash).not.toBe(token)
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    const dump = JSON.stringify(await sql((s) => s`select * from clubs.invites`))
    expect(dump).not.toContain(token)
  })
})

describe("club invite accept", () => {
  it("auto-approves a targeted invite into a gated club, for its athlete only", async () => {
    const { club } = await clubIn(host(), "ACTIVE", { requiresApproval: true })
    const target = await newAthlete(host())
    const { invite: created, token } = await invite(club.id, { targetUserId: target.user.id, role: "MODERATOR" })
    expect(created).toMatchObject({ kind: "TARGETED", maxUses: 1 })
    const stranger = await accept(token, (await newAthlete(host())).headers)
    expect(stranger.status).toBe(403)
    expect(stranger.body.code).toBe("CLUB_INVITE_NOT_FOR_YOU")
    const accepted = await accept(token, target.headers)
    expect(accepted.status).toBe(200)
    expect(accepted.body.data).toMatchObject({ clubId: club.id, userId: target.user.id, status: "ACTIVE", role: "MODERATOR" })
    // Accepting again is harmless.
    expect((await accept(token, target.headers)).body.data).toMatchObject({ status: "ACTIVE", id: accepted.body.data.id })
    expect((await host().http.get(`/v2/clubs/${club.id}/membership/me`, target.headers)).body.data.status).toBe("ACTIVE")
  })

  it("approves a pending request and brings back a removed member through a targeted invite", async () => {
    const { club } = await clubIn(host(), "ACTIVE", { requiresApproval: true })
    const athlete = await newAthlete(host())
    expect((await host().http.post(`/v2/clubs/${club.id}/join`, {}, athlete.headers)).body.data.status).toBe("PENDING")
    const first = await invite(club.id, { targetUserId: athlete.user.id })
    expect((await accept(first.token, athlete.headers)).body.data.status).toBe("ACTIVE")
    await host().http.delete(`/v2/admin/clubs/${club.id}/members/${athlete.user.id}`, undefined, admin.headers)
    const link = await invite(club.id)
    const viaLink = await accept(link.token, athlete.headers)
    expect(viaLink.status).toBe(409)
    const second = await invite(club.id, { targetUserId: athlete.user.id })
    expect((await accept(second.token, athlete.headers)).body.data.status).toBe("ACTIVE")
  })

  it("keeps requiresApproval for a share link (PENDING) and admits at once into an open club", async () => {
    const { club: gated } = await clubIn(host(), "ACTIVE", { requiresApproval: true })
    const gatedLink = await invite(gated.id)
    const athlete = await newAthlete(host())
    const pending = await accept(gatedLink.token, athlete.headers)
    expect(pending.status).toBe(200)
    expect(pending.body.data).toMatchObject({ status: "PENDING", role: "MEMBER" })
    expect((await accept(gatedLink.token, athlete.headers)).body.data.status).toBe("PENDING")

    const { club: open } = await clubIn(host(), "ACTIVE")
    const openLink = await invite(open.id, { maxUses: 3 })
    const a = await newAthlete(host())
    expect((await accept(openLink.token, a.headers)).body.data).toMatchObject({ status: "ACTIVE", role: "MEMBER" })
    // The same athlete never spends a second use.
    await host().http.post(`/v2/clubs/${open.id}/leave`, {}, a.headers)
    expect((await accept(openLink.token, a.headers)).body.data.status).toBe("ACTIVE")
    const uses = await sql((s) => s<{ uses: number }>`select uses from clubs.invites where id = ${openLink.invite.id}`)
    expect(uses[0]!.uses).toBe(1)
  })

  it("refuses unusable invites with their reason and needs a signed-in athlete", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const athlete = await newAthlete(host())
    const unknown = await accept("B".repeat(43), athlete.headers)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("CLUB_INVITE_UNKNOWN")
    const expired = await invite(club.id)
    await sql((s) => s`update clubs.invites set expires_at = now() - interval '1 minute' where id = ${expired.invite.id}`)
    expect((await accept(expired.token, athlete.headers)).body.code).toBe("CLUB_INVITE_EXPIRED")
    const revoked = await invite(club.id)
    await host().run(Effect.flatMap(Clubs.ClubInviteRepo, (r) => r.revoke(revoked.invite.id)))
    const revokedAnswer = await accept(revoked.token, athlete.headers)
    expect(revokedAnswer.status).toBe(409)
    expect(revokedAnswer.body.code).toBe("CLUB_INVITE_REVOKED")
    const fresh = await invite(club.id)
    expect((await accept(fresh.token, {})).status).toBe(401)
    expect((await accept(fresh.token, admin.headers)).body.code).toBe("CLUB_ATHLETES_ONLY")
  })

  it("validates invite creation", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const athlete = await newAthlete(host())
    const bad = await host().http.post(`/v2/admin/clubs/${club.id}/members`, { mode: "INVITE", role: "ADMIN", targetUserId: athlete.user.id, maxUses: 4 }, admin.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "role of an invite must be one of: MEMBER, MODERATOR",
      "maxUses applies to share links only (a targeted invite has one use)"
    ])
    expect((await host().http.post(`/v2/admin/clubs/${club.id}/members`, { mode: "INVITE", expiresInHours: 0 }, admin.headers)).status).toBe(400)
    const nobody = await host().http.post(`/v2/admin/clubs/${club.id}/members`, { mode: "INVITE", targetUserId: "00000000-0000-4000-8000-000000000000" }, admin.headers)
    expect(nobody.status).toBe(404)
  })

  it("spends the last use of a share link once when two athletes race for it", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const { token } = await invite(club.id, { maxUses: 1 })
    const [a, b] = [await newAthlete(host()), await newAthlete(host())]
    const answers = await Promise.all([accept(token, a.headers), accept(token, b.headers)])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(answers.find((r) => r.status === 409)!.body.code).toBe("CLUB_INVITE_EXHAUSTED")
    const members = await host().http.get(`/v2/admin/clubs/${club.id}/members?status=ACTIVE`, admin.headers)
    expect(members.body.data.total).toBe(2)
  })
})
