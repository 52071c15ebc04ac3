/** Add-ons and coupons of an event through the real host: organizer tenancy, stock and usage kept by the tables, validation in the spec's wording. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { seedEvent, seedTickets, suspendEvent } from "./event-config-support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

let org: SeededOrganizer
let other: SeededOrganizer
let eventId: string
beforeAll(async () => {
  org = await seedOrganizer(host(), "Pune Runners")
  other = await seedOrganizer(host(), "Mumbai Striders")
  eventId = (await seedEvent(host(), org.id)).id
})

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = org.owner.headers) =>
  host().http.request(method, path, body, headers)

describe("event add-ons", () => {
  it("lets the team manage add-ons: create with defaults, read, list, change, toggle, delete", async () => {
    const created = await send("POST", `/v2/organizers/events/${eventId}/add-ons`, { name: "Finisher T-shirt", price: 49_900, stock: 200 })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ eventId, name: "Finisher T-shirt", price: 49_900, currency: "INR", stock: 200, sold: 0, maxPerBooking: 1, isActive: true, description: null })
    const id = created.body.data.id as string

    const viewerRead = await send("GET", `/v2/organizers/events/${eventId}/add-ons/${id}`, undefined, org.viewer.headers)
    expect(viewerRead.body.data).toMatchObject({ id, name: "Finisher T-shirt" })
    const list = await send("GET", `/v2/organizers/events/${eventId}/add-ons`, undefined, org.admin.headers)
    expect(list.body.data).toMatchObject({ total: 1, count: 1, page: 1 })
    expect(list.body.data.data[0].id).toBe(id)

    const changed = await send("PATCH", `/v2/organizers/events/${eventId}/add-ons/${id}`, { stock: 150, maxPerBooking: 2 }, org.admin.headers)
    expect(changed.body.data).toMatchObject({ stock: 150, maxPerBooking: 2, name: "Finisher T-shirt" })
    const off = await send("PATCH", `/v2/organizers/events/${eventId}/add-ons/${id}/toggle-status`)
    expect(off.body.data.isActive).toBe(false)
    expect((await send("PATCH", `/v2/organizers/events/${eventId}/add-ons/${id}/toggle-status`)).body.data.isActive).toBe(true)

    expect((await send("DELETE", `/v2/organizers/events/${eventId}/add-ons/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await send("GET", `/v2/organizers/events/${eventId}/add-ons/${id}`)).status).toBe(404)
  })

  it("keeps stock at or above the units sold and refuses to delete a sold add-on (409 ADD_ON_SOLD)", async () => {
    const created = await send("POST", `/v2/organizers/events/${eventId}/add-ons`, { name: "Parking", price: 10_000, stock: 10 })
    const id = created.body.data.id as string
    // Registrations move `sold` atomically against the stock; the table refuses an oversell.
    await sql((s) => s`update events.add_ons set sold = sold + 4 where id = ${id} and sold + 4 <= stock`)
    const oversell = await host().run(Effect.flatMap(SqlClient.SqlClient, (s) => s`update events.add_ons set sold = 11 where id = ${id}`).pipe(Effect.either))
    expect(oversell._tag).toBe("Left")

    const lower = await send("PATCH", `/v2/organizers/events/${eventId}/add-ons/${id}`, { stock: 3 })
    expect(lower.status).toBe(400)
    expect(lower.body.message).toEqual(["stock must not be lower than the 4 unit(s) already sold"])
    const deleted = await send("DELETE", `/v2/organizers/events/${eventId}/add-ons/${id}`)
    expect(deleted.status).toBe(409)
    expect(deleted.body.code).toBe("ADD_ON_SOLD")
  })

  it("answers 400 in the spec's wording for a bad add-on", async () => {
    const res = await send("POST", `/v2/organizers/events/${eventId}/add-ons`, { name: "", price: -1, stock: 0, currency: "USD" })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual([
      "name must be longer than or equal to 1 and shorter than or equal to 100 characters",
      "price must be an integer between 0 and 100000000",
      "stock must be an integer between 1 and 1000000",
      "currency must be one of the following values: INR"
    ])
  })

  it("guards the event: 401 without a token, 403 for a viewer writing or an athlete, 404 for another organizer's event", async () => {
    const path = `/v2/organizers/events/${eventId}/add-ons`
    expect((await send("GET", path, undefined, {})).status).toBe(401)
    expect((await send("POST", path, { name: "Medal", price: 0, stock: 5 }, org.viewer.headers)).status).toBe(403)
    const athlete = await newAthlete(host())
    expect((await send("GET", path, undefined, athlete.headers)).status).toBe(403)
    // A member of another organizer acting for their own organizer does not find this event.
    const foreign = await send("GET", path, undefined, other.owner.headers)
    expect(foreign.status).toBe(404)
    expect((await send("POST", path, { name: "Medal", price: 0, stock: 5 }, other.owner.headers)).status).toBe(404)
    // …and naming this organizer in x-organizer-id is refused by the guard.
    expect((await send("GET", path, undefined, { ...other.owner.headers, "x-organizer-id": org.id })).status).toBe(403)
    // An add-on id of another event is not found through this one.
    const otherEvent = await seedEvent(host(), other.id, "Coastal Ultra")
    const theirs = await send("POST", `/v2/organizers/events/${otherEvent.id}/add-ons`, { name: "Medal", price: 0, stock: 5 }, other.owner.headers)
    expect(theirs.status).toBe(201)
    expect((await send("GET", `/v2/organizers/events/${eventId}/add-ons/${theirs.body.data.id}`)).status).toBe(404)
  })

  it("refuses configuration changes while the event is suspended (409 EVENT_SUSPENDED) but still reads", async () => {
    const suspended = await seedEvent(host(), org.id, "Suspended Trail Run")
    await suspendEvent(host(), suspended.id)
    const res = await send("POST", `/v2/organizers/events/${suspended.id}/add-ons`, { name: "Cap", price: 0, stock: 5 })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("EVENT_SUSPENDED")
    expect((await send("GET", `/v2/organizers/events/${suspended.id}/add-ons`)).status).toBe(200)
  })
})

describe("event coupons", () => {
  it("creates percent and fixed coupons with caps, a window read in the event's zone and the tickets they apply to", async () => {
    const { full, half } = await seedTickets(host(), eventId)
    const percent = await send("POST", `/v2/organizers/events/${eventId}/coupons`, {
      code: "earlybird",
      discountType: "percent",
      discountValue: 20,
      maxUses: 100,
      maxUsesPerUser: 1,
      ticketIds: [full.id],
      validFrom: "2026-01-01T00:00:00",
      validUntil: "2026-02-01T00:00:00+05:30"
    })
    expect(percent.status).toBe(201)
    expect(percent.body.data).toMatchObject({
      code: "EARLYBIRD",
      discountType: "percent",
      discountValue: 20,
      maxUses: 100,
      maxUsesPerUser: 1,
      used: 0,
      ticketIds: [full.id],
      // Without an offset the time is the event's wall clock (Asia/Kolkata, +05:30).
      validFrom: "2025-12-31T18:30:00.000Z",
      validUntil: "2026-01-31T18:30:00.000Z",
      isActive: true
    })
    const couponId = percent.body.data.id as string
    const tickets = await send("GET", `/v2/organizers/events/${eventId}/coupons/${couponId}/tickets`, undefined, org.viewer.headers)
    expect(tickets.body.data.map((t: { id: string }) => t.id)).toEqual([full.id])

    const fixed = await send("POST", `/v2/organizers/events/${eventId}/coupons`, { code: "FLAT500", discountType: "fixed", discountValue: 50_000 })
    expect(fixed.body.data).toMatchObject({ currency: "INR", maxUses: null, ticketIds: [], validFrom: null })
    const all = await send("GET", `/v2/organizers/events/${eventId}/coupons/${fixed.body.data.id}/tickets`)
    expect(all.body.data.map((t: { id: string }) => t.id).sort()).toEqual([full.id, half.id].sort())

    expect((await send("GET", `/v2/organizers/events/${eventId}/coupons/${couponId}`)).body.data.code).toBe("EARLYBIRD")
    const list = await send("GET", `/v2/organizers/events/${eventId}/coupons?filter=discountType||$eq||fixed`)
    expect(list.body.data.data.map((c: { code: string }) => c.code)).toEqual(["FLAT500"])

    const taken = await send("POST", `/v2/organizers/events/${eventId}/coupons`, { code: "EarlyBird", discountType: "fixed", discountValue: 100 })
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("COUPON_CODE_EXISTS")
  })

  it("answers 400 for a percent above 100, a window out of order, a per-athlete cap above the total and a ticket of another event", async () => {
    const otherEvent = await seedEvent(host(), org.id, "Night Run")
    const { full } = await seedTickets(host(), otherEvent.id)
    const res = await send("POST", `/v2/organizers/events/${eventId}/coupons`, {
      code: "TOOMUCH",
      discountType: "percent",
      discountValue: 150,
      maxUses: 5,
      maxUsesPerUser: 10,
      ticketIds: [full.id],
      validFrom: "2026-03-01T00:00:00Z",
      validUntil: "2026-02-01T00:00:00Z"
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual([
      "discountValue must not be greater than 100 for a percent coupon",
      "validUntil must be after validFrom",
      "maxUsesPerUser must not be greater than maxUses",
      "ticketIds must name tickets of this event"
    ])
    const shape = await send("POST", `/v2/organizers/events/${eventId}/coupons`, { code: "a b", discountType: "half", discountValue: 0, validFrom: "soon" })
    expect(shape.status).toBe(400)
    expect(shape.body.message).toEqual([
      "code must be 3 to 30 letters, digits, dashes or underscores",
      "discountType must be one of the following values: percent, fixed",
      "discountValue must be an integer between 1 and 100000000",
      "validFrom must be a valid ISO 8601 date string"
    ])
  })

  it("keeps usage under the cap in the table and refuses to delete a redeemed coupon (409 COUPON_IN_USE)", async () => {
    const created = await send("POST", `/v2/organizers/events/${eventId}/coupons`, { code: "TWICE", discountType: "fixed", discountValue: 1000, maxUses: 2 })
    const id = created.body.data.id as string
    const redeem = () => sql((s) => s`update events.coupons set used = used + 1 where id = ${id} and (max_uses is null or used < max_uses) returning id`)
    expect((await redeem()).length).toBe(1)
    expect((await redeem()).length).toBe(1)
    expect((await redeem()).length).toBe(0)
    expect((await send("GET", `/v2/organizers/events/${eventId}/coupons/${id}`)).body.data.used).toBe(2)
    const deleted = await send("DELETE", `/v2/organizers/events/${eventId}/coupons/${id}`)
    expect(deleted.status).toBe(409)
    expect(deleted.body.code).toBe("COUPON_IN_USE")

    const unused = await send("POST", `/v2/organizers/events/${eventId}/coupons`, { code: "UNUSED", discountType: "fixed", discountValue: 1000 })
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/coupons/${unused.body.data.id}`)).body.data).toEqual({ id: unused.body.data.id, deleted: true })
    expect((await send("GET", `/v2/organizers/events/${eventId}/coupons/${unused.body.data.id}`)).status).toBe(404)
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/coupons/${unused.body.data.id}`, undefined, org.viewer.headers)).status).toBe(403)
  })
})
