/**
 * Coupons redeemed by bookings through the real host: the discount priced into the preview and the
 * booking (a full discount confirms a paid ticket at once), a code that may not be used here is
 * 400 COUPON_INVALID, and the caps hold under concurrency — in all and per athlete — with a
 * cancelled booking's use given back.
 */
import { describe, expect, it } from "vitest"
import { seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { addTicket, newAthlete, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host().http.request(method, path, body, headers)

const eventWithCoupon = async (coupon: Record<string, unknown>, price = 100_000) => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { price })
  const created = await send("POST", `/v2/organizers/events/${event.eventId}/coupons`, { discountType: "percent", discountValue: 20, ...coupon }, org.owner.headers)
  expect(created.status).toBe(201)
  return { org, event, couponId: created.body.data.id as string }
}
const book = (headers: Record<string, string>, event: { eventId: string; ticketId: string }, couponCode: string, ticketId = event.ticketId) =>
  send("POST", "/v2/event-participations", { eventId: event.eventId, ticketId, participants: [person()], couponCode }, headers)

describe("coupons redeemed by bookings", () => {
  it("prices the discount into the preview and the booking; a full discount confirms a paid ticket at once", async () => {
    const { event } = await eventWithCoupon({ code: "EARLY20" })
    const preview = await send("POST", "/v2/event-participations/public/preview", { eventId: event.eventId, ticketId: event.ticketId, participants: [person(), person()], couponCode: "early20" }, {})
    expect(preview.body.data).toMatchObject({ subtotal: 200_000, discount: 40_000, total: 160_000 })
    const athlete = await newAthlete(host())
    expect((await book(athlete.headers, event, "EARLY20")).body.data).toMatchObject({ status: "PENDING", amount: 80_000 })

    const free = await eventWithCoupon({ code: "COMP100", discountValue: 100 })
    expect((await book((await newAthlete(host())).headers, free.event, "COMP100")).body.data).toMatchObject({ status: "CONFIRMED", amount: 0 })
  })

  it("answers 400 COUPON_INVALID for an unknown code, one outside its window and one for another ticket", async () => {
    const { event, org } = await eventWithCoupon({ code: "LATE", validUntil: new Date(Date.now() - 60_000).toISOString() })
    const other = await addTicket(host(), event, 10, 50_000)
    await send("POST", `/v2/organizers/events/${event.eventId}/coupons`, { code: "ONLY10K", discountType: "fixed", discountValue: 1000, ticketIds: [event.ticketId] }, org.owner.headers)
    const athlete = await newAthlete(host())
    for (const [code, ticketId] of [["NOPE", event.ticketId], ["LATE", event.ticketId], ["ONLY10K", other.id]] as const) {
      const res = await book(athlete.headers, event, code, ticketId)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe("COUPON_INVALID")
    }
    expect((await book(athlete.headers, event, "ONLY10K")).body.data.amount).toBe(99_000)
  })

  it("never redeems past the cap under concurrent bookings, gives a cancelled booking's use back, and holds the per-athlete cap", async () => {
    const { org, event, couponId } = await eventWithCoupon({ code: "FIRST3", maxUses: 3 })
    const athletes = await Promise.all(Array.from({ length: 8 }, () => newAthlete(host())))
    const answers = await Promise.all(athletes.map((a) => book(a.headers, event, "FIRST3")))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(5).fill("COUPON_EXHAUSTED"))
    const used = async () => (await send("GET", `/v2/organizers/events/${event.eventId}/coupons/${couponId}`, undefined, org.owner.headers)).body.data.used
    expect(await used()).toBe(3)
    const winner = answers.findIndex((a) => a.status === 201)
    await send("DELETE", `/v2/event-participations/${answers[winner]!.body.data.id}`, undefined, athletes[winner]!.headers)
    expect(await used()).toBe(2)

    const once = await eventWithCoupon({ code: "ONCEEACH", maxUsesPerUser: 1 })
    const athlete = await newAthlete(host())
    const twice = await Promise.all([book(athlete.headers, once.event, "ONCEEACH"), book(athlete.headers, once.event, "ONCEEACH")])
    expect(twice.map((a) => a.status).sort()).toEqual([201, 409])
  })
})
