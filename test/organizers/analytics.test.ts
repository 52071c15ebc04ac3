/**
 * Organizer analytics and audience through the real host: tenancy (401, 403 to athletes and other
 * organizers, VIEWER reads but may not export), figures computed from real bookings, payments and
 * check-ins, not-instrumented metrics, the audience's privacy, the CSV export, signed cohort links,
 * portal event analytics, benchmarking and the filtered team activity log.
 */
import { Effect } from "effect"
import { Clubs, Organizers, Platform } from "@podium/core"
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "./support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, payAndDeliver, person, seedEvent } from "../registrations/support.js"

const host = useRealHost(import.meta.url)

/** Two events; athlete A books both (one paid 50000), athlete B books the first; one seat checked in. */
const scenario = async () => {
  const org = await seedOrganizer(host())
  const first = await seedEvent(host(), org.id)
  const second = await seedEvent(host(), org.id, { price: 50_000 })
  const a = await newAthlete(host())
  const b = await newAthlete(host())
  const aFirst = (await bookAs(host(), a.headers, first, [person({ firstName: "Meera", lastName: "Iyer", email: "meera@example.com", phoneNumber: "+919811111111" })])).body.data
  const bFirst = (await bookAs(host(), b.headers, first, [person({ firstName: "Ravi", lastName: "Kumar", email: "ravi@example.com" }), person()])).body.data
  const paid = (await bookAs(host(), a.headers, second, [person({ firstName: "Meera", lastName: "Iyer", email: "meera@example.com" })])).body.data
  const { ingest } = await payAndDeliver(host(), paid.payment.orderId)
  await ingest()
  const scan = await host().http.post(`/v2/organizer/events/${first.eventId}/check-in/scan`, { code: aFirst.participants[0].ticketCode }, org.admin.headers)
  expect(scan.body.data.result).toBe("ok")
  return { org, first, second, a, b, aFirst, bFirst }
}


describe("organizer analytics: who may read", () => {
  it("answers 401 without a token, 403 to athletes and to another organizer's team; VIEWER reads, export and identified values need OWNER/ADMIN", async () => {
    const { org, a } = await scenario()
    const other = await seedOrganizer(host(), "Other")
    const path = `/v2/organizers/${org.id}/analytics/aggregate`
    expect((await host().http.get(path)).status).toBe(401)
    expect((await host().http.get(path, a.headers)).status).toBe(403)
    expect((await host().http.get(path, other.owner.headers)).status).toBe(403)
    expect((await host().http.get(path, org.viewer.headers)).status).toBe(200)
    expect((await host().http.get(`/v2/organizers/${org.id}/audience/export.csv`, org.viewer.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/organizers/${org.id}/analytics-identified/lifetime-value`, org.viewer.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/organizers/${org.id}/analytics-identified/lifetime-value`, org.admin.headers)).status).toBe(200)
    // The portal acts for the caller's own organizer: another team sees its own (empty) audience, never this one.
    expect((await host().http.get("/v2/organizer/audience", other.owner.headers)).body.data.total).toBe(0)
    expect((await host().http.get("/v2/organizer/audience", { ...other.owner.headers, "x-organizer-id": org.id })).status).toBe(403)
  })
})

