/**
 * Club reports through the real host: athletes report a club they can see (one OPEN report per
 * reporter and club, concurrent files make one), and admins holding `clubs.review` read a club's
 * moderation reports (`?status`, `?category`, paged).
 */
import { describe, expect, it } from "vitest"
import { newAdmin, newAthlete } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { clubAdmin, clubIn } from "./support.js"

const host = useRealHost(import.meta.url)

const report = (clubId: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  host().http.post(`/v2/clubs/${clubId}/reports`, { category: "SPAM", text: "Posts the same ad in every channel", ...body }, headers)

describe("club reports", () => {
  it("files an athlete's report and refuses a second while the first is open", async () => {
    const { club } = await clubIn(host())
    const athlete = await newAthlete(host())
    expect((await report(club.id, {})).status).toBe(401)
    const filed = await report(club.id, athlete.headers)
    expect(filed.status).toBe(201)
    expect(filed.body.data).toMatchObject({ clubId: club.id, reporterId: athlete.user.id, category: "SPAM", text: "Posts the same ad in every channel", status: "OPEN" })
    const again = await report(club.id, athlete.headers, { category: "SCAM_OR_FRAUD" })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CLUB_REPORT_ALREADY_OPEN")
    // By slug too: the same club.
    expect((await report(club.slug, athlete.headers)).status).toBe(409)
  })

  it("words bad reports with the spec's messages", async () => {
    const { club } = await clubIn(host())
    const athlete = await newAthlete(host())
    const bad = await report(club.id, athlete.headers, { category: "RUDE", text: "short" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "category must be one of the following values: SPAM, HARASSMENT, HATE_SPEECH, INAPPROPRIATE_CONTENT, SCAM_OR_FRAUD, IMPERSONATION, OTHER",
      "text must be longer than or equal to 10 and shorter than or equal to 2000 characters"
    ]))
  })

  it("answers 404 for a club athletes cannot see and 403 for non-athlete accounts", async () => {
    const { club: draft } = await clubIn(host(), "DRAFT")
    const athlete = await newAthlete(host())
    expect((await report(draft.id, athlete.headers)).status).toBe(404)
    const { club } = await clubIn(host())
    const admin = await newAdmin(host())
    const refused = await report(club.id, admin.headers)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("CLUB_REPORT_NOT_ALLOWED")
  })

  it("keeps one open report of two concurrent files by the same athlete", async () => {
    const { club } = await clubIn(host())
    const athlete = await newAthlete(host())
    const [a, b] = await Promise.all([report(club.id, athlete.headers), report(club.id, athlete.headers, { category: "HARASSMENT" })])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    const moderator = await clubAdmin(host(), ["clubs.review"])
    expect((await host().http.get(`/v2/admin/clubs/${club.id}/moderation-reports`, moderator.headers)).body.data.total).toBe(1)
  })

  it("lets admins with clubs.review read a club's moderation reports, newest first", async () => {
    const { club } = await clubIn(host())
    const first = await newAthlete(host())
    const second = await newAthlete(host())
    await report(club.id, first.headers, { category: "HARASSMENT", text: "Members are harassed in the general chat" })
    await report(club.id, second.headers, { category: "SPAM" })
    const path = `/v2/admin/clubs/${club.id}/moderation-reports`
    expect((await host().http.get(path)).status).toBe(401)
    expect((await host().http.get(path, first.headers)).status).toBe(403)
    expect((await host().http.get(path, (await clubAdmin(host(), ["clubs.money"])).headers)).status).toBe(403)
    const moderator = await clubAdmin(host(), ["clubs.review"])
    const all = await host().http.get(path, moderator.headers)
    expect(all.status).toBe(200)
    expect(all.body.data).toMatchObject({ total: 2, page: 1, limit: 20 })
    expect(all.body.data.items.map((r: { reporterId: string }) => r.reporterId)).toEqual([second.user.id, first.user.id])
    const harassment = await host().http.get(`${path}?category=HARASSMENT&status=OPEN`, moderator.headers)
    expect(harassment.body.data.items).toMatchObject([{ reporterId: first.user.id, category: "HARASSMENT" }])
    const bad = await host().http.get(`${path}?status=CLOSED`, moderator.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["status must be one of the following values: OPEN, RESOLVED, DISMISSED"])
    expect((await host().http.get(`/v2/admin/clubs/00000000-0000-4000-8000-00000000beef/moderation-reports`, moderator.headers)).status).toBe(404)
  })
})
