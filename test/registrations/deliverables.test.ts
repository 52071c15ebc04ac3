/**
 * Add-ons, race packs and deliverables through the real host: add-ons are bought with a booking
 * (priced in, their stock never oversold under concurrency, given back when the booking is
 * cancelled); the organizer's desk collects one once and reconciles a pack; the athlete reads the
 * pack, has a deliverable shipped or claims it once; the booker corrects their seats' contacts.
 */
import { describe, expect, it } from "vitest"
import { seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { newAthlete, payAndDeliver, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host().http.request(method, path, body, headers)

/** An event of a fresh organizer with one add-on of `stock` units. */
const eventWithAddOn = async (stock = 50, price = 0) => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { price })
  const created = await send("POST", `/v2/organizers/events/${event.eventId}/add-ons`, { name: "Finisher T-shirt", price: 49_900, stock, maxPerBooking: 2 }, org.owner.headers)
  expect(created.status).toBe(201)
  return { org, event, addOnId: created.body.data.id as string }
}
const book = (headers: Record<string, string>, event: { eventId: string; ticketId: string }, addOnIds: Array<string>, participants = [person()]) =>
  send("POST", "/v2/event-participations", { eventId: event.eventId, ticketId: event.ticketId, participants, addOnIds }, headers)

describe("add-ons bought with a booking", () => {
  it("prices add-ons into the preview and the booking, and refuses more units than one booking may buy", async () => {
    const { event, addOnId } = await eventWithAddOn()
    const athlete = await newAthlete(host())
    const preview = await send("POST", "/v2/event-participations/public/preview", { eventId: event.eventId, ticketId: event.ticketId, participants: [person()], addOnIds: [addOnId, addOnId] }, {})
    expect(preview.body.data).toMatchObject({ subtotal: 99_800, total: 99_800, addOns: [{ addOnId, name: "Finisher T-shirt", quantity: 2, unitPrice: 49_900, subtotal: 99_800 }] })
    const tooMany = await book(athlete.headers, event, [addOnId, addOnId, addOnId])
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toEqual([`addOnIds may name add-on ${addOnId} at most 2 times`])
    const booked = await book(athlete.headers, event, [addOnId])
    expect(booked.status).toBe(201)
    expect(booked.body.data).toMatchObject({ status: "PENDING", amount: 49_900 })
  })

  it("never sells more units than the stock under concurrent bookings, and gives them back on cancel", async () => {
    const { org, event, addOnId } = await eventWithAddOn(3)
    const athletes = await Promise.all(Array.from({ length: 8 }, () => newAthlete(host())))
    const answers = await Promise.all(athletes.map((a) => book(a.headers, event, [addOnId])))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(5).fill("ADD_ON_SOLD_OUT"))
    const read = async () => (await send("GET", `/v2/organizers/events/${event.eventId}/add-ons/${addOnId}`, undefined, org.owner.headers)).body.data.sold
    expect(await read()).toBe(3)
    const winner = answers.findIndex((a) => a.status === 201)
    expect((await send("DELETE", `/v2/event-participations/${answers[winner]!.body.data.id}`, undefined, athletes[winner]!.headers)).body.data.status).toBe("CANCELLED")
    expect(await read()).toBe(2)
    const loser = answers.findIndex((a) => a.status === 409)
    expect((await book(athletes[loser]!.headers, event, [addOnId])).status).toBe(201)
  })

  it("never lets a stock change racing bookings leave fewer units than were sold", async () => {
    const { org, event, addOnId } = await eventWithAddOn(10)
    const athletes = await Promise.all(Array.from({ length: 6 }, () => newAthlete(host())))
    const restock = send("PATCH", `/v2/organizers/events/${event.eventId}/add-ons/${addOnId}`, { stock: 3 }, org.owner.headers)
    const answers = await Promise.all(athletes.map((a) => book(a.headers, event, [addOnId])))
    const lowered = await restock
    const addOn = (await send("GET", `/v2/organizers/events/${event.eventId}/add-ons/${addOnId}`, undefined, org.owner.headers)).body.data
    expect(addOn.sold).toBe(answers.filter((a) => a.status === 201).length)
    expect(addOn.sold).toBeLessThanOrEqual(addOn.stock)
    if (lowered.status === 400) {
      expect(lowered.body.message).toEqual([expect.stringMatching(/^stock must not be lower than the [4-6] unit\(s\) already sold$/)])
      expect(addOn.stock).toBe(10)
    } else {
      expect(lowered.status).toBe(200)
      expect(addOn.stock).toBe(3)
    }
  })
})

