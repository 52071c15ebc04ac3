/**
 * Club chat and feed through the feed/chat provider (local adapter): members read a channel's
 * messages (default #general, paging with `before`), anyone who may see the club reads its posts,
 * admins read any club's chat, delete a message of that club only (audited) and see the latest
 * activity across clubs.
 */
import { Clubs, Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { clubAdmin, clubIn, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host())
}, 60_000)

const generalOf = async (clubId: string) => (await host().run(Clubs.listChannels(clubId, false)))[0]!
const say = (channelId: string, userId: string, text: string) =>
  host().run(Effect.flatMap(Platform.FeedChat, (f) => f.postMessage(Platform.clubChatChannel(channelId), userId, text)))

describe("club chat", () => {
  it("shows members the messages of #general by default, newest first, page by page", async () => {
    const seeded = await seedClub(host())
    const general = await generalOf(seeded.club.id)
    for (const text of ["one", "two", "three"]) {
      await say(general.id, seeded.member.user.id, text)
      await new Promise((r) => setTimeout(r, 5))
    }
    const first = await host().http.get(`/v2/clubs/${seeded.club.id}/messages?limit=2`, seeded.member.headers)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ channelId: general.id, channelName: "general" })
    expect(first.body.data.items.map((m: { text: string }) => m.text)).toEqual(["three", "two"])
    const next = await host().http.get(`/v2/clubs/${seeded.club.id}/messages?limit=2&before=${first.body.data.nextBefore}`, seeded.member.headers)
    expect(next.body.data.items.map((m: { text: string }) => m.text)).toEqual(["one"])
    expect(next.body.data.nextBefore).toBeNull()
  })

  it("reads another channel of the club, never one of another club, and only for members", async () => {
    const a = await seedClub(host())
    const b = await seedClub(host())
    const channel = await host().http.post(`/v2/clubs/${a.club.id}/channels`, { name: "track" }, a.owner.headers)
    await say(channel.body.data.id, a.owner.user.id, "intervals at 6")
    const read = await host().http.get(`/v2/clubs/${a.club.id}/messages?channelId=${channel.body.data.id}`, a.member.headers)
    expect(read.body.data.items.map((m: { text: string }) => m.text)).toEqual(["intervals at 6"])
    expect((await host().http.get(`/v2/clubs/${b.club.id}/messages?channelId=${channel.body.data.id}`, b.member.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${a.club.id}/messages`, (await newAthlete(host())).headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${a.club.id}/messages?channelId=nope`, a.member.headers)).status).toBe(400)
  })

  it("shows the club's feed posts to anyone who may see the club", async () => {
    const seeded = await seedClub(host())
    await host().run(Effect.flatMap(Platform.FeedChat, (f) => f.publishPost(Platform.clubFeed(seeded.club.id), { actor: seeded.owner.user.id, verb: "post", text: "Welcome!" })))
    const posts = await host().http.get(`/v2/clubs/${seeded.club.id}/posts`)
    expect(posts.status).toBe(200)
    expect(posts.body.data).toMatchObject({ page: 1, limit: 20, items: [{ actor: seeded.owner.user.id, verb: "post", text: "Welcome!" }] })
    const { club } = await clubIn(host(), "DRAFT")
    expect((await host().http.get(`/v2/clubs/${club.id}/posts`)).status).toBe(404)
  })
})

describe("club chat moderation (admin)", () => {
  it("reads a club's chat, deletes one of its messages (audited) and refuses another club's", async () => {
    const a = await seedClub(host())
    const b = await seedClub(host())
    const message = await say((await generalOf(a.club.id)).id, a.member.user.id, "spam spam")
    const listed = await host().http.get(`/v2/admin/clubs/${a.club.id}/chat/messages`, admin.headers)
    expect(listed.body.data.items.map((m: { id: string }) => m.id)).toContain(message.id)
    expect((await host().http.delete(`/v2/admin/clubs/${b.club.id}/chat/messages/${message.id}`, undefined, admin.headers)).status).toBe(404)
    const deleted = await host().http.delete(`/v2/admin/clubs/${a.club.id}/chat/messages/${message.id}`, undefined, admin.headers)
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toMatchObject({ id: message.id, userId: a.member.user.id, text: "spam spam" })
    expect((await host().http.delete(`/v2/admin/clubs/${a.club.id}/chat/messages/${message.id}`, undefined, admin.headers)).body.code).toBe("CLUB_CHAT_MESSAGE_NOT_FOUND")
    const audit = await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: a.club.id, action: "club.chat.message_deleted", limit: 5 })))
    expect(audit).toHaveLength(1)
  })

  it("lists the latest activity across clubs and checks the permission", async () => {
    const seeded = await seedClub(host())
    const general = await generalOf(seeded.club.id)
    await say(general.id, seeded.owner.user.id, "latest news")
    const activity = await host().http.get("/v2/admin/clubs/chat/recent-activity?limit=5", admin.headers)
    expect(activity.status).toBe(200)
    expect(activity.body.data[0]).toMatchObject({ clubId: seeded.club.id, channelId: general.id, channelName: "general", lastMessage: { text: "latest news" } })
    const other = await clubAdmin(host(), ["notifications.manage"])
    expect((await host().http.get("/v2/admin/clubs/chat/recent-activity", other.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/admin/clubs/${seeded.club.id}/chat/messages`, seeded.owner.headers)).status).toBe(403)
    expect((await host().http.get("/v2/admin/clubs/not-a-uuid/chat/messages", admin.headers)).status).toBe(400)
  })
})
