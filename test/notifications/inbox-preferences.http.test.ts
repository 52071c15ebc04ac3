/**
 * The athlete notification surface through the real host: preferences and category preferences
 * (honoured by the sender: a disabled category gets no inbox record and its push is SKIPPED with the
 * reason on the log row), push device tokens (enable deactivates the prior token, disable), the
 * admin "send to all" and the inbox (own list, mark seen, someone else's record is 404).
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { drainOnce, signInAdmin, signInUser } from "./http-support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>
type User = { readonly headers: Record<string, string>; readonly id: string }
const subOf = (headers: Record<string, string>) =>
  JSON.parse(Buffer.from(headers.authorization!.split(".")[1]!, "base64url").toString()).sub as string
const newUser = async (): Promise<User> => {
  const headers = await signInUser(host)
  return { headers, id: subOf(headers) }
}
let alice: User
let bob: User
beforeAll(async () => {
  admin = await signInAdmin(host)
  alice = await newUser()
  bob = await newUser()
}, 60_000)

const request = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const get = (path: string, headers: Record<string, string>) => host.http.get(path, { headers })

describe("athlete notification preferences over HTTP", () => {
  it("requires a signed-in caller and guards other users' settings", async () => {
    expect((await host.http.get("/v2/notifications/preferences")).status).toBe(401)
    expect((await host.http.get("/v2/notifications")).status).toBe(401)
    expect((await get(`/v2/notifications/users/${bob.id}/category-preferences`, alice.headers)).status).toBe(403)
    expect((await request("PATCH", `/v2/notifications/users/${bob.id}/category-preferences`, { events: false }, alice.headers)).status).toBe(403)
    expect((await request("POST", `/v2/notifications/users/${bob.id}/enable`, { token: "device-token-x1" }, alice.headers)).status).toBe(403)
    expect((await request("POST", `/v2/notifications/users/${bob.id}/disable`, {}, alice.headers)).status).toBe(403)
    expect((await request("POST", "/v2/notifications", { title: "Hi", body: "All" }, alice.headers)).status).toBe(403)
    // an admin may act for a user
    expect((await get(`/v2/notifications/users/${bob.id}/category-preferences`, admin)).status).toBe(200)
  })

  it("reads defaults (everything enabled) and patches channel and category switches", async () => {
    const user = await newUser()
    const before = await get("/v2/notifications/preferences", user.headers)
    expect(before.status).toBe(200)
    expect(before.body.data).toEqual({
      channels: { email: true, sms: true, push: true, chatapp: true },
      categories: { challenges: true, events: true, activity: true, marketing: true }
    })
    const patched = await request("PATCH", "/v2/notifications/preferences", { channels: { sms: false }, categories: { marketing: false } }, user.headers)
    expect(patched.status).toBe(200)
    expect(patched.body.data.channels).toEqual({ email: true, sms: false, push: true, chatapp: true })
    expect(patched.body.data.categories.marketing).toBe(false)
    const again = await request("PATCH", "/v2/notifications/preferences", { channels: { sms: true } }, user.headers)
    expect(again.body.data.channels.sms).toBe(true)
    expect(again.body.data.categories.marketing).toBe(false)
  })

  it("rejects malformed preference bodies with field messages", async () => {
    const bad = await request("PATCH", "/v2/notifications/preferences", { channels: { sms: "no" } }, alice.headers)
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body.message)).toContain("must be a boolean value")
    const badCat = await request("PATCH", `/v2/notifications/users/${alice.id}/category-preferences`, { events: "off", activity: 3 }, alice.headers)
    expect(badCat.status).toBe(400)
    expect(badCat.body.message.length).toBeGreaterThanOrEqual(2)
    expect((await get("/v2/notifications/users/not-a-uuid/category-preferences", alice.headers)).status).toBe(400)
  })

  it("updates category preferences (challenges, events, activity) per user", async () => {
    const read = await get(`/v2/notifications/users/${alice.id}/category-preferences`, alice.headers)
    expect(read.body.data).toEqual({ userId: alice.id, challenges: true, events: true, activity: true })
    const patched = await request("PATCH", `/v2/notifications/users/${alice.id}/category-preferences`, { events: false }, alice.headers)
    expect(patched.status).toBe(200)
    expect(patched.body.data).toEqual({ userId: alice.id, challenges: true, events: false, activity: true })
    const prefs = await get("/v2/notifications/preferences", alice.headers)
    expect(prefs.body.data.categories.events).toBe(false)
  })

  it("enable registers a device token and deactivates the prior one; disable marks it inactive", async () => {
    const user = await newUser()
    const first = await request("POST", `/v2/notifications/users/${user.id}/enable`, { token: "device-token-first", platform: "android" }, user.headers)
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ userId: user.id, token: "device-token-first", platform: "android", active: true, deactivatedAt: null })
    const second = await request("POST", `/v2/notifications/users/${user.id}/enable`, { token: "device-token-second" }, user.headers)
    expect(second.body.data).toMatchObject({ token: "device-token-second", active: true })
    const tokens = await host.run(Effect.flatMap(Notifications.DeviceTokenRepo, (r) => r.listForUser(user.id)))
    expect(tokens.filter((t) => t.active).map((t) => t.token)).toEqual(["device-token-second"])
    const disabled = await request("POST", `/v2/notifications/users/${user.id}/disable`, { token: "device-token-second" }, user.headers)
    expect(disabled.status).toBe(201)
    expect(disabled.body.data).toEqual({ disabled: 1 })
    expect((await request("POST", `/v2/notifications/users/${user.id}/disable`, {}, user.headers)).body.data).toEqual({ disabled: 0 })
    expect((await request("POST", `/v2/notifications/users/${user.id}/enable`, { token: "short" }, user.headers)).status).toBe(400)
    // concurrent enables leave exactly one active token
    await Promise.all(["device-c-1", "device-c-2", "device-c-3", "device-c-4"].map((token) =>
      request("POST", `/v2/notifications/users/${user.id}/enable`, { token }, user.headers)))
    const after = await host.run(Effect.flatMap(Notifications.DeviceTokenRepo, (r) => r.listForUser(user.id)))
    expect(after.filter((t) => t.active)).toHaveLength(1)
  })
})

describe("admin send-to-all and the inbox over HTTP", () => {
  it("honours category preferences: no inbox record, and the push is SKIPPED with the reason logged", async () => {
    // alice disabled "events" above; both get a device token
    await request("POST", `/v2/notifications/users/${alice.id}/enable`, { token: "alice-device-token" }, alice.headers)
    await request("POST", `/v2/notifications/users/${bob.id}/enable`, { token: "bob-device-token" }, bob.headers)
    const sent = await request("POST", "/v2/notifications", { title: "Race day", body: "The city marathon opens", category: "events" }, admin)
    expect(sent.status).toBe(201)
    expect(sent.body.data.recipients).toBeGreaterThanOrEqual(1)
    expect(sent.body.data.pushMessages).toBeGreaterThanOrEqual(2)

    const aliceInbox = await get("/v2/notifications", alice.headers)
    expect(aliceInbox.status).toBe(200)
    expect(aliceInbox.body.data.items.filter((n: { title: string }) => n.title === "Race day")).toHaveLength(0)
    const bobInbox = await get("/v2/notifications", bob.headers)
    expect(bobInbox.body.data.items).toEqual([expect.objectContaining({ userId: bob.id, title: "Race day", category: "events", seen: false })])
    expect(bobInbox.body.data.unseen).toBe(1)

    await drainOnce(host)
    const logs = await host.run(Effect.flatMap(Notifications.NotificationLogRepo, (r) => r.list()))
    const aliceLog = logs.find((l) => l.userId === alice.id && l.channel === "PUSH")
    const bobLog = logs.find((l) => l.userId === bob.id && l.channel === "PUSH")
    expect(aliceLog).toMatchObject({ status: "SKIPPED", error: 'category "events" disabled by the user' })
    expect(bobLog).toMatchObject({ status: "SENT" })
  })

  it("validates the send-to-all body", async () => {
    const bad = await request("POST", "/v2/notifications", { title: "", category: "spam" }, admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message.length).toBeGreaterThanOrEqual(3)
  })

  it("marks a notification seen once; someone else's is 404; admins list any user's", async () => {
    const bobInbox = await get("/v2/notifications", bob.headers)
    const id = bobInbox.body.data.items[0].id as string
    expect((await request("PATCH", `/v2/notifications/${id}`, {}, alice.headers)).status).toBe(404)
    expect((await request("PATCH", "/v2/notifications/not-an-id", {}, bob.headers)).status).toBe(404)
    const seen = await request("PATCH", `/v2/notifications/${id}`, {}, bob.headers)
    expect(seen.status).toBe(200)
    expect(seen.body.data).toMatchObject({ id, seen: true, seenAt: expect.any(String) })
    const again = await request("PATCH", `/v2/notifications/${id}`, {}, bob.headers)
    expect(again.body.data.seenAt).toBe(seen.body.data.seenAt)
    const unseen = await get("/v2/notifications?seen=false", bob.headers)
    expect(unseen.body.data).toMatchObject({ total: 0, unseen: 0 })
    const byAdmin = await get(`/v2/notifications?userId=${bob.id}&limit=5`, admin)
    expect(byAdmin.status).toBe(200)
    expect(byAdmin.body.data).toMatchObject({ total: 1, page: 1, limit: 5, hasMore: false })
    expect((await get("/v2/notifications?limit=0", bob.headers)).status).toBe(400)
  })
})
