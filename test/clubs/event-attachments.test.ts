/**
 * Club event attachments through the real host: the club's discoverable events (published public
 * upcoming, searchable, minus those it holds), the attach request (REQUESTED, emits
 * club.event_attach.requested once, concurrent requests make one attachment), the organizer's
 * decision (approve/reject; concurrent decisions: one wins, the other 409), detach and asking
 * again, with the club tenancy rules (OWNER/ADMIN) and the organizer's (OWNER/ADMIN decide).
 */
import { Events, Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { inDays, publishedEvent } from "../events/support.js"
import { useRealHost } from "../support/real-host.js"
import { seedClub } from "./support.js"

const host = useRealHost(import.meta.url)

let org: SeededOrganizer
let reviewer: Record<string, string>
beforeAll(async () => {
  org = await seedOrganizer(host(), "Attach Org")
  reviewer = await adminWithPermissions(host(), ["events.review"])
})

let word = 0
/** A published public event whose title carries a word no other test's does. */
const liveEvent = async (overrides: Record<string, unknown> = {}) => {
  const tag = `zq${Date.now().toString(36)}x${(word++).toString(36)}`
  const ready = await publishedEvent(host(), org, reviewer, { title: `Riverside ${tag} Run`, ...overrides })
  return { id: ready.id, tag }
}

const clubEvents = async (clubId: string) =>
  (await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectKind: "club", subjectId: clubId, limit: 100 })))).map((r) => r.action)

const discoverable = (clubId: string, headers: Record<string, string>, q: string) =>
  host().http.get(`/v2/clubs/${clubId}/admin/discoverable-events?q=${encodeURIComponent(q)}&limit=100`, headers)
const attach = (clubId: string, eventId: string, headers: Record<string, string>) => host().http.post(`/v2/clubs/${clubId}/admin/events/${eventId}/attach`, undefined, headers)
const decide = (eventId: string, attachmentId: string, decision: "approve" | "reject", headers: Record<string, string>, body?: unknown) =>
  decision === "approve"
    ? host().http.post(`/v2/organizers/events/${eventId}/club-attachments/${attachmentId}/approve`, body, headers)
    : host().http.post(`/v2/organizers/events/${eventId}/club-attachments/${attachmentId}/reject`, body, headers)