describe("race packs and deliverables", () => {
  /** A confirmed (paid) booking of two seats with one add-on. */
  const paidBooking = async () => {
    const { org, event, addOnId } = await eventWithAddOn(50, 20_000)
    const athlete = await newAthlete(host())
    const booked = await book(athlete.headers, event, [addOnId], [person(), person()])
    const { ingest } = await payAndDeliver(host(), booked.body.data.payment.orderId)
    await ingest()
    const bookingId = booked.body.data.bookingId as string
    const deliverables = await send("GET", `/v2/event-participations/${bookingId}/deliverables`, undefined, athlete.headers)
    return { org, event, athlete, bookingId, booking: booked.body.data, lineId: deliverables.body.data.items[0].id as string }
  }

  it("lets the athlete read their pack and deliverables, nobody else's", async () => {
    const { athlete, bookingId, booking, lineId } = await paidBooking()
    expect((await send("GET", `/v2/event-participations/${bookingId}/race-pack`, undefined, {})).status).toBe(401)
    expect((await send("GET", `/v2/event-participations/${bookingId}/race-pack`, undefined, (await newAthlete(host())).headers)).status).toBe(404)
    const pack = await send("GET", `/v2/event-participations/${bookingId}/race-pack`, undefined, athlete.headers)
    expect(pack.body.data).toMatchObject({
      bookingId,
      status: "CONFIRMED",
      complete: false,
      participants: booking.participants.map((p: { id: string }) => ({ participantId: p.id, bib: null })),
      addOns: [{ id: lineId, name: "Finisher T-shirt", quantity: 1, status: "NOT_COLLECTED", fulfilment: "PICKUP" }]
    })
  })

  it("collects an add-on at the organizer's desk once, even from two desks at once; another organizer gets 404", async () => {
    const { org, athlete, bookingId, lineId } = await paidBooking()
    const collect = (headers: Record<string, string>) => send("POST", `/v2/event-participations/addons/${lineId}/collect`, undefined, headers)
    expect((await collect(athlete.headers)).status).toBe(403)
    const other = await seedOrganizer(host())
    expect((await collect(other.owner.headers)).body.code).toBe("BOOKING_ADD_ON_NOT_FOUND")
    const racing = await Promise.all([collect(org.owner.headers), collect(org.admin.headers)])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409])
    expect(racing.find((r) => r.status === 409)!.body).toMatchObject({ code: "DELIVERABLE_REFUSED", message: "the add-on was already collected" })
    const pack = await send("GET", `/v2/event-participations/${bookingId}/race-pack`, undefined, athlete.headers)
    expect(pack.body.data).toMatchObject({ complete: true, addOns: [{ status: "COLLECTED" }] })
  })

  it("ships a deliverable to the athlete's address, then takes their claim once", async () => {
    const { athlete, bookingId, lineId, org } = await paidBooking()
    const address = { name: "Asha Rao", line1: "12 MG Road", city: "Pune", state: "Maharashtra", postalCode: "411001", phoneNumber: "+919812345678" }
    const bad = await send("POST", `/v2/event-participations/${bookingId}/deliverables/${lineId}/address`, { ...address, postalCode: "4110" }, athlete.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["postalCode must be a 6-digit PIN code"])
    const shipped = await send("POST", `/v2/event-participations/${bookingId}/deliverables/${lineId}/address`, address, athlete.headers)
    expect(shipped.body.data).toMatchObject({ fulfilment: "SHIP", shippingAddress: address })
    // A shipped add-on is not handed over at the desk.
    expect((await send("POST", `/v2/event-participations/addons/${lineId}/collect`, undefined, org.owner.headers)).body.message).toBe("the add-on is being shipped, not collected at the venue")
    const claimed = await send("POST", `/v2/event-participations/${bookingId}/deliverables/${lineId}/claim`, undefined, athlete.headers)
    expect(claimed.status).toBe(200)
    expect(claimed.body.data.claimedAt).not.toBeNull()
    expect((await send("POST", `/v2/event-participations/${bookingId}/deliverables/${lineId}/claim`, undefined, athlete.headers)).body.code).toBe("DELIVERABLE_REFUSED")
    expect((await send("POST", `/v2/event-participations/${bookingId}/deliverables/${crypto.randomUUID()}/claim`, undefined, athlete.headers)).body.code).toBe("BOOKING_ADD_ON_NOT_FOUND")
  })

  it("reconciles a pack against the desk's list: handed add-ons collected, bibs matched, the rest missing or unexpected; again changes nothing", async () => {
    const { org, event, bookingId, booking, lineId } = await paidBooking()
    const first = booking.participants[0].id
    expect((await send("POST", `/v2/organizer/events/${event.eventId}/bibs/assign`, { participantId: first, number: 101 }, org.owner.headers)).status).toBeLessThan(300)
    const reconcile = (body: unknown, headers: Record<string, string> = org.owner.headers) => send("POST", `/v2/event-participations/${bookingId}/race-pack/reconcile`, body, headers)
    expect((await reconcile({}, (await newAthlete(host())).headers)).status).toBe(403)
    const stranger = await seedOrganizer(host())
    expect((await reconcile({}, stranger.owner.headers)).status).toBe(404)
    const unknown = crypto.randomUUID()
    const answer = await reconcile({ bibs: ["999"], addOnIds: [lineId, unknown] })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      bookingId,
      matched: { bibs: [], addOnIds: [lineId] },
      missing: { addOnIds: [] },
      unexpected: { bibs: ["999"], addOnIds: [unknown] },
      complete: false
    })
    expect(answer.body.data.missing.bibs).toHaveLength(1)
    const again = await reconcile({ bibs: answer.body.data.missing.bibs, addOnIds: [lineId] })
    expect(again.body.data).toMatchObject({ matched: { addOnIds: [lineId] }, missing: { bibs: [], addOnIds: [] }, complete: true })
  })
})

