/**
 * Editions through the real host: the organizer's upsert by year and change by id (time zone,
 * the spec's 400 wording, tenancy), the edition machine (publish, close, cancel, back to draft only
 * with nobody registered), public reads (drafts and hidden events absent), registration (free
 * confirmed, paid through the local gateway confirmed by verify or by the webhook through the inbox
 * exactly once), capacity under concurrency, and the admin override, list, detail and stats.
 */
import { LocalGatewayControl } from "@podium/providers"
import { Context } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventsCast, inDays, publishedEvent, readyDraft } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, manager: Record<string, string>
beforeAll(async () => void ({ org, reviewer, manager } = await eventsCast(host, "Editions Org")), 60_000)

const gateway = () => Context.get(host.context, LocalGatewayControl)
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = org.owner.headers) =>
  host.http.request(method, path, body, headers)

let year = 2030
/** A published event with an edition of a fresh year (published unless told otherwise). */
const editionOf = async (fields: Record<string, unknown> = {}, status = "published") => {
  const event = await publishedEvent(host, org, reviewer)
  const res = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, {
    year: ++year, startsAt: inDays(40), endsAt: inDays(40.5), capacity: 100, status, ...fields
  })
  expect(res.status).toBe(200)
  return { event, edition: res.body.data as { id: string; slug: string; [k: string]: unknown } }
}

describe("organizer editions", () => {
  it("needs an OWNER or ADMIN of the event's organizer; another organizer's event is 404", async () => {
    const event = await readyDraft(host, org)
    const body = { year: 2027, startsAt: inDays(40), endsAt: inDays(41), capacity: 10 }
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/edition`, body, {})).status).toBe(401)
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/edition`, body, org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host, "Other Editions Org")
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/edition`, body, other.owner.headers)).status).toBe(404)
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/edition`, body, org.admin.headers)).status).toBe(200)
  })

  it("creates the edition of a year in draft (dates read in the event's zone, slug from the series), then changes the same one", async () => {
    const event = await readyDraft(host, org, { title: "Kolkata Night Run" })
    const created = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, {
      year: 2027, startsAt: "2027-02-01T06:00:00", endsAt: "2027-02-01T10:00:00", capacity: 500, price: 99_900
    })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({
      eventId: event.id, year: 2027, slug: `${event.slug}-2027`, name: "Kolkata Night Run 2027", status: "draft", mode: "in_person",
      startsAt: "2027-02-01T00:30:00.000Z", endsAt: "2027-02-01T04:30:00.000Z", price: 99_900, currency: "INR", capacity: 500, registered: 0
    })
    const again = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: 2027, name: "Night Run 2027", mode: "virtual" })
    expect(again.body.data).toMatchObject({ id: created.body.data.id, name: "Night Run 2027", mode: "virtual", capacity: 500 })
    const byId = await send("PATCH", `/v2/organizers/events/${event.id}/editions/${created.body.data.id}`, { capacity: 50, registrationClosesAt: "2027-01-25T23:59:00" })
    expect(byId.status).toBe(200)
    expect(byId.body.data).toMatchObject({ capacity: 50, registrationClosesAt: "2027-01-25T18:29:00.000Z" })
    const elsewhere = await readyDraft(host, org)
    expect((await send("PATCH", `/v2/organizers/events/${elsewhere.id}/editions/${created.body.data.id}`, { capacity: 5 })).status).toBe(404)
  })

  it("answers 400 in the spec's wording for bad fields, missing dates or capacity, and dates out of order", async () => {
    const event = await readyDraft(host, org)
    const bad = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: 1900, capacity: 0, mode: "hybrid", startsAt: "soon" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "year must be an integer between 2000 and 2100",
      "capacity must be an integer between 1 and 1000000",
      "mode must be one of the following values: in_person, virtual",
      "startsAt must be a valid ISO 8601 date string"
    ]))
    const noCapacity = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: 2028, startsAt: inDays(3), endsAt: inDays(4) })
    expect(noCapacity.status).toBe(400)
    expect(noCapacity.body.message).toEqual(["capacity must be an integer between 1 and 1000000"])
    const noDates = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: 2028, capacity: 5 })
    expect(noDates.body.message).toEqual(["startsAt should not be empty"])
    const backwards = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: 2028, capacity: 5, startsAt: inDays(4), endsAt: inDays(3) })
    expect(backwards.body.message).toEqual(["endsAt must be after startsAt"])
    const lateClose = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, {
      year: 2028, capacity: 5, startsAt: inDays(3), endsAt: inDays(4), registrationClosesAt: inDays(5)
    })
    expect(lateClose.body.message).toEqual(["registrationClosesAt must not be after endsAt"])
  })

  it("moves through the machine: publish, close, reopen, cancel; a cancelled edition refuses changes with 409", async () => {
    const { event, edition } = await editionOf({}, "draft")
    const path = `/v2/organizers/events/${event.id}/editions/${edition.id}`
    expect((await send("PATCH", path, { status: "published" })).body.data.status).toBe("published")
    expect((await send("PATCH", path, { status: "closed" })).body.data.status).toBe("closed")
    expect((await send("PATCH", path, { status: "published" })).body.data.status).toBe("published")
    expect((await send("PATCH", path, { status: "cancelled" })).body.data.status).toBe("cancelled")
    const refused = await send("PATCH", path, { status: "published" })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("EDITION_STATUS_CONFLICT")
  })

  it("refuses back to draft (409 EDITION_HAS_REGISTRATIONS) and a capacity below the places held (400) once someone registered", async () => {
    const { event, edition } = await editionOf()
    expect((await send("POST", `/v2/editions/${edition.id}/register`, undefined, (await newAthlete(host)).headers)).status).toBe(201)
    expect((await send("POST", `/v2/editions/${edition.id}/register`, undefined, (await newAthlete(host)).headers)).status).toBe(201)
    const path = `/v2/organizers/events/${event.id}/editions/${edition.id}`
    const draft = await send("PATCH", path, { status: "draft" })
    expect(draft.status).toBe(409)
    expect(draft.body.code).toBe("EDITION_HAS_REGISTRATIONS")
    const shrink = await send("PATCH", path, { capacity: 1 })
    expect(shrink.status).toBe(400)
    expect(shrink.body.message).toEqual(["capacity must not be below the 2 place(s) already held"])
  })
})