describe("organizer analytics", () => {
  it("aggregates bookings, seats, check-ins, athletes and revenue from the recorded bookings", async () => {
    const { org } = await scenario()
    const res = await host().http.get(`/v2/organizers/${org.id}/analytics/aggregate`, org.viewer.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ events: 2, bookings: 3, seats: 4, checkedIn: 1, checkInRate: 0.25, athletes: 2, revenue: [{ currency: "INR", amount: 50_000 }], truncated: false })
  })

  it("answers attribution and demographics it does not record as notInstrumented, with real seat figures", async () => {
    const { org } = await scenario()
    const attribution = (await host().http.get(`/v2/organizers/${org.id}/analytics/attribution`, org.viewer.headers)).body.data
    expect(attribution).toMatchObject({ bookings: 3, sources: { notInstrumented: true } })
    expect(attribution.sources.reason).toMatch(/source/)
    const demo = (await host().http.get(`/v2/organizers/${org.id}/analytics/demographics`, org.viewer.headers)).body.data
    expect(demo).toMatchObject({ athletes: 2, seats: 4, gender: { notInstrumented: true }, ageBands: { notInstrumented: true } })
    expect(demo.seatsPerBooking).toEqual([{ seats: 1, bookings: 2 }, { seats: 2, bookings: 1 }])
    expect(demo.seatsByEventCity).toEqual([{ value: "Pune", count: 4 }])
    const deep = (await host().http.get(`/v2/organizers/${org.id}/analytics/demographics-deep-dive`, org.viewer.headers)).body.data
    expect(deep.events.map((e: { athletes: number; firstTimers: number; returning: number }) => [e.athletes, e.firstTimers, e.returning])).toEqual([[2, 2, 0], [1, 0, 1]])
  })

  it("splits an event's athletes into first-timers and returning, and counts repeat participants and cohorts", async () => {
    const { org, first, second } = await scenario()
    expect((await host().http.get(`/v2/organizers/${org.id}/analytics/events/${first.eventId}/first-timer-split`, org.viewer.headers)).body.data)
      .toMatchObject({ athletes: 2, firstTimers: 2, returning: 0, firstTimerRate: 1 })
    expect((await host().http.get(`/v2/organizers/${org.id}/analytics/events/${second.eventId}/first-timer-split`, org.viewer.headers)).body.data)
      .toMatchObject({ athletes: 1, firstTimers: 0, returning: 1 })
    const repeat = (await host().http.get(`/v2/organizers/${org.id}/analytics/repeat-participants`, org.viewer.headers)).body.data
    expect(repeat).toMatchObject({ athletes: 2, repeatAthletes: 1, repeatRate: 0.5, byEventCount: [{ events: 1, athletes: 1 }, { events: 2, athletes: 1 }] })
    const cohorts = (await host().http.get(`/v2/organizers/${org.id}/analytics/cohort`, org.viewer.headers)).body.data.cohorts
    expect(cohorts).toEqual([{ cohort: new Date().toISOString().slice(0, 7), athletes: 2, returned: [] }])
  })

  it("counts hybrid racing among booked athletes only, per event and per event place", async () => {
    const { org, first, a } = await scenario()
    const stranger = await newAthlete(host())
    expect((await host().http.post(`/v2/hybrid-race/${first.eventId}/start`, {}, a.headers)).status).toBe(201)
    expect((await host().http.post(`/v2/hybrid-race/${first.eventId}/start`, {}, stranger.headers)).status).toBe(201)
    const hybrid = (await host().http.get(`/v2/organizers/${org.id}/analytics/hybrid`, org.viewer.headers)).body.data
    expect(hybrid).toMatchObject({ bookedAthletes: 3, hybridAthletes: 1, running: 1, finished: 0, medianElapsedSeconds: null })
    expect(hybrid.events.find((e: { eventId: string }) => e.eventId === first.eventId)).toMatchObject({ bookedAthletes: 2, hybridAthletes: 1, hybridShare: 0.5 })
    const geo = (await host().http.get(`/v2/organizers/${org.id}/analytics/hybrid-geo`, org.viewer.headers)).body.data
    expect(geo.athleteLocations.notInstrumented).toBe(true)
    expect(geo.places).toEqual([{ city: "Pune", country: "IN", events: 2, bookedAthletes: 3, hybridAthletes: 1, hybridShare: 0.33 }])
  })

  it("answers 404 for another organizer's event", async () => {
    const { org } = await scenario()
    const other = await seedOrganizer(host(), "Other")
    const theirs = await seedEvent(host(), other.id)
    expect((await host().http.get(`/v2/organizers/${org.id}/analytics/events/${theirs.eventId}/first-timer-split`, org.viewer.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/organizer/analytics/events/${theirs.eventId}/funnel`, org.viewer.headers)).status).toBe(404)
  })

  it("computes lifetime values and club affiliations from memberships", async () => {
    const { org, a, b } = await scenario()
    const ltv = (await host().http.get(`/v2/organizers/${org.id}/analytics/lifetime-value`, org.viewer.headers)).body.data
    expect(ltv).toMatchObject({ athletes: 2, byCurrency: [{ currency: "INR", total: 50_000, mean: 25_000, median: 25_000, max: 50_000 }], meanEventsPerAthlete: 1.5 })
    expect((await host().http.get(`/v2/organizers/${org.id}/analytics/club-affiliations`, org.viewer.headers)).body.data).toMatchObject({ athletes: 2, affiliated: 0, unaffiliated: 2, clubs: [] })
    const club = await host().run(Effect.flatMap(Clubs.ClubRepo, (r) =>
      r.create({ name: "Pune Striders", slug: `pune-striders-${a.user.id.slice(0, 8)}`, description: null, sportIds: [], city: "Pune", clubType: "COMMUNITY", requiresApproval: false, ownerUserId: a.user.id })).pipe(Effect.orDie))
    await host().run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.upsert(club.id, a.user.id, "ACTIVE", "MEMBER")))
    const clubs = (await host().http.get(`/v2/organizers/${org.id}/analytics/club-affiliations`, org.viewer.headers)).body.data
    expect(clubs).toMatchObject({ athletes: 2, affiliated: 1, unaffiliated: 1, clubs: [{ clubId: club.id, clubName: "Pune Striders", athletes: 1, share: 0.5 }] })
    const one = (await host().http.get(`/v2/organizers/${org.id}/audience/${a.user.id}/lifetime-value`, org.viewer.headers)).body.data
    expect(one).toMatchObject({ userId: a.user.id, bookings: 2, events: 2, seats: 2, spend: [{ currency: "INR", amount: 50_000 }] })
    expect((await host().http.get(`/v2/organizers/${org.id}/audience/${b.user.id}/lifetime-value`, org.viewer.headers)).body.data.spend).toEqual([{ currency: "INR", amount: 0 }])
    const stranger = await newAthlete(host())
    expect((await host().http.get(`/v2/organizers/${org.id}/audience/${stranger.user.id}/lifetime-value`, org.viewer.headers)).status).toBe(404)
  })
})

describe("organizer audience", () => {
  it("lists only athletes who booked, with the contact their booking shared to OWNER/ADMIN and withheld from VIEWERs, searchable and paged", async () => {
    const { org, a, b } = await scenario()
    await newAthlete(host())
    const list = (await host().http.get(`/v2/organizers/${org.id}/audience?limit=1`, org.admin.headers)).body.data
    expect(list).toMatchObject({ total: 2, page: 1, limit: 1 })
    expect(list.items[0]).toMatchObject({ userId: a.user.id, name: "Meera Iyer", email: "meera@example.com", phoneNumber: null, events: 2 })
    const ravi = (await host().http.get(`/v2/organizers/${org.id}/audience?q=ravi`, org.admin.headers)).body.data
    expect(ravi.items.map((x: { userId: string }) => x.userId)).toEqual([b.user.id])
    const masked = (await host().http.get(`/v2/organizers/${org.id}/audience?limit=1`, org.viewer.headers)).body.data.items[0]
    expect(masked).toMatchObject({ userId: a.user.id, name: null, email: null, phoneNumber: null, events: 2 })
    expect((await host().http.get(`/v2/organizers/${org.id}/audience?q=ravi`, org.viewer.headers)).body.data.total).toBe(0)
    expect((await host().http.get(`/v2/organizers/${org.id}/audience?limit=500`, org.viewer.headers)).body.message).toEqual(["limit must be an integer between 1 and 100"])
    const portal = (await host().http.get("/v2/organizer/audience", org.viewer.headers)).body.data
    expect(portal.total).toBe(2)
    expect((await host().http.get(`/v2/organizer/audience/${b.user.id}`, org.owner.headers)).body.data).toMatchObject({ userId: b.user.id, name: "Ravi Kumar", seats: 2 })
    const timeline = (await host().http.get(`/v2/organizer/audience/${a.user.id}/timeline`, org.viewer.headers)).body.data
    expect(timeline.map((t: { status: string; amount: number }) => [t.status, t.amount])).toEqual([["CONFIRMED", 50_000], ["CONFIRMED", 0]])
    expect((await host().http.get("/v2/organizer/audience/summary", org.viewer.headers)).body.data).toMatchObject({ athletes: 2, newLast30Days: 2, activeLast30Days: 2, repeatAthletes: 1 })
    const identified = (await host().http.get(`/v2/organizers/${org.id}/analytics-identified/lifetime-value`, org.owner.headers)).body.data
    expect(identified.items[0]).toMatchObject({ userId: a.user.id, email: "meera@example.com" })
  })

  it("exports the audience as CSV to OWNER and ADMIN", async () => {
    const { org, a } = await scenario()
    const res = await host().http.get(`/v2/organizers/${org.id}/audience/export.csv`, org.admin.headers)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toMatch(/text\/csv/)
    const lines = res.text.trim().split("\r\n")
    expect(lines[0]).toBe("userId,name,email,phoneNumber,bookings,events,seats,spend,firstBookedAt,lastBookedAt")
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(a.user.id)
  })

  it("signs cohort links that verify for the organizer, and refuses tampered, foreign and expired ones", async () => {
    const { org, a, b } = await scenario()
    const month = new Date().toISOString().slice(0, 7)
    const created = await host().http.post("/v2/organizer/audience/cohort-link", { cohort: month }, org.viewer.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ cohort: month, athletes: 2 })
    const verified = await host().http.post("/v2/organizer/audience/cohort-link/verify", { token: created.body.data.token }, org.viewer.headers)
    expect(verified.body.data).toMatchObject({ valid: true, cohort: month, athletes: 2 })
    expect([...verified.body.data.athleteUserIds].sort()).toEqual([a.user.id, b.user.id].sort())
    const tampered = created.body.data.token.replace(month, "1999-01")
    const bad = await host().http.post("/v2/organizer/audience/cohort-link/verify", { token: tampered }, org.viewer.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe("COHORT_LINK_INVALID")
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.post("/v2/organizer/audience/cohort-link/verify", { token: created.body.data.token }, other.owner.headers)).body.code).toBe("COHORT_LINK_INVALID")
    const grant = { organizerId: org.id, role: "OWNER", memberId: null } as unknown as Organizers.OrganizerAccessGrant
    const lapsed = await host().run(Organizers.createCohortLink(grant, { cohort: month, ttlSeconds: 60, now: new Date(Date.now() - 120_000) }))
    const expired = await host().http.post("/v2/organizer/audience/cohort-link/verify", { token: lapsed.token }, org.viewer.headers)
    expect(expired.body).toMatchObject({ code: "COHORT_LINK_INVALID", message: "Cohort link has expired" })
    expect((await host().http.post("/v2/organizer/audience/cohort-link", { cohort: "2026-13" }, org.viewer.headers)).body.message).toEqual(["cohort must be a month as YYYY-MM"])
    expect((await host().http.post("/v2/organizer/audience/cohort-link", { cohort: month, ttlSeconds: 5 }, org.viewer.headers)).body.message).toEqual(["ttlSeconds must be an integer between 60 and 2592000"])
  })
})

describe("organizer portal analytics", () => {
  it("answers the funnel (JSON and CSV), sales, average ticket price, attribution and cohorts of the caller's organizer", async () => {
    const { org, first, second } = await scenario()
    const funnel = (await host().http.get(`/v2/organizer/analytics/events/${first.eventId}/funnel`, org.viewer.headers)).body.data
    expect(funnel.views.notInstrumented).toBe(true)
    expect(funnel.stages.map((s: { stage: string; count: number }) => [s.stage, s.count])).toEqual([["started", 2], ["confirmed", 2], ["seats", 3], ["checkedIn", 1]])
    const csv = await host().http.get(`/v2/organizer/analytics/events/${first.eventId}/funnel.csv`, org.viewer.headers)
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/)
    expect(csv.text).toContain("checkedIn,1,0.33")
    const sales = (await host().http.get(`/v2/organizer/analytics/events/${second.eventId}/sales`, org.viewer.headers)).body.data
    expect(sales).toMatchObject({ bookings: 1, seats: 1, revenue: [{ currency: "INR", amount: 50_000 }], byTicket: [{ ticketId: second.ticketId, bookings: 1 }] })
    expect(sales.daily).toHaveLength(1)
    expect((await host().http.get(`/v2/organizer/analytics/events/${second.eventId}/avg-ticket-price`, org.viewer.headers)).body.data.byCurrency)
      .toEqual([{ currency: "INR", seats: 1, revenue: 50_000, averageSeatPrice: 50_000 }])
    expect((await host().http.get("/v2/organizer/analytics/attribution", org.viewer.headers)).body.data.sources.notInstrumented).toBe(true)
    expect((await host().http.get("/v2/organizer/analytics/cohorts", org.viewer.headers)).body.data.cohorts[0].athletes).toBe(2)
  })

  it("benchmarks an event against the organizer's other events and the platform", async () => {
    const { org, first } = await scenario()
    const res = (await host().http.get(`/v2/organizer/benchmarking/events/${first.eventId}`, org.viewer.headers)).body.data
    expect(res.event).toMatchObject({ seats: 3, revenue: 0, checkedIn: 1 })
    expect(res.organizerOtherEvents).toMatchObject({ events: 1, medianSeats: 1, medianRevenue: 50_000 })
    expect(res.platform.events).toBeGreaterThanOrEqual(2)
  })

  it("lists the team's activity filtered by actor, action and period", async () => {
    const { org } = await scenario()
    const append = (action: string, actorId: string) =>
      host().run(Effect.flatMap(Platform.AuditLog, (log) => log.append({ action, actor: { kind: "organizer", id: actorId }, subject: { kind: "organizer", id: org.id } })))
    await append("organizer.event.updated", org.admin.memberId)
    await append("organizer.team.invited", org.owner.memberId)
    const all = (await host().http.get("/v2/organizer/activity", org.viewer.headers)).body.data
    expect(all.items.length).toBeGreaterThanOrEqual(2)
    const byActor = (await host().http.get(`/v2/organizer/activity?actorId=${org.admin.memberId}`, org.viewer.headers)).body.data.items
    expect(byActor.map((i: { action: string }) => i.action)).toEqual(["organizer.event.updated"])
    expect((await host().http.get("/v2/organizer/activity?action=organizer.team.invited", org.viewer.headers)).body.data.items).toHaveLength(1)
    expect((await host().http.get("/v2/organizer/activity?from=2999-01-01", org.viewer.headers)).body.data.items).toHaveLength(0)
    expect((await host().http.get("/v2/organizer/activity?from=yesterday", org.viewer.headers)).body.message).toEqual(["from must be an ISO-8601 date or date-time"])
    expect((await host().http.get("/v2/organizer/activity")).status).toBe(401)
  })
})