describe("club event attachments", () => {
  it("only signed-in club OWNERs and ADMINs reach the club's attachment workspace", async () => {
    const s = await seedClub(host())
    const event = await liveEvent()
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/discoverable-events`)).status).toBe(401)
    expect((await discoverable(s.club.id, s.member.headers, event.tag)).status).toBe(403)
    expect((await discoverable(s.club.id, s.moderator.headers, event.tag)).status).toBe(403)
    expect((await attach(s.club.id, event.id, s.member.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/event-attachments`, s.member.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/admin/event-attachments/${event.id}/detach`, undefined, s.member.headers)).status).toBe(403)
    expect((await attach(s.club.id, event.id, {})).status).toBe(401)
  })

  it("lists published upcoming events, attaches one as REQUESTED once and no longer offers it", async () => {
    const s = await seedClub(host())
    const event = await liveEvent()
    const found = await discoverable(s.club.id, s.admin.headers, event.tag)
    expect(found.status).toBe(200)
    expect(found.body.data.items.map((e: { id: string }) => e.id)).toEqual([event.id])
    expect(found.body.data).toMatchObject({ total: 1, page: 1, limit: 100 })

    const first = await attach(s.club.id, event.id, s.owner.headers)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ clubId: s.club.id, eventId: event.id, organizerId: org.id, status: "REQUESTED", requestedBy: s.owner.user.id, event: { id: event.id, status: "published" } })
    const again = await attach(s.club.id, event.id, s.admin.headers)
    expect(again.body.data).toMatchObject({ id: first.body.data.id, status: "REQUESTED" })
    expect((await clubEvents(s.club.id)).filter((a) => a === "club.event_attach.requested")).toHaveLength(1)

    expect((await discoverable(s.club.id, s.owner.headers, event.tag)).body.data.items).toEqual([])
    const list = await host().http.get(`/v2/clubs/${s.club.id}/admin/event-attachments`, s.owner.headers)
    expect(list.status).toBe(200)
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id: first.body.data.id, status: "REQUESTED", event: { id: event.id } }] })
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/event-attachments?status=ATTACHED`, s.owner.headers)).body.data.total).toBe(0)
    const badStatus = await host().http.get(`/v2/clubs/${s.club.id}/admin/event-attachments?status=LIVE`, s.owner.headers)
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.message).toEqual(["status must be one of the following values: REQUESTED, ATTACHED, REJECTED, DETACHED"])
  })

  it("leaves out private events and answers 404 for them and for unknown event ids", async () => {
    const s = await seedClub(host())
    const privateOne = await liveEvent({ visibility: "private" })
    expect((await discoverable(s.club.id, s.owner.headers, privateOne.tag)).body.data.items).toEqual([])
    const missing = await attach(s.club.id, privateOne.id, s.owner.headers)
    expect(missing.status).toBe(404)
    expect((await attach(s.club.id, "not-an-id", s.owner.headers)).status).toBe(404)
    expect((await attach(s.club.id, "00000000-0000-4000-8000-00000000beef", s.owner.headers)).status).toBe(404)
  })

  it("makes one attachment of two concurrent requests and emits the request once", async () => {
    const s = await seedClub(host())
    const event = await liveEvent()
    const [a, b] = await Promise.all([attach(s.club.id, event.id, s.owner.headers), attach(s.club.id, event.id, s.admin.headers)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.data.id).toBe(b.body.data.id)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/event-attachments`, s.owner.headers)).body.data.total).toBe(1)
    expect((await clubEvents(s.club.id)).filter((x) => x === "club.event_attach.requested")).toHaveLength(1)
  })

  it("lets the organizer approve or reject a request, once", async () => {
    const s = await seedClub(host())
    const event = await liveEvent()
    const requested = (await attach(s.club.id, event.id, s.owner.headers)).body.data
    const listed = await host().http.get(`/v2/organizers/events/${event.id}/club-attachments`, org.viewer.headers)
    expect(listed.status).toBe(200)
    expect(listed.body.data.items.map((a: { id: string }) => a.id)).toContain(requested.id)
    expect((await host().http.get(`/v2/organizers/events/${event.id}/club-attachments`)).status).toBe(401)
    expect((await decide(event.id, requested.id, "approve", org.viewer.headers)).status).toBe(403)
    expect((await decide(event.id, requested.id, "approve", s.owner.headers)).status).toBe(403)

    const short = await decide(event.id, requested.id, "reject", org.admin.headers, { reason: "no" })
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])

    const [x, y] = await Promise.all([decide(event.id, requested.id, "approve", org.owner.headers), decide(event.id, requested.id, "reject", org.admin.headers, { reason: "Not a partner club of ours" })])
    expect([x.status, y.status].sort()).toEqual([200, 409])
    const loser = x.status === 409 ? x : y
    expect(loser.body.code).toBe("CLUB_EVENT_ATTACHMENT_MOVE_REFUSED")
    const winner = x.status === 200 ? x.body.data : y.body.data
    expect(["ATTACHED", "REJECTED"]).toContain(winner.status)
    expect(winner.decidedBy).toMatch(/^organizer:/)
    expect((await clubEvents(s.club.id)).filter((a) => a === "club.event_attach.approved" || a === "club.event_attach.rejected")).toHaveLength(1)
  })

  it("detaches an attached event once, offers it again and lets the club ask anew", async () => {
    const s = await seedClub(host())
    const event = await liveEvent()
    const requested = (await attach(s.club.id, event.id, s.owner.headers)).body.data
    const approved = await decide(event.id, requested.id, "approve", org.owner.headers)
    expect(approved.body.data).toMatchObject({ status: "ATTACHED" })
    expect((await attach(s.club.id, event.id, s.owner.headers)).body.data).toMatchObject({ id: requested.id, status: "ATTACHED" })

    const other = await seedClub(host())
    expect((await host().http.post(`/v2/clubs/${other.club.id}/admin/event-attachments/${requested.id}/detach`, undefined, other.owner.headers)).status).toBe(404)

    const detach = () => host().http.post(`/v2/clubs/${s.club.id}/admin/event-attachments/${requested.id}/detach`, undefined, s.admin.headers)
    const [d1, d2] = await Promise.all([detach(), detach()])
    expect([d1.status, d2.status].sort()).toEqual([200, 409])
    expect((d1.status === 200 ? d1 : d2).body.data).toMatchObject({ status: "DETACHED", detachedBy: s.admin.user.id })
    expect((d1.status === 409 ? d1 : d2).body.code).toBe("CLUB_EVENT_ATTACHMENT_MOVE_REFUSED")

    expect((await discoverable(s.club.id, s.owner.headers, event.tag)).body.data.items.map((e: { id: string }) => e.id)).toEqual([event.id])
    const anew = await attach(s.club.id, event.id, s.owner.headers)
    expect(anew.body.data).toMatchObject({ id: requested.id, status: "REQUESTED", decidedBy: null, detachedAt: null })
    expect((await clubEvents(s.club.id)).filter((a) => a === "club.event_attach.requested")).toHaveLength(2)
  })

  it("refuses an event that has ended (409 CLUB_EVENT_ENDED)", async () => {
    const s = await seedClub(host())
    const event = await liveEvent()
    // Published events cannot be moved into the past through the API: the dates are set in the store.
    await host().run(Effect.flatMap(Events.EventRepo, (r) => r.update(event.id, { startsAt: new Date(inDays(-3)), endsAt: new Date(inDays(-2)) })))
    const ended = await attach(s.club.id, event.id, s.owner.headers)
    expect(ended.status).toBe(409)
    expect(ended.body.code).toBe("CLUB_EVENT_ENDED")
    expect((await discoverable(s.club.id, s.owner.headers, event.tag)).body.data.items).toEqual([])
  })
})