describe("public editions", () => {
  it("shows published editions of public events by id, slug and per event; drafts and hidden events are 404", async () => {
    const { event, edition } = await editionOf()
    const bySlug = await host.http.get(`/v2/editions/${edition.slug}`)
    expect(bySlug.status).toBe(200)
    expect(bySlug.body.data.id).toBe(edition.id)
    expect((await host.http.get(`/v2/editions/${edition.id}`)).body.data.slug).toBe(edition.slug)
    const draft = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: 2099, startsAt: inDays(400), endsAt: inDays(401), capacity: 5 })
    expect((await host.http.get(`/v2/editions/${draft.body.data.id}`)).status).toBe(404)
    const list = await host.http.get(`/v2/events/${event.slug}/editions`)
    expect(list.status).toBe(200)
    expect(list.body.data.data.map((e: { id: string }) => e.id)).toEqual([edition.id])
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageCount: 1 })
    expect((await send("PATCH", `/v2/events/${event.id}/unpublish`)).status).toBe(200)
    expect((await host.http.get(`/v2/editions/${edition.id}`)).status).toBe(404)
    expect((await host.http.get(`/v2/events/${event.id}/editions`)).status).toBe(404)
  })
})

describe("an event's series", () => {
  it("lists every public edition newest first with the current one; drafts are left out; a hidden event is 404", async () => {
    const { event, edition: later } = await editionOf()
    const earlier = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, {
      year: later.year as number - 1, startsAt: inDays(20), endsAt: inDays(20.5), capacity: 10, status: "published"
    })
    const cancelled = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, {
      year: later.year as number - 2, startsAt: inDays(10), endsAt: inDays(10.5), capacity: 10, status: "published"
    })
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: cancelled.body.data.year, status: "cancelled" })).status).toBe(200)
    await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: 2100, startsAt: inDays(500), endsAt: inDays(501), capacity: 5 })
    const res = await host.http.get(`/v2/events/${event.slug}/series`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ eventId: event.id, slug: event.slug, editionCount: 3 })
    expect(res.body.data.editions.map((e: { id: string }) => e.id)).toEqual([later.id, earlier.body.data.id, cancelled.body.data.id])
    // The cancelled edition starts first but is not the one athletes can act on.
    expect(res.body.data.current.id).toBe(earlier.body.data.id)
    expect((await host.http.get(`/v2/events/${event.id}/series`)).body.data.eventId).toBe(event.id)
    expect((await send("PATCH", `/v2/events/${event.id}/unpublish`)).status).toBe(200)
    expect((await host.http.get(`/v2/events/${event.id}/series`)).status).toBe(404)
    expect((await host.http.get("/v2/events/no-such-event/series")).status).toBe(404)
  })

  it("has no current edition when every edition is cancelled", async () => {
    const { event, edition } = await editionOf()
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: edition.year, status: "cancelled" })).status).toBe(200)
    const res = await host.http.get(`/v2/events/${event.id}/series`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ editionCount: 1, current: null })
  })
})

