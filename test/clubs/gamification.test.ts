/**
 * Club gamification through the real host (Postgres + Redis): points grants and debits (members
 * only, no negative balance through a debit, idempotency keys, validation, tenancy), reversal once
 * (second reversal and reversal of a reversal refused, concurrent reversals reverse once), the
 * all-time / monthly / weekly leaderboards (default keys, explicit keys, invalid keys, club
 * visibility, rebuilt from Postgres after the Redis keys are lost, the CLI-style full rebuild), and
 * member-of-the-month detection (tie-break, emitted once per club and month even under concurrency,
 * outbox messages and the audit row written with it).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts, Clubs, Notifications, Platform } from "@podium/core"
import {
  AccountsPortsMemory,
  AuditLogMemory,
  ClubGamificationMemory,
  ClubRunRepoMemory,
  ClubsReposMemory,
  InboxMemory,
  NotificationsMemory,
  RedisPortsMemory,
  TransactorMemory
} from "@podium/core/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { freshPhone, tokenFor } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { addMember, clubIn, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)

type Headers = Record<string, string>
const grant = (clubId: string, headers: Headers, body: Record<string, unknown>) =>
  host().http.post(`/v2/clubs/${clubId}/points/grants`, { reason: "Sunday long run pacing", ...body }, headers)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))
const currentMonth = () => Clubs.monthKeyOf(new Date())
const currentWeek = () => Clubs.weekKeyOf(new Date())

describe("period keys (pure)", () => {
  it("computes ISO weeks and month keys in UTC", () => {
    expect(Clubs.weekKeyOf(new Date("2026-01-01T00:00:00Z"))).toBe("2026-01")
    expect(Clubs.weekKeyOf(new Date("2021-01-03T23:59:59Z"))).toBe("2020-53")
    expect(Clubs.weekKeyOf(new Date("2024-12-30T00:00:00Z"))).toBe("2025-01")
    expect(Clubs.isoWeeksIn(2026)).toBe(53)
    expect(Clubs.isoWeeksIn(2025)).toBe(52)
    expect(Clubs.isValidWeekKey("2025-53")).toBe(false)
    expect(Clubs.weekBounds("2025-01").start.toISOString()).toBe("2024-12-30T00:00:00.000Z")
    expect(Clubs.monthKeyOf(new Date("2026-11-30T23:59:59Z"))).toBe("2026-11")
    expect(Clubs.monthBounds("2026-12").end.toISOString()).toBe("2027-01-01T00:00:00.000Z")
  })
})

describe("the use cases on the memory twins", () => {
  const layer = Layer.mergeAll(
    ClubGamificationMemory.pipe(Layer.provideMerge(Layer.merge(ClubsReposMemory, ClubRunRepoMemory))),
    TransactorMemory,
    RedisPortsMemory,
    AuditLogMemory,
    NotificationsMemory,
    InboxMemory,
    AccountsPortsMemory
  )
  const principal = (accountId: string) => ({ accountKind: "user" as const, accountId, sessionId: "s", role: "user" as const })

  it("grants, debits, reverses once, ranks, detects once and counts segments like the Postgres adapters", async () => {
    const result = await Effect.runPromise(Effect.gen(function*() {
      const owner = "00000000-0000-4000-8000-0000000000aa"
      const a = "00000000-0000-4000-8000-0000000000ab"
      const b = "00000000-0000-4000-8000-0000000000ac"
      const club = yield* Effect.flatMap(Clubs.ClubRepo, (r) =>
        r.create({ name: "Memory Milers", slug: "memory-milers", description: null, sportIds: [], city: null, clubType: "COMMUNITY", requiresApproval: false, ownerUserId: owner }))
      yield* Effect.flatMap(Clubs.ClubRepo, (r) => r.transition(club.id, ["DRAFT"], "ACTIVE", { rejectionReason: null }))
      for (const u of [a, b]) yield* Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.upsert(club.id, u, "ACTIVE", "MEMBER"))
      const boss = principal(owner)
      const first = yield* Clubs.grantPoints(boss, club.id, { userId: a, points: 30, reason: "Led the hill repeats", idempotencyKey: "k1" })
      const replay = yield* Clubs.grantPoints(boss, club.id, { userId: a, points: 30, reason: "Led the hill repeats", idempotencyKey: "k1" })
      yield* Clubs.grantPoints(boss, club.id, { userId: b, points: 20, reason: "Swept the route" })
      const tooMuch = yield* Effect.flip(Clubs.grantPoints(boss, club.id, { userId: b, points: -21, reason: "Oops" }))
      const stranger = yield* Effect.flip(Clubs.grantPoints(boss, club.id, { userId: owner.replace("aa", "ff"), points: 1, reason: "Hello" }))
      const reversal = yield* Clubs.reversePoints(boss, club.id, first.entry.id, undefined)
      const twice = yield* Effect.flip(Clubs.reversePoints(boss, club.id, first.entry.id, undefined))
      const ofReversal = yield* Effect.flip(Clubs.reversePoints(boss, club.id, reversal.id, undefined))
      const board = yield* Clubs.clubLeaderboard(undefined, club.id, { kind: "monthly", page: 1, limit: 10 })
      const mom = yield* Clubs.detectMemberOfTheMonth(boss, club.id, undefined)
      const momAgain = yield* Clubs.detectMemberOfTheMonth(boss, club.id, undefined)
      const segment = yield* Clubs.createSegment(boss, club.id, "AUDIENCE", { name: "Scorers", filter: { minPoints: 1 } })
      const preview = yield* Clubs.previewAudienceSegment(club.id, segment.id)
      return { first, replay, tooMuch, stranger, reversal, twice, ofReversal, board, mom, momAgain, preview, b }
    }).pipe(Effect.provide(layer)))
    expect(result.replay).toEqual({ entry: result.first.entry, created: false })
    expect(result.tooMuch._tag).toBe("PointsInsufficient")
    expect(result.stranger._tag).toBe("PointsRecipientNotMember")
    expect(result.reversal).toMatchObject({ kind: "REVERSAL", points: -30 })
    expect(result.twice._tag).toBe("PointsAlreadyReversed")
    expect(result.ofReversal._tag).toBe("PointsReversalNotReversible")
    expect(result.board.items[0]).toEqual({ rank: 1, userId: result.b, points: 20 })
    expect(result.mom).toMatchObject({ winner: { userId: result.b, points: 20 }, emitted: true })
    expect(result.momAgain).toMatchObject({ winner: { userId: result.b, points: 20 }, emitted: false })
    expect(result.preview.count).toBe(1)
  })
})

describe("points grants and debits", () => {
  it("lets the club's OWNER and ADMIN grant and debit a member's points", async () => {
    const s = await seedClub(host())
    const granted = await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 50 })
    expect(granted.status).toBe(201)
    expect(granted.body.data).toMatchObject({
      clubId: s.club.id,
      userId: s.member.user.id,
      points: 50,
      kind: "GRANT",
      reason: "Sunday long run pacing",
      reversesEntryId: null,
      reversedByEntryId: null,
      monthKey: currentMonth(),
      weekKey: currentWeek(),
      createdBy: s.owner.user.id
    })
    const debited = await grant(s.club.id, s.admin.headers, { userId: s.member.user.id, points: -20, reason: "Missed the marshal duty" })
    expect(debited.status).toBe(201)
    expect(debited.body.data).toMatchObject({ points: -20, kind: "DEBIT" })
    const audit = await sql((q) => q<{ action: string }>`select action from platform.audit_log where subject_id = ${s.club.id} and action like 'club.points.%' order by seq`)
    expect(audit.map((a) => a.action)).toEqual(["club.points.granted", "club.points.debited"])
  })

  it("refuses a debit below zero, a recipient who is not an active member, and bad input", async () => {
    const s = await seedClub(host())
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 10 })
    const tooMuch = await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: -11 })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.code).toBe("CLUB_POINTS_INSUFFICIENT")
    const stranger = await newAthlete(host())
    const notMember = await grant(s.club.id, s.owner.headers, { userId: stranger.user.id, points: 5 })
    expect(notMember.status).toBe(400)
    expect(notMember.body.code).toBe("CLUB_POINTS_NOT_A_MEMBER")
    await host().run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.setStatus(s.moderator.memberId, ["ACTIVE"], "LEFT")))
    expect((await grant(s.club.id, s.owner.headers, { userId: s.moderator.user.id, points: 5 })).body.code).toBe("CLUB_POINTS_NOT_A_MEMBER")
    const bad = await host().http.post(`/v2/clubs/${s.club.id}/points/grants`, { userId: "nope", points: 0, reason: "x" }, s.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "userId must be a UUID",
      "points must be a non-zero integer between -100000 and 100000 (negative points debit)",
      "reason must be longer than or equal to 3 and shorter than or equal to 500 characters"
    ]))
    const fractional = await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 1.5 })
    expect(fractional.status).toBe(400)
    const missing = await host().http.post(`/v2/clubs/${s.club.id}/points/grants`, {}, s.owner.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.arrayContaining(["userId must be a UUID"]))
  })

  it("answers the first entry for a repeated idempotency key and 409 for a different body", async () => {
    const s = await seedClub(host())
    const body = { userId: s.member.user.id, points: 7, idempotencyKey: "sunday-run-2026-11-22" }
    const first = await grant(s.club.id, s.owner.headers, body)
    const again = await grant(s.club.id, s.admin.headers, body)
    expect(again.status).toBe(201)
    expect(again.body.data.id).toBe(first.body.data.id)
    const other = await grant(s.club.id, s.owner.headers, { ...body, points: 8 })
    expect(other.status).toBe(409)
    expect(other.body.code).toBe("CLUB_POINTS_IDEMPOTENCY_CONFLICT")
    const concurrent = await Promise.all(Array.from({ length: 4 }, () => grant(s.club.id, s.owner.headers, { ...body, idempotencyKey: "burst" })))
    expect(new Set(concurrent.map((r) => r.body.data.id)).size).toBe(1)
    const list = await host().http.get(`/v2/clubs/${s.club.id}/points/grants?userId=${s.member.user.id}`, s.owner.headers)
    expect(list.body.data.total).toBe(2)
  })

  it("keeps concurrent debits from taking a member below zero", async () => {
    const s = await seedClub(host())
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 30 })
    const debits = await Promise.all(Array.from({ length: 5 }, () => grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: -10 })))
    expect(debits.filter((r) => r.status === 201)).toHaveLength(3)
    expect(debits.filter((r) => r.status === 409)).toHaveLength(2)
    const board = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard`)
    expect(board.body.data.items).toEqual([{ rank: 1, userId: s.member.user.id, points: 0 }])
  })

  it("lets only OWNER/ADMIN grant, staff list, and keeps another club's entries out", async () => {
    const s = await seedClub(host())
    const other = await seedClub(host())
    const body = { userId: s.member.user.id, points: 5 }
    expect((await grant(s.club.id, s.moderator.headers, body)).status).toBe(403)
    expect((await grant(s.club.id, s.member.headers, body)).status).toBe(403)
    expect((await grant(s.club.id, (await newAthlete(host())).headers, body)).status).toBe(403)
    expect((await grant(s.club.id, other.owner.headers, body)).status).toBe(403)
    expect((await grant(s.club.id, {}, body)).status).toBe(401)
    await grant(s.club.id, s.owner.headers, body)
    await grant(other.club.id, other.owner.headers, { userId: other.member.user.id, points: 9 })
    const list = await host().http.get(`/v2/clubs/${s.club.id}/points/grants?page=1&limit=10`, s.moderator.headers)
    expect(list.status).toBe(200)
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 10, items: [expect.objectContaining({ points: 5, clubId: s.club.id })] })
    expect((await host().http.get(`/v2/clubs/${s.club.id}/points/grants`, s.member.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/points/grants`, other.owner.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/points/grants`)).status).toBe(401)
  })
})

describe("points reversal", () => {
  it("reverses an entry once and never a reversal", async () => {
    const s = await seedClub(host())
    const entry = (await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 40 })).body.data
    const reversed = await host().http.post(`/v2/clubs/${s.club.id}/points/reverse/${entry.id}`, { reason: "Granted to the wrong member" }, s.admin.headers)
    expect(reversed.status).toBe(201)
    expect(reversed.body.data).toMatchObject({ kind: "REVERSAL", points: -40, reversesEntryId: entry.id, reason: "Granted to the wrong member", monthKey: entry.monthKey, weekKey: entry.weekKey })
    const again = await host().http.post(`/v2/clubs/${s.club.id}/points/reverse/${entry.id}`, {}, s.owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CLUB_POINTS_ALREADY_REVERSED")
    const ofReversal = await host().http.post(`/v2/clubs/${s.club.id}/points/reverse/${reversed.body.data.id}`, {}, s.owner.headers)
    expect(ofReversal.status).toBe(409)
    expect(ofReversal.body.code).toBe("CLUB_POINTS_REVERSAL_NOT_REVERSIBLE")
    const list = await host().http.get(`/v2/clubs/${s.club.id}/points/grants`, s.owner.headers)
    expect(list.body.data.items.find((e: { id: string }) => e.id === entry.id).reversedByEntryId).toBe(reversed.body.data.id)
    const board = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard`)
    expect(board.body.data.items).toEqual([{ rank: 1, userId: s.member.user.id, points: 0 }])
  })

  it("reverses a debit (giving the points back) with a default reason", async () => {
    const s = await seedClub(host())
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 10 })
    const debit = (await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: -10, reason: "Late for the run" })).body.data
    const reversed = await host().http.post(`/v2/clubs/${s.club.id}/points/reverse/${debit.id}`, {}, s.owner.headers)
    expect(reversed.body.data).toMatchObject({ points: 10, kind: "REVERSAL", reason: "Reversal of debit: Late for the run" })
  })

  it("reverses once when two managers reverse at the same time", async () => {
    const s = await seedClub(host())
    const entry = (await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 15 })).body.data
    const results = await Promise.all([s.owner, s.admin, s.owner, s.admin].map((who) =>
      host().http.post(`/v2/clubs/${s.club.id}/points/reverse/${entry.id}`, {}, who.headers)))
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(3).fill("CLUB_POINTS_ALREADY_REVERSED"))
    const count = await sql((q) => q<{ n: number }>`select count(*)::int as n from clubs.points_entries where reverses_entry_id = ${entry.id}`)
    expect(count[0]!.n).toBe(1)
  })

  it("answers 404 for an unknown entry or another club's entry, and 403 to non-managers", async () => {
    const s = await seedClub(host())
    const other = await seedClub(host())
    const foreign = (await grant(other.club.id, other.owner.headers, { userId: other.member.user.id, points: 3 })).body.data
    const res = await host().http.post(`/v2/clubs/${s.club.id}/points/reverse/${foreign.id}`, {}, s.owner.headers)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe("CLUB_POINTS_ENTRY_NOT_FOUND")
    expect((await host().http.post(`/v2/clubs/${s.club.id}/points/reverse/not-a-uuid`, {}, s.owner.headers)).status).toBe(404)
    expect((await host().http.post(`/v2/clubs/${other.club.id}/points/reverse/${foreign.id}`, {}, other.moderator.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/clubs/${other.club.id}/points/reverse/${foreign.id}`, {})).status).toBe(401)
  })
})

describe("leaderboards", () => {
  it("ranks all-time, monthly (default current UTC month) and weekly (default current ISO week) boards", async () => {
    const s = await seedClub(host())
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 30, sportId: "running" })
    await grant(s.club.id, s.owner.headers, { userId: s.moderator.user.id, points: 50, sportId: "cycling" })
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 25 })
    const all = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard`)
    expect(all.status).toBe(200)
    expect(all.body.data).toEqual({
      clubId: s.club.id,
      period: "all-time",
      key: null,
      sportId: null,
      items: [{ rank: 1, userId: s.member.user.id, points: 55 }, { rank: 2, userId: s.moderator.user.id, points: 50 }],
      total: 2,
      page: 1,
      limit: 20
    })
    const running = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard?sportId=running`, s.member.headers)
    expect(running.body.data).toMatchObject({ sportId: "running", items: [{ rank: 1, userId: s.member.user.id, points: 30 }], total: 1 })
    const monthly = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/monthly`)
    expect(monthly.body.data).toMatchObject({ period: "monthly", key: currentMonth(), total: 2, items: [{ rank: 1, points: 55 }, { rank: 2, points: 50 }] })
    const explicit = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/monthly?monthKey=${currentMonth()}`)
    expect(explicit.body.data.items).toEqual(monthly.body.data.items)
    const weekly = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/weekly`)
    expect(weekly.body.data).toMatchObject({ period: "weekly", key: currentWeek(), total: 2 })
    const explicitWeek = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/weekly?weekKey=${currentWeek()}`)
    expect(explicitWeek.body.data.items).toEqual(weekly.body.data.items)
    const pastMonth = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/monthly?monthKey=2020-01`)
    expect(pastMonth.body.data).toMatchObject({ key: "2020-01", items: [], total: 0 })
    const pastWeek = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/weekly?weekKey=2020-53`)
    expect(pastWeek.body.data).toMatchObject({ key: "2020-53", items: [], total: 0 })
    const page2 = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard?page=2&limit=1`)
    expect(page2.body.data).toMatchObject({ items: [{ rank: 2, userId: s.moderator.user.id, points: 50 }], total: 2, page: 2, limit: 1 })
  })

  it("answers 400 for invalid month and week keys", async () => {
    const s = await seedClub(host())
    for (const key of ["2026-13", "2026-00", "26-11", "november"]) {
      const res = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/monthly?monthKey=${key}`)
      expect(res.status).toBe(400)
      expect(res.body.message).toEqual(["monthKey must be a month key YYYY-MM"])
    }
    for (const key of ["2026-54", "2026-00", "2026-W47"]) {
      const res = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/weekly?weekKey=${key}`)
      expect(res.status).toBe(400)
      expect(res.body.message).toEqual(["weekKey must be an ISO week key YYYY-WW (week 01-53)"])
    }
    const noWeek53 = await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/weekly?weekKey=2025-53`)
    expect(noWeek53.status).toBe(400)
    expect(noWeek53.body.message).toEqual(["weekKey 2025-53 is not an ISO week of 2025"])
  })

  it("follows the club's visibility", async () => {
    const { club, owner } = await clubIn(host(), "PENDING_APPROVAL")
    expect((await host().http.get(`/v2/clubs/${club.id}/leaderboard`)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${club.id}/leaderboard/monthly`, (await newAthlete(host())).headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${club.id}/leaderboard/weekly`, owner.headers)).status).toBe(200)
    expect((await host().http.get(`/v2/clubs/00000000-0000-4000-8000-000000000000/leaderboard`)).status).toBe(404)
  })

  it("rebuilds boards from Postgres when their Redis keys are lost, and on demand", async () => {
    const s = await seedClub(host())
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 12, sportId: "running" })
    await grant(s.club.id, s.owner.headers, { userId: s.admin.user.id, points: 20 })
    const before = {
      all: (await host().http.get(`/v2/clubs/${s.club.id}/leaderboard`)).body.data,
      monthly: (await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/monthly`)).body.data,
      weekly: (await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/weekly`)).body.data
    }
    const boards = [
      Clubs.boardName(s.club.id, { kind: "all", sportId: null }),
      Clubs.boardName(s.club.id, { kind: "all", sportId: "running" }),
      Clubs.boardName(s.club.id, { kind: "month", key: currentMonth() }),
      Clubs.boardName(s.club.id, { kind: "week", key: currentWeek() })
    ]
    await host().run(Effect.flatMap(Platform.Leaderboard, (lb) => Effect.forEach(boards, (b) => lb.clear(b))))
    expect(await host().run(Effect.flatMap(Platform.Leaderboard, (lb) => lb.size(boards[0]!)))).toBe(0)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/leaderboard`)).body.data).toEqual(before.all)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/monthly`)).body.data).toEqual(before.monthly)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/leaderboard/weekly`)).body.data).toEqual(before.weekly)
    expect(await host().run(Effect.flatMap(Platform.Leaderboard, (lb) => lb.size(boards[0]!)))).toBe(2)
    // A grant while a board is missing rebuilds it rather than adding one member to an empty board.
    await host().run(Effect.flatMap(Platform.Leaderboard, (lb) => lb.clear(boards[0]!)))
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 1 })
    expect(await host().run(Effect.flatMap(Platform.Leaderboard, (lb) => lb.size(boards[0]!)))).toBe(2)
    // A corrupted board is fixed by the on-demand rebuild (`pnpm cli clubs leaderboards rebuild <clubId>`).
    await host().run(Effect.flatMap(Platform.Leaderboard, (lb) => lb.add(boards[0]!, s.admin.user.id, 9999)))
    const rebuilt = await host().run(Clubs.rebuildLeaderboards(s.club.id))
    expect(rebuilt).toMatchObject({ clubId: s.club.id, boards: 4 })
    const after = (await host().http.get(`/v2/clubs/${s.club.id}/leaderboard`)).body.data
    expect(after.items).toEqual([{ rank: 1, userId: s.admin.user.id, points: 20 }, { rank: 2, userId: s.member.user.id, points: 13 }])
  })
})

/** An athlete with an e-mail address, added to the club as a MEMBER. */
const memberWithEmail = async (clubId: string) => {
  const email = `mom-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const user = await host().run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ phoneNumber: freshPhone(), email })).pipe(Effect.orDie))
  const athlete = { user, headers: await tokenFor(host(), "user", user.id) }
  return { ...(await addMember(host(), clubId, "MEMBER", athlete)), email }
}

const outboxOf = (producer: string) =>
  sql((q) => q<{ channel: string; recipient: string; userId: string; subject: string }>`
    select channel, recipient, user_id, subject from notifications.outbox where producer = ${producer} order by channel`)

describe("member of the month", () => {
  it("picks the month's top member and emits CLUB_MEMBER_OF_THE_MONTH only on the first detection", async () => {
    const s = await seedClub(host())
    const winner = await memberWithEmail(s.club.id)
    await host().run(Effect.flatMap(Notifications.DeviceTokenRepo, (r) => r.enable(winner.user.id, `device-${winner.user.id}`, "ios")))
    await grant(s.club.id, s.owner.headers, { userId: winner.user.id, points: 80 })
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 60 })
    const first = await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, {}, s.owner.headers)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ clubId: s.club.id, monthKey: currentMonth(), winner: { userId: winner.user.id, points: 80 }, emitted: true })
    const producer = `CLUB_MEMBER_OF_THE_MONTH:${s.club.id}:${currentMonth()}`
    const outbox = await outboxOf(producer)
    expect(outbox).toEqual([
      { channel: "EMAIL", recipient: winner.email, userId: winner.user.id, subject: "Member of the month at Pune Pacers" },
      { channel: "PUSH", recipient: `device-${winner.user.id}`, userId: winner.user.id, subject: "Member of the month at Pune Pacers" }
    ])
    // More points for someone else later do not change a recorded month.
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 100 })
    const second = await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, { monthKey: currentMonth() }, s.admin.headers)
    expect(second.body.data).toMatchObject({ winner: { userId: winner.user.id, points: 80 }, emitted: false, detectedAt: first.body.data.detectedAt })
    expect(await outboxOf(producer)).toHaveLength(2)
    const audit = await sql((q) => q<{ n: number }>`
      select count(*)::int as n from platform.audit_log where subject_id = ${s.club.id} and action = 'CLUB_MEMBER_OF_THE_MONTH'`)
    expect(audit[0]!.n).toBe(1)
  })

  it("emits once when several managers detect the same month at the same time", async () => {
    const s = await seedClub(host())
    await host().run(Effect.flatMap(Notifications.DeviceTokenRepo, (r) => r.enable(s.member.user.id, `device-${s.member.user.id}`, "android")))
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 5 })
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, {}, (i % 2 === 0 ? s.owner : s.admin).headers)))
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(results.filter((r) => r.body.data.emitted === true)).toHaveLength(1)
    expect(new Set(results.map((r) => r.body.data.winner.userId))).toEqual(new Set([s.member.user.id]))
    expect(await outboxOf(`CLUB_MEMBER_OF_THE_MONTH:${s.club.id}:${currentMonth()}`)).toHaveLength(1)
    const rows = await sql((q) => q<{ n: number }>`select count(*)::int as n from clubs.members_of_the_month where club_id = ${s.club.id}`)
    expect(rows[0]!.n).toBe(1)
  })

  it("breaks a tie in favour of who reached the total first, and skips former members", async () => {
    const s = await seedClub(host())
    await grant(s.club.id, s.owner.headers, { userId: s.admin.user.id, points: 100 })
    await grant(s.club.id, s.owner.headers, { userId: s.moderator.user.id, points: 20 })
    await grant(s.club.id, s.owner.headers, { userId: s.member.user.id, points: 20 })
    await host().run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.setStatus(s.admin.memberId, ["ACTIVE"], "LEFT")))
    const res = await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, {}, s.owner.headers)
    expect(res.body.data).toMatchObject({ winner: { userId: s.moderator.user.id, points: 20 }, emitted: true })
  })

  it("records nothing for a month without points, refuses a future month, and is for managers only", async () => {
    const s = await seedClub(host())
    const empty = await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, { monthKey: "2024-02" }, s.owner.headers)
    expect(empty.status).toBe(200)
    expect(empty.body.data).toEqual({ clubId: s.club.id, monthKey: "2024-02", winner: null, detectedAt: null, emitted: false })
    const future = await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, { monthKey: "2999-01" }, s.owner.headers)
    expect(future.status).toBe(400)
    expect(future.body.message).toEqual(["monthKey must not be a future month"])
    const bad = await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, { monthKey: "2026-13" }, s.owner.headers)
    expect(bad.status).toBe(400)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, {}, s.moderator.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, {}, s.member.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/member-of-the-month/detect`, {})).status).toBe(401)
  })
})
