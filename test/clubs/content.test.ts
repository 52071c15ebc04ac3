/**
 * Club channels, announcements and the announcement e-mail blast through the real host: #general
 * always present and protected, channel names unique per club, manager-only writes; announcements
 * posted by the club and by admins, read with the club's visibility, deleted by admins; the blast
 * queues one e-mail per ACTIVE member with an address exactly once (also under concurrency) and
 * reports its deliveries; club event creation is refused as disabled at launch.
 */
import { Accounts, Clubs } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { freshPhone, tokenFor } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { clubAdmin, clubIn, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host())
}, 60_000)

describe("club channels", () => {
  it("always has #general, creates, renames and archives channels, and protects #general", async () => {
    const seeded = await seedClub(host())
    const base = `/v2/clubs/${seeded.club.id}/channels`
    const initial = await host().http.get(base, seeded.member.headers)
    expect(initial.status).toBe(200)
    expect(initial.body.data.map((c: { name: string }) => c.name)).toEqual(["general"])
    const general = initial.body.data[0]

    const created = await host().http.post(base, { name: "long-runs", topic: "Sunday plans", staffOnly: true }, seeded.admin.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ name: "long-runs", topic: "Sunday plans", staffOnly: true, archived: false })
    const channelId = created.body.data.id
    expect((await host().http.post(base, { name: "LONG-RUNS" }, seeded.owner.headers)).status).toBe(400)
    const dup = await host().http.post(base, { name: "long-runs" }, seeded.owner.headers)
    expect(dup.status).toBe(409)
    expect(dup.body.code).toBe("CLUB_CHANNEL_NAME_TAKEN")

    const renamed = await host().http.patch(`${base}/${channelId}`, { name: "weekend", topic: null }, seeded.owner.headers)
    expect(renamed.body.data).toMatchObject({ name: "weekend", topic: null })
    const archived = await host().http.delete(`${base}/${channelId}`, undefined, seeded.owner.headers)
    expect(archived.body.data.archived).toBe(true)
    expect((await host().http.get(base, seeded.member.headers)).body.data.map((c: { name: string }) => c.name)).toEqual(["general"])
    expect((await host().http.get(`${base}?includeArchived=true`, seeded.owner.headers)).body.data.map((c: { name: string }) => c.name)).toEqual(["general", "weekend"])

    const protectedArchive = await host().http.delete(`${base}/${general.id}`, undefined, seeded.owner.headers)
    expect(protectedArchive.status).toBe(409)
    expect(protectedArchive.body.code).toBe("GENERAL_CHANNEL_PROTECTED")
    expect((await host().http.patch(`${base}/${general.id}`, { name: "main" }, seeded.owner.headers)).status).toBe(409)
    expect((await host().http.patch(`${base}/${general.id}`, { topic: "Hello" }, seeded.owner.headers)).body.data.topic).toBe("Hello")
  })

  it("keeps writes to managers and never reaches another club's channel", async () => {
    const a = await seedClub(host())
    const b = await seedClub(host())
    expect((await host().http.post(`/v2/clubs/${a.club.id}/channels`, { name: "members-chat" }, a.member.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${a.club.id}/channels`, (await newAthlete(host())).headers)).status).toBe(403)
    const channel = await host().http.post(`/v2/clubs/${a.club.id}/channels`, { name: "secret" }, a.owner.headers)
    expect((await host().http.delete(`/v2/clubs/${b.club.id}/channels/${channel.body.data.id}`, undefined, b.owner.headers)).status).toBe(404)
  })
})

describe("club announcements", () => {
  it("publishes club and platform announcements, pinned first, and lets admins delete them", async () => {
    const seeded = await seedClub(host())
    const first = await host().http.post(`/v2/clubs/${seeded.club.id}/admin/announcements`, { title: "Race week", body: "Taper!" }, seeded.admin.headers)
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ title: "Race week", authorKind: "user", authorId: seeded.admin.user.id, pinned: false })
    const platform = await host().http.post(`/v2/admin/clubs/${seeded.club.id}/announcements`, { title: "Platform notice", body: "New features", pinned: true }, admin.headers)
    expect(platform.body.data.authorKind).toBe("admin")
    const listed = await host().http.get(`/v2/clubs/${seeded.club.id}/announcements`)
    expect(listed.body.data.items.map((a: { title: string }) => a.title)).toEqual(["Platform notice", "Race week"])
    expect((await host().http.get(`/v2/admin/clubs/${seeded.club.id}/announcements`, admin.headers)).body.data.total).toBe(2)

    const deleted = await host().http.delete(`/v2/admin/clubs/announcements/${first.body.data.id}`, undefined, admin.headers)
    expect(deleted.status).toBe(200)
    expect((await host().http.delete(`/v2/admin/clubs/announcements/${first.body.data.id}`, undefined, admin.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${seeded.club.id}/announcements`)).body.data.total).toBe(1)
  })

  it("validates input, checks permissions and hides unlisted clubs", async () => {
    const seeded = await seedClub(host())
    const bad = await host().http.post(`/v2/clubs/${seeded.club.id}/admin/announcements`, { title: "x", body: "" }, seeded.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(2)
    expect((await host().http.post(`/v2/clubs/${seeded.club.id}/admin/announcements`, { title: "Members?", body: "No" }, seeded.member.headers)).status).toBe(403)
    const other = await clubAdmin(host(), ["notifications.manage"])
    expect((await host().http.post(`/v2/admin/clubs/${seeded.club.id}/announcements`, { title: "No rights", body: "x" }, other.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/admin/clubs/00000000-0000-4000-8000-000000000000/announcements`, admin.headers)).status).toBe(404)
    const { club } = await clubIn(host(), "DRAFT")
    expect((await host().http.get(`/v2/clubs/${club.id}/announcements`)).status).toBe(404)
  })
})

describe("announcement e-mail blast", () => {
  const memberWithEmail = async (clubId: string, email: string | null) => {
    const user = await host().run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ phoneNumber: freshPhone(), email })))
    await host().run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.upsert(clubId, user.id, "ACTIVE", "MEMBER")))
    return { user, headers: await tokenFor(host(), "user", user.id) }
  }

  it("queues one e-mail per ACTIVE member with an address, once, and reports the deliveries", async () => {
    const seeded = await seedClub(host())
    const tag = Date.now().toString(36)
    await memberWithEmail(seeded.club.id, `a-${tag}@runners.example`)
    await memberWithEmail(seeded.club.id, `b-${tag}@runners.example`)
    const announcement = await host().http.post(`/v2/clubs/${seeded.club.id}/admin/announcements`, { title: "Club AGM", body: "Saturday 6pm" }, seeded.owner.headers)
    const path = `/v2/clubs/${seeded.club.id}/admin/announcements/${announcement.body.data.id}/email-blast`

    const before = await host().http.get(path, seeded.admin.headers)
    expect(before.body.data).toEqual({ announcementId: announcement.body.data.id, sent: false, blast: null, deliveries: null })

    const sends = await Promise.all([host().http.post(path, {}, seeded.owner.headers), host().http.post(path, {}, seeded.admin.headers)])
    expect(sends.map((s) => s.status).sort()).toEqual([202, 409])
    const accepted = sends.find((s) => s.status === 202)!
    // The four seeded members have no e-mail address; the two added ones do.
    expect(accepted.body.data).toEqual({ announcementId: announcement.body.data.id, recipients: 2, skippedWithoutEmail: 4 })
    expect(sends.find((s) => s.status === 409)!.body.code).toBe("ANNOUNCEMENT_ALREADY_BLASTED")

    const after = await host().http.get(path, seeded.owner.headers)
    expect(after.body.data).toMatchObject({ sent: true, blast: { recipients: 2, skippedWithoutEmail: 4 } })
    const deliveries = after.body.data.deliveries as Record<string, number>
    expect(Object.values(deliveries).reduce((a, b) => a + b, 0)).toBe(2)
  })

  it("refuses members, other clubs' announcements and unknown ones", async () => {
    const a = await seedClub(host())
    const b = await seedClub(host())
    const announcement = await host().http.post(`/v2/clubs/${a.club.id}/admin/announcements`, { title: "Only A", body: "Hi" }, a.owner.headers)
    expect((await host().http.post(`/v2/clubs/${a.club.id}/admin/announcements/${announcement.body.data.id}/email-blast`, {}, a.member.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/clubs/${b.club.id}/admin/announcements/${announcement.body.data.id}/email-blast`, {}, b.owner.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${a.club.id}/admin/announcements/00000000-0000-4000-8000-000000000000/email-blast`, a.owner.headers)).status).toBe(404)
  })
})

describe("club event creation", () => {
  it("is disabled at launch", async () => {
    const seeded = await seedClub(host())
    const res = await host().http.post(`/v2/clubs/${seeded.club.id}/events`, { title: "Club 10K" }, seeded.owner.headers)
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ code: "CLUB_EVENT_CREATION_DISABLED", data: null })
    expect((await host().http.post(`/v2/clubs/${seeded.club.id}/events`, {}, seeded.member.headers)).body.code).toBeUndefined()
  })
})