describe("registering for an edition", () => {
  it("is for signed-in athletes: 401 without a session, 403 for an admin", async () => {
    const { edition } = await editionOf()
    expect((await send("POST", `/v2/editions/${edition.id}/register`, undefined, {})).status).toBe(401)
    expect((await send("POST", `/v2/editions/${edition.id}/register`, undefined, manager)).status).toBe(403)
    expect((await send("GET", "/v2/me/registrations", undefined, {})).status).toBe(401)
  })

  it("confirms a free edition at once, refuses a second registration and lists it in /v2/me/registrations", async () => {
    const { edition } = await editionOf()
    const athlete = await newAthlete(host)
    const res = await send("POST", `/v2/editions/${edition.slug}/register`, undefined, athlete.headers)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ registration: { editionId: edition.id, status: "confirmed", amount: 0 }, payment: null })
    const again = await send("POST", `/v2/editions/${edition.id}/register`, undefined, athlete.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("EDITION_ALREADY_REGISTERED")
    const mine = await send("GET", "/v2/me/registrations", undefined, athlete.headers)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({ total: 1, data: [{ id: res.body.data.registration.id, status: "confirmed", edition: { id: edition.id } }] })
  })

  it("answers 409 EDITION_REGISTRATION_CLOSED before the window opens and once the edition is closed", async () => {
    const { edition: early } = await editionOf({ registrationOpensAt: inDays(10), registrationClosesAt: inDays(20) })
    const athlete = await newAthlete(host)
    const before = await send("POST", `/v2/editions/${early.id}/register`, undefined, athlete.headers)
    expect(before.status).toBe(409)
    expect(before.body.code).toBe("EDITION_REGISTRATION_CLOSED")
    const { event, edition } = await editionOf()
    await send("PATCH", `/v2/organizers/events/${event.id}/editions/${edition.id}`, { status: "closed" })
    const closed = await send("POST", `/v2/editions/${edition.id}/register`, undefined, athlete.headers)
    expect(closed.status).toBe(409)
    expect(closed.body.code).toBe("EDITION_REGISTRATION_CLOSED")
  })

  it("never oversells: of 8 concurrent registrations for 3 places exactly 3 win, the others 409 EDITION_FULL", async () => {
    const { edition } = await editionOf({ capacity: 3 })
    const athletes = await Promise.all(Array.from({ length: 8 }, () => newAthlete(host)))
    const answers = await Promise.all(athletes.map((a) => send("POST", `/v2/editions/${edition.id}/register`, undefined, a.headers)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(5).fill("EDITION_FULL"))
    expect((await send("GET", `/v2/admin/editions/${edition.id}`, undefined, manager)).body.data).toMatchObject({ registered: 3, capacity: 3 })
  })

  it("one athlete registering 5 times at once holds one place", async () => {
    const { edition } = await editionOf({ capacity: 10 })
    const athlete = await newAthlete(host)
    const answers = await Promise.all(Array.from({ length: 5 }, () => send("POST", `/v2/editions/${edition.id}/register`, undefined, athlete.headers)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect((await send("GET", `/v2/admin/editions/${edition.id}`, undefined, manager)).body.data.registered).toBe(1)
  })
})

describe("paid editions", () => {
  const paidRegistration = async () => {
    const { edition } = await editionOf({ price: 49_900 })
    const athlete = await newAthlete(host)
    const res = await send("POST", `/v2/editions/${edition.id}/register`, undefined, athlete.headers)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ registration: { status: "pending_payment", amount: 49_900 }, payment: { amount: 49_900, currency: "INR" } })
    return { edition, athlete, registrationId: res.body.data.registration.id as string, orderId: res.body.data.payment.orderId as string }
  }

  it("confirms by verify once the payment is captured; someone else's registration is 404, a bad signature 400, a repeat harmless", async () => {
    const { athlete, registrationId, orderId } = await paidRegistration()
    const { paymentId, signature } = await host.run(gateway().pay(orderId))
    const path = `/v2/editions/registrations/${registrationId}/verify`
    expect((await send("POST", path, { orderId, paymentId, signature }, {})).status).toBe(401)
    expect((await send("POST", path, { orderId, paymentId, signature }, (await newAthlete(host)).headers)).status).toBe(404)
    expect((await send("POST", path, { orderId, paymentId }, athlete.headers)).body.message).toEqual(["signature should not be empty"])
    const forged = await send("POST", path, { orderId, paymentId, signature: "0".repeat(64) }, athlete.headers)
    expect(forged.status).toBe(400)
    expect(forged.body.code).toBe("PAYMENT_SIGNATURE_INVALID")
    const ok = await send("POST", path, { orderId, paymentId, signature }, athlete.headers)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ id: registrationId, status: "confirmed", paymentId })
    expect((await send("POST", path, { orderId, paymentId, signature }, athlete.headers)).body.data.status).toBe("confirmed")
  })

  it("answers 409 EDITION_PAYMENT_NOT_CAPTURED for an authorized payment", async () => {
    const { athlete, registrationId, orderId } = await paidRegistration()
    const { paymentId, signature } = await host.run(gateway().pay(orderId, { status: "authorized" }))
    const res = await send("POST", `/v2/editions/registrations/${registrationId}/verify`, { orderId, paymentId, signature }, athlete.headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("EDITION_PAYMENT_NOT_CAPTURED")
  })

  it("the gateway webhook confirms through the inbox exactly once: unsigned is 401, 5 concurrent deliveries store one, a redelivery is a duplicate", async () => {
    const { athlete, registrationId, orderId } = await paidRegistration()
    const { paymentId } = await host.run(gateway().pay(orderId))
    const delivery = await host.run(gateway().webhook("payment.captured", paymentId))
    const hook = (headers: Record<string, string>) => send("POST", "/v2/editions/webhooks/payment-gateway", delivery.rawBody, headers)
    expect((await hook({})).status).toBe(401)
    const headers = { "x-razorpay-signature": delivery.signature, "x-razorpay-event-id": delivery.eventId }
    const answers = await Promise.all(Array.from({ length: 5 }, () => hook(headers)))
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200))
    expect(answers.filter((a) => a.body.data.duplicate === false)).toHaveLength(1)
    const first = answers.find((a) => a.body.data.duplicate === false)!
    expect(first.body.data.status).toBe("PROCESSED")
    const mine = await send("GET", "/v2/me/registrations", undefined, athlete.headers)
    expect(mine.body.data.data[0]).toMatchObject({ id: registrationId, status: "confirmed", paymentId })
    const again = await hook(headers)
    expect(again.body.data).toMatchObject({ id: first.body.data.id, duplicate: true })
    // The master-events callback feeds the same inbox: the same delivery there is a duplicate too.
    const viaMaster = await send("POST", "/v2/master-events/webhooks/payment-gateway", delivery.rawBody, headers)
    expect(viaMaster.body.data).toMatchObject({ id: first.body.data.id, duplicate: true })
  })

  it("the master-events callback confirms an edition payment through the inbox; a bad signature is 401", async () => {
    const { athlete, registrationId, orderId } = await paidRegistration()
    const { paymentId } = await host.run(gateway().pay(orderId))
    const delivery = await host.run(gateway().webhook("payment.captured", paymentId))
    const bad = await send("POST", "/v2/master-events/webhooks/payment-gateway", delivery.rawBody, { "x-razorpay-signature": "0".repeat(64), "x-razorpay-event-id": delivery.eventId })
    expect(bad.status).toBe(401)
    const ok = await send("POST", "/v2/master-events/webhooks/payment-gateway", delivery.rawBody, { "x-razorpay-signature": delivery.signature, "x-razorpay-event-id": delivery.eventId })
    expect(ok.body.data).toMatchObject({ status: "PROCESSED", duplicate: false })
    const mine = await send("GET", "/v2/me/registrations", undefined, athlete.headers)
    expect(mine.body.data.data[0]).toMatchObject({ id: registrationId, status: "confirmed" })
  })
})