describe("the booker's contact corrections", () => {
  it("changes the e-mail or phone of the caller's seats only, in the spec's wording for a bad one", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id)
    const athlete = await newAthlete(host())
    const booked = (await book(athlete.headers, event, [])).body.data
    const seat = booked.participants[0].id
    const patch = (body: unknown, headers: Record<string, string> = athlete.headers) => send("PATCH", `/v2/event-participations/${booked.id}`, body, headers)
    expect((await patch({ participants: [{ id: seat, email: "new@example.com" }] }, {})).status).toBe(401)
    expect((await patch({ participants: [{ id: seat, email: "new@example.com" }] }, (await newAthlete(host())).headers)).status).toBe(404)
    const bad = await patch({ participants: [{ id: seat, email: "not-an-email" }] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["participants.0.email must be an email"])
    expect((await patch({ participants: [{ id: crypto.randomUUID(), email: "x@example.com" }] })).status).toBe(404)
    const mixed = await patch({ participants: [{ id: seat, email: "half@example.com" }, { id: crypto.randomUUID(), email: "x@example.com" }] })
    expect(mixed.status).toBe(404)
    const unchanged = await send("GET", `/v2/event-participations/${booked.id}`, undefined, athlete.headers)
    expect(unchanged.body.data.participants[0].email).toBe(booked.participants[0].email)
    const ok = await patch({ participants: [{ id: seat, email: "new@example.com", phoneNumber: "+919876543210" }] })
    expect(ok.status).toBe(200)
    expect(ok.body.data.participants[0]).toMatchObject({ id: seat, email: "new@example.com", phoneNumber: "+919876543210", firstName: booked.participants[0].firstName })
    await send("DELETE", `/v2/event-participations/${booked.id}`, undefined, athlete.headers)
    const cancelled = await patch({ participants: [{ id: seat, email: "late@example.com" }] })
    expect(cancelled.status).toBe(409)
  })
})