describe("admin editions", () => {
  it("needs events.manage", async () => {
    expect((await send("GET", "/v2/admin/editions", undefined, {})).status).toBe(401)
    expect((await send("GET", "/v2/admin/editions", undefined, reviewer)).status).toBe(403)
    expect((await send("GET", "/v2/admin/editions/stats", undefined, org.owner.headers)).status).toBe(403)
  })

  it("lists by event and status, reads one, counts registrations and revenue", async () => {
    const { event, edition } = await editionOf()
    const list = await send("GET", `/v2/admin/editions?eventId=${event.id}&status=published`, undefined, manager)
    expect(list.status).toBe(200)
    expect(list.body.data.data.map((e: { id: string }) => e.id)).toEqual([edition.id])
    expect((await send("GET", `/v2/admin/editions/${edition.id}`, undefined, manager)).body.data.id).toBe(edition.id)
    expect((await send("GET", "/v2/admin/editions/not-a-uuid", undefined, manager)).status).toBe(404)
    expect((await send("GET", "/v2/admin/editions?status=open", undefined, manager)).body.message).toEqual([
      "status must be one of the following values: draft, published, closed, cancelled"
    ])
    const stats = await send("GET", "/v2/admin/editions/stats", undefined, manager)
    expect(stats.status).toBe(200)
    expect(stats.body.data.total).toBeGreaterThan(0)
    expect(stats.body.data.registrations).toMatchObject({ confirmed: expect.any(Number), pendingPayment: expect.any(Number) })
  })

  it("overrides the status with a reason; of 5 concurrent cancels one wins and the others 409", async () => {
    const { edition } = await editionOf()
    const short = await send("PATCH", `/v2/admin/editions/${edition.id}/status`, { status: "cancelled", reason: "short" }, manager)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const closed = await send("PATCH", `/v2/admin/editions/${edition.id}/status`, { status: "closed", reason: "Venue permit withdrawn" }, manager)
    expect(closed.body.data).toMatchObject({ status: "closed", statusReason: "Venue permit withdrawn" })
    const reopened = await send("PATCH", `/v2/admin/editions/${edition.id}/status`, { status: "published" }, manager)
    expect(reopened.body.data.status).toBe("published")
    const answers = await Promise.all(Array.from({ length: 5 }, () =>
      send("PATCH", `/v2/admin/editions/${edition.id}/status`, { status: "cancelled", reason: "Cancelled by the platform" }, manager)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(4).fill("EDITION_STATUS_CONFLICT"))
    const after = await send("PATCH", `/v2/admin/editions/${edition.id}/status`, { status: "closed" }, manager)
    expect(after.status).toBe(409)
    expect(after.body.code).toBe("EDITION_STATUS_CONFLICT")
  })
})
