/**
 * Event prizes through the real host: the organizer's replace-all (at most 6 leaderboards, product
 * images checked and stored), sponsors' goodies accepted only where a slab covers their rank and
 * dropped only on purpose, winners announced as a whole set and shown to the public only while
 * published, and an idempotent distribution through the wallets ledger that pays each winner once,
 * also when called concurrently.
 */
import { Results, Wallets } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { multipart, PdfBytes, PngBytes } from "../organizers/support.js"
import { realHostOf, type RealHost } from "../support/real-host.js"
import { newAthlete, resultsCast, seedOrganizer } from "./support.js"

const host = realHostOf(import.meta.url)

type Cast = Awaited<ReturnType<typeof resultsCast>>

const slab = (rankFrom: number, rankTo: number, over: Record<string, unknown> = {}) => ({ rankFrom, rankTo, cashAmount: 100_000, ...over })
const podium = (name = "Overall") => ({ name, slabs: [slab(1, 1, { cashAmount: 500_000 }), slab(2, 3, { cashAmount: 200_000 })] })

const prizesPath = (cast: Cast) => `/v2/organizers/events/${cast.event.eventId}/prizes`

const replace = (cast: Cast, segments: unknown, extra: Record<string, string | { bytes: Uint8Array; name: string; type?: string }> = {}, headers = cast.org.owner.headers) =>
  multipart(host, "PUT", `/v2/organizers/events/${cast.event.eventId}/prizes`, { segments: JSON.stringify(segments), ...extra }, headers)

const offer = (cast: Cast, rank: number, over: Partial<Results.NewPrizeContribution> = {}) =>
  host.run(Results.offerPrizeContribution({
    eventId: cast.event.eventId,
    sponsorName: "Acme Shoes",
    brandId: null,
    title: `Running shoes for rank ${rank}`,
    description: null,
    quantity: 1,
    segmentName: null,
    rank,
    ...over
  }))

const organizerFunds = (cast: Cast) => Results.organizerPrizeFunds(cast.org.id)
const balanceOf = (account: Wallets.LedgerAccountRef) => host.run(Effect.flatMap(Wallets.Ledger, (l) => l.balance(account)))
const fund = (h: RealHost, cast: Cast, amount: number) =>
  h.run(Wallets.credit({
    account: organizerFunds(cast),
    from: { ownerType: "external", ownerId: "test", purpose: "top-up", currency: "INR" },
    amount,
    reason: "test funding",
    idempotencyKey: `test-fund:${cast.org.id}:${amount}:${Math.random()}`
  }))

/** A cast whose event has the podium prizes and two published winners (ranks 1 and 2). */
const publishedWinners = async () => {
  const cast = await resultsCast(host)
  expect((await replace(cast, [podium()])).status).toBe(200)
  const first = await newAthlete(host)
  const second = await newAthlete(host)
  const announced = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/prizes/results`, {
    winners: [{ segmentIndex: 0, rank: 1, userId: first.user.id }, { segmentIndex: 0, rank: 2, userId: second.user.id }]
  }, cast.org.owner.headers)
  expect(announced.status).toBe(200)
  expect((await host.http.post(`/v2/organizers/events/${cast.event.eventId}/prizes/results/publish`, undefined, cast.org.owner.headers)).status).toBe(200)
  return { cast, first, second }
}

describe("prize configuration", () => {
  it("answers 401 without a token, 403 to a viewer writing, 404 for another organizer's event; viewers read; the public reads", async () => {
    const cast = await resultsCast(host)
    expect((await host.http.get(prizesPath(cast))).status).toBe(401)
    expect((await replace(cast, [podium()], {}, {})).status).toBe(401)
    expect((await replace(cast, [podium()], {}, cast.org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host, "Other")
    expect((await replace(cast, [podium()], {}, other.owner.headers)).status).toBe(404)
    expect((await host.http.get(prizesPath(cast), other.owner.headers)).status).toBe(404)
    const empty = await host.http.get(prizesPath(cast), cast.org.viewer.headers)
    expect(empty.status).toBe(200)
    expect(empty.body.data).toMatchObject({ eventId: cast.event.eventId, currency: "INR", segments: [], resultsStatus: "unpublished", distributedAt: null })
    expect((await replace(cast, [podium()], {}, cast.org.admin.headers)).status).toBe(200)
    const shown = await host.http.get(`/v2/events/${cast.event.eventId}/prizes`)
    expect(shown.status).toBe(200)
    expect(shown.body.data.segments).toEqual([{
      index: 0,
      name: "Overall",
      slabs: [
        { rankFrom: 1, rankTo: 1, cashAmount: 500_000, currency: "INR", product: null, goodies: [] },
        { rankFrom: 2, rankTo: 3, cashAmount: 200_000, currency: "INR", product: null, goodies: [] }
      ]
    }])
    expect((await host.http.get(`/v2/events/00000000-0000-4000-8000-000000000000/prizes`)).status).toBe(404)
  })

  it("refuses 7 leaderboards, text that is not JSON, and slabs that overlap, pay nothing or run backwards, in the house's wording", async () => {
    const cast = await resultsCast(host)
    const seven = await replace(cast, Array.from({ length: 7 }, (_, i) => podium(`Board ${i}`)))
    expect(seven.status).toBe(400)
    expect(seven.body.message).toEqual(["segments must contain no more than 6 elements"])
    expect((await replace(cast, Array.from({ length: 6 }, (_, i) => podium(`Board ${i}`)))).status).toBe(200)
    const notJson = await multipart(host, "PUT", prizesPath(cast), { segments: "[{" }, cast.org.owner.headers)
    expect(notJson.status).toBe(400)
    expect(notJson.body.message).toEqual(["segments must be a JSON string"])
    const missing = await multipart(host, "PUT", prizesPath(cast), { other: "x" }, cast.org.owner.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["segments must be a JSON string"])
    const bad = await replace(cast, [{ name: "Overall", slabs: [slab(1, 3), slab(3, 5), slab(9, 7), { rankFrom: 10, rankTo: 10 }] }, { name: "overall", slabs: [] }])
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "segments.0.slabs.1 must not overlap the ranks of segments.0.slabs.0",
      "segments.0.slabs.2.rankTo must not be less than rankFrom",
      "segments.0.slabs.3 must offer a cashAmount or a product",
      "segments.1.name must be unique among the event's prize leaderboards"
    ])
    const wrongTypes = await replace(cast, [{ name: "", slabs: [{ rankFrom: 0, rankTo: 1, cashAmount: -5 }, { rankFrom: 2, rankTo: 2, product: { name: "" } }] }])
    expect(wrongTypes.status).toBe(400)
    expect(wrongTypes.body.message).toEqual([
      "segments.0.name must be longer than or equal to 1 and shorter than or equal to 100 characters",
      "segments.0.slabs.0.rankFrom must be an integer between 1 and 100000",
      "segments.0.slabs.0.cashAmount must be an integer between 1 and 1000000000",
      "segments.0.slabs.1.product.name must be longer than or equal to 1 and shorter than or equal to 150 characters"
    ])
  })

  it("stores one image per product prize, serves it, keeps it by key on the next replace, and refuses other files", async () => {
    const cast = await resultsCast(host)
    const segments = [{ name: "Overall", slabs: [slab(1, 1, { product: { name: "Carbon plate shoes", description: "Size of choice" } }), slab(2, 2)] }]
    const pdf = await replace(cast, segments, { prizeProductImage_0_0: { bytes: PdfBytes, name: "shoes.pdf" } })
    expect(pdf.status).toBe(400)
    expect(pdf.body.message).toEqual(["prizeProductImage_0_0 must be a file of type PNG, JPG, WEBP"])
    const stray = await replace(cast, segments, { prizeProductImage_0_1: { bytes: PngBytes, name: "cash.png", type: "image/png" } })
    expect(stray.status).toBe(400)
    expect(stray.body.message).toEqual(["prizeProductImage_0_1 must belong to a slab that offers a product"])
    const saved = await replace(cast, segments, { prizeProductImage_0_0: { bytes: PngBytes, name: "shoes.png", type: "image/png" } })
    expect(saved.status).toBe(200)
    const product = saved.body.data.segments[0].slabs[0].product
    expect(product).toMatchObject({ name: "Carbon plate shoes", description: "Size of choice", image: { contentType: "image/png", fileName: "shoes.png", size: PngBytes.length } })
    const served = await host.http.get(product.image.url)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toContain("image/png")
    const kept = await replace(cast, [{ name: "Overall", slabs: [slab(1, 1, { product: { name: "Carbon plate shoes v2", imageKey: product.image.key } })] }])
    expect(kept.status).toBe(200)
    expect(kept.body.data.segments[0].slabs[0].product).toMatchObject({ name: "Carbon plate shoes v2", image: { key: product.image.key } })
    const cashOnly = await replace(cast, [{ name: "Overall", slabs: [slab(1, 1)] }])
    expect(cashOnly.status).toBe(200)
    expect((await host.http.get(product.image.url)).status).toBe(404)
    const foreign = await replace(cast, [{ name: "Overall", slabs: [slab(1, 1, { product: { name: "X", imageKey: "prizes/someone-elses.png" } })] }])
    expect(foreign.status).toBe(400)
    expect(foreign.body.message).toEqual(["segments.0.slabs.0.product.imageKey must be the key of an image of the event's current prizes"])
  })
})

describe("sponsor contributions", () => {
  it("lists offers; accept is refused when no slab covers the rank (400 PRIZE_RANK_NOT_COVERED); accept and reject move a pending offer once", async () => {
    const cast = await resultsCast(host)
    const base = `/v2/organizers/events/${cast.event.eventId}/prizes/contributions`
    const deep = await offer(cast, 10)
    const top = await offer(cast, 1)
    const other = await offer(cast, 2, { segmentName: "Women" })
    const listed = await host.http.get(base, cast.org.viewer.headers)
    expect(listed.status).toBe(200)
    expect(listed.body.data.hasRankSlabs).toBe(false)
    expect(listed.body.data.items.map((c: { id: string }) => c.id)).toEqual([other.id, top.id, deep.id])
    expect((await host.http.post(`${base}/${top.id}/accept`, undefined)).status).toBe(401)
    expect((await host.http.post(`${base}/${top.id}/accept`, undefined, cast.org.viewer.headers)).status).toBe(403)
    const early = await host.http.post(`${base}/${top.id}/accept`, undefined, cast.org.owner.headers)
    expect(early.status).toBe(400)
    expect(early.body.code).toBe("PRIZE_RANK_NOT_COVERED")
    await replace(cast, [podium()])
    expect((await host.http.get(base, cast.org.viewer.headers)).body.data.hasRankSlabs).toBe(true)
    const uncovered = await host.http.post(`${base}/${deep.id}/accept`, undefined, cast.org.owner.headers)
    expect(uncovered.status).toBe(400)
    expect(uncovered.body.code).toBe("PRIZE_RANK_NOT_COVERED")
    expect(uncovered.body.message).toBe("No prize slab covers rank 10")
    const wrongBoard = await host.http.post(`${base}/${other.id}/accept`, undefined, cast.org.owner.headers)
    expect(wrongBoard.body.message).toBe("No prize slab covers rank 2 of leaderboard Women")
    const accepted = await host.http.post(`${base}/${top.id}/accept`, undefined, cast.org.owner.headers)
    expect(accepted.status).toBe(200)
    expect(accepted.body.data).toMatchObject({ id: top.id, status: "ACCEPTED", decidedBy: `organizer:${cast.org.owner.memberId}` })
    const again = await host.http.post(`${base}/${top.id}/reject`, undefined, cast.org.owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("PRIZE_CONTRIBUTION_STATUS_CONFLICT")
    const rejected = await host.http.post(`${base}/${deep.id}/reject`, undefined, cast.org.owner.headers)
    expect(rejected.body.data.status).toBe("REJECTED")
    expect((await host.http.post(`${base}/00000000-0000-4000-8000-000000000000/accept`, undefined, cast.org.owner.headers)).status).toBe(404)
    const outsider = await seedOrganizer(host, "Outsider")
    expect((await host.http.post(`${base}/${other.id}/reject`, undefined, outsider.owner.headers)).status).toBe(404)
    const shown = await host.http.get(`/v2/events/${cast.event.eventId}/prizes`)
    expect(shown.body.data.segments[0].slabs[0].goodies).toEqual([{ id: top.id, sponsorName: "Acme Shoes", title: "Running shoes for rank 1", description: null, quantity: 1, rank: 1 }])
  })

  it("concurrent accepts of one offer: exactly one wins", async () => {
    const cast = await resultsCast(host)
    await replace(cast, [podium()])
    const c = await offer(cast, 2)
    const answers = await Promise.all(Array.from({ length: 5 }, () =>
      host.http.post(`/v2/organizers/events/${cast.event.eventId}/prizes/contributions/${c.id}/accept`, undefined, cast.org.owner.headers)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409 && a.body.code === "PRIZE_CONTRIBUTION_STATUS_CONFLICT")).toHaveLength(4)
  })

  it("a replace-all that can no longer place an accepted goodie is 400 unless the goodie is listed in dropSponsorContributionIds, which drops it", async () => {
    const cast = await resultsCast(host)
    await replace(cast, [podium()])
    const kept = await offer(cast, 1)
    const lost = await offer(cast, 3, { title: "Socks" })
    for (const c of [kept, lost]) {
      expect((await host.http.post(`/v2/organizers/events/${cast.event.eventId}/prizes/contributions/${c.id}/accept`, undefined, cast.org.owner.headers)).status).toBe(200)
    }
    const smaller = [{ name: "Overall", slabs: [slab(1, 2)] }]
    const refused = await replace(cast, smaller)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toEqual([
      `sponsor goodie ${lost.id} (Socks) cannot be placed: no prize slab covers rank 3; list it in dropSponsorContributionIds to drop it`
    ])
    expect((await host.http.get(prizesPath(cast), cast.org.owner.headers)).body.data.segments[0].slabs).toHaveLength(2)
    const wrongDrop = await replace(cast, smaller, { dropSponsorContributionIds: JSON.stringify([lost.id, "00000000-0000-4000-8000-000000000000"]) })
    expect(wrongDrop.status).toBe(400)
    expect(wrongDrop.body.message).toEqual(["dropSponsorContributionIds must list accepted sponsor goodies of this event (00000000-0000-4000-8000-000000000000 is not one)"])
    const notIds = await replace(cast, smaller, { dropSponsorContributionIds: JSON.stringify(["nope"]) })
    expect(notIds.status).toBe(400)
    expect(notIds.body.message).toEqual(["dropSponsorContributionIds.0 must be a UUID"])
    const dropped = await replace(cast, smaller, { dropSponsorContributionIds: JSON.stringify([lost.id]) })
    expect(dropped.status).toBe(200)
    expect(dropped.body.data.segments[0].slabs[0].goodies.map((g: { id: string }) => g.id)).toEqual([kept.id])
    const items = (await host.http.get(`/v2/organizers/events/${cast.event.eventId}/prizes/contributions`, cast.org.owner.headers)).body.data.items
    expect(Object.fromEntries(items.map((c: { id: string; status: string }) => [c.id, c.status]))).toEqual({ [kept.id]: "ACCEPTED", [lost.id]: "DROPPED" })
  })
})

describe("prize configuration under concurrency", () => {
  it("an accept racing a replace-all that removes the goodie's rank never both succeed", async () => {
    for (let round = 0; round < 4; round++) {
      const cast = await resultsCast(host)
      await replace(cast, [podium()])
      const c = await offer(cast, 3)
      const [accepted, replaced] = await Promise.all([
        host.http.post(`/v2/organizers/events/${cast.event.eventId}/prizes/contributions/${c.id}/accept`, undefined, cast.org.owner.headers),
        replace(cast, [{ name: "Overall", slabs: [slab(1, 2)] }])
      ])
      expect([accepted.status, replaced.status].sort()).toEqual([200, 400])
      const status = (await host.http.get(`/v2/organizers/events/${cast.event.eventId}/prizes/contributions`, cast.org.owner.headers)).body.data.items[0].status
      expect(status).toBe(accepted.status === 200 ? "ACCEPTED" : "PENDING")
    }
  })
})

describe("prize results", () => {
  it("announce replaces the whole set; the public winners list shows PUBLISHED winners only; publish and unpublish move once", async () => {
    const cast = await resultsCast(host)
    const results = `/v2/organizers/events/${cast.event.eventId}/prizes/results`
    const winners = `/v2/events/${cast.event.eventId}/prizes/winners`
    await replace(cast, [podium(), { name: "Women", slabs: [slab(1, 1, { cashAmount: null, product: { name: "Trophy" } })] }])
    const a = await newAthlete(host)
    const b = await newAthlete(host)
    const c = await newAthlete(host)
    expect((await host.http.post(results, { winners: [] }, {})).status).toBe(401)
    expect((await host.http.post(results, { winners: [] }, cast.org.viewer.headers)).status).toBe(403)
    const unannounced = await host.http.post(`${results}/publish`, undefined, cast.org.owner.headers)
    expect(unannounced.status).toBe(409)
    expect(unannounced.body.code).toBe("PRIZE_RESULTS_NOT_ANNOUNCED")
    const invalid = await host.http.post(results, {
      winners: [{ segmentIndex: 0, rank: 4, userId: a.user.id }, { segmentIndex: 2, rank: 1, userId: b.user.id }, { segmentIndex: 0, rank: 1, userId: a.user.id }]
    }, cast.org.owner.headers)
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "winners.0.rank must be covered by a prize slab of leaderboard Overall",
      "winners.1.segmentIndex must name one of the event's 2 prize leaderboards",
      "winners.2.userId must win leaderboard Overall once"
    ])
    const stranger = await host.http.post(results, { winners: [{ segmentIndex: 0, rank: 1, userId: "00000000-0000-4000-8000-000000000000" }] }, cast.org.owner.headers)
    expect(stranger.body.message).toEqual(["winners.0.userId must be an existing athlete"])
    const tooMany = await host.http.post(results, { winners: [{ segmentIndex: 6, rank: 0, userId: "x" }] }, cast.org.owner.headers)
    expect(tooMany.body.message).toEqual(["winners.0.segmentIndex must be an integer between 0 and 5", "winners.0.rank must be an integer between 1 and 100000", "winners.0.userId must be a UUID"])

    const first = await host.http.post(results, { winners: [{ segmentIndex: 0, rank: 1, userId: a.user.id }, { segmentIndex: 0, rank: 2, userId: b.user.id }] }, cast.org.owner.headers)
    expect(first.status).toBe(200)
    const second = await host.http.post(results, { winners: [{ segmentIndex: 0, rank: 1, userId: c.user.id }, { segmentIndex: 1, rank: 1, userId: a.user.id }] }, cast.org.owner.headers)
    expect(second.status).toBe(200)
    const read = await host.http.get(results, cast.org.viewer.headers)
    expect(read.body.data).toMatchObject({ status: "unpublished", publishedAt: null })
    expect(read.body.data.winners).toEqual([
      { segmentIndex: 0, segmentName: "Overall", rank: 1, userId: c.user.id, athleteName: null, cashAmount: 500_000, currency: "INR", productName: null, paidAmount: null, paidAt: null },
      { segmentIndex: 1, segmentName: "Women", rank: 1, userId: a.user.id, athleteName: null, cashAmount: null, currency: "INR", productName: "Trophy", paidAmount: null, paidAt: null }
    ])
    const hidden = await host.http.get(winners)
    expect(hidden.status).toBe(200)
    expect(hidden.body.data).toEqual({ eventId: cast.event.eventId, publishedAt: null, items: [] })

    const publishes = await Promise.all([0, 1, 2].map(() => host.http.post(`${results}/publish`, undefined, cast.org.owner.headers)))
    expect(publishes.filter((p) => p.status === 200)).toHaveLength(1)
    expect(publishes.filter((p) => p.status === 409 && p.body.code === "PRIZE_RESULTS_STATUS_CONFLICT")).toHaveLength(2)
    const shown = await host.http.get(winners)
    expect(shown.body.data.items.map((w: { userId: string; segmentName: string }) => [w.segmentName, w.userId])).toEqual([["Overall", c.user.id], ["Women", a.user.id]])
    expect(shown.body.data.items[0]).not.toHaveProperty("paidAmount")
    const whilePublished = await host.http.post(results, { winners: [] }, cast.org.owner.headers)
    expect(whilePublished.status).toBe(409)
    expect(whilePublished.body.code).toBe("PRIZE_RESULTS_PUBLISHED")

    expect((await host.http.post(`${results}/unpublish`, undefined, cast.org.viewer.headers)).status).toBe(403)
    const unpublished = await host.http.post(`${results}/unpublish`, undefined, cast.org.owner.headers)
    expect(unpublished.body.data.status).toBe("unpublished")
    expect((await host.http.get(winners)).body.data.items).toEqual([])
    const twice = await host.http.post(`${results}/unpublish`, undefined, cast.org.owner.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("PRIZE_RESULTS_STATUS_CONFLICT")
  })

  it("a replace-all that would leave an announced winner without a slab is 400", async () => {
    const cast = await resultsCast(host)
    await replace(cast, [podium()])
    const a = await newAthlete(host)
    await host.http.post(`/v2/organizers/events/${cast.event.eventId}/prizes/results`, { winners: [{ segmentIndex: 0, rank: 3, userId: a.user.id }] }, cast.org.owner.headers)
    const refused = await replace(cast, [{ name: "Overall", slabs: [slab(1, 2)] }])
    expect(refused.status).toBe(400)
    expect(refused.body.message).toEqual(["the announced winner at rank 3 of leaderboard 0 would lose their prize slab; announce the results again first"])
  })
})

describe("prize distribution", () => {
  it("needs published winners and enough payable balance; pays each winner once through the ledger; a second call pays nothing; prizes are then frozen", async () => {
    const cast = await resultsCast(host)
    const distribute = `/v2/organizers/events/${cast.event.eventId}/prizes/distribute`
    expect((await host.http.post(distribute, undefined)).status).toBe(401)
    expect((await host.http.post(distribute, undefined, cast.org.viewer.headers)).status).toBe(403)
    const early = await host.http.post(distribute, undefined, cast.org.owner.headers)
    expect(early.status).toBe(400)
    expect(early.body.code).toBe("PRIZE_RESULTS_NOT_PUBLISHED")

    const { cast: ready, first, second } = await publishedWinners()
    const pay = `/v2/organizers/events/${ready.event.eventId}/prizes/distribute`
    const poor = await host.http.post(pay, undefined, ready.org.owner.headers)
    expect(poor.status).toBe(409)
    expect(poor.body.code).toBe("PRIZE_FUNDS_INSUFFICIENT")
    await fund(host, ready, 600_000)
    const short = await host.http.post(pay, undefined, ready.org.owner.headers)
    expect(short.status).toBe(409)
    expect(await balanceOf(Results.athletePrizeWallet(first.user.id))).toBe(0)
    expect(await balanceOf(organizerFunds(ready))).toBe(600_000)

    await fund(host, ready, 400_000)
    const paid = await host.http.post(pay, undefined, ready.org.owner.headers)
    expect(paid.status).toBe(200)
    expect(paid.body.data).toMatchObject({ paidNow: 2, paidAmountNow: 700_000, currency: "INR", status: "published" })
    expect(paid.body.data.distributedAt).not.toBeNull()
    expect(paid.body.data.winners.map((w: { paidAmount: number }) => w.paidAmount)).toEqual([500_000, 200_000])
    expect(await balanceOf(Results.athletePrizeWallet(first.user.id))).toBe(500_000)
    expect(await balanceOf(Results.athletePrizeWallet(second.user.id))).toBe(200_000)
    expect(await balanceOf(organizerFunds(ready))).toBe(300_000)

    const again = await host.http.post(pay, undefined, ready.org.owner.headers)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ paidNow: 0, paidAmountNow: 0, distributedAt: paid.body.data.distributedAt })
    expect(await balanceOf(Results.athletePrizeWallet(first.user.id))).toBe(500_000)
    expect(await balanceOf(organizerFunds(ready))).toBe(300_000)

    const frozen = await replace(ready, [podium()])
    expect(frozen.status).toBe(409)
    expect(frozen.body.code).toBe("PRIZES_DISTRIBUTED")
    await host.http.post(`/v2/organizers/events/${ready.event.eventId}/prizes/results/unpublish`, undefined, ready.org.owner.headers)
    const reannounce = await host.http.post(`/v2/organizers/events/${ready.event.eventId}/prizes/results`, { winners: [] }, ready.org.owner.headers)
    expect(reannounce.status).toBe(409)
    expect(reannounce.body.code).toBe("PRIZES_DISTRIBUTED")
    const outsider = await seedOrganizer(host, "Outsider")
    expect((await host.http.post(pay, undefined, outsider.owner.headers)).status).toBe(404)
  })

  it("concurrent distributions pay every winner exactly once", async () => {
    const { cast, first, second } = await publishedWinners()
    await fund(host, cast, 1_000_000)
    const answers = await Promise.all(Array.from({ length: 6 }, () =>
      host.http.post(`/v2/organizers/events/${cast.event.eventId}/prizes/distribute`, undefined, cast.org.owner.headers)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(answers.reduce((n, a) => n + a.body.data.paidNow, 0)).toBe(2)
    expect(answers.reduce((n, a) => n + a.body.data.paidAmountNow, 0)).toBe(700_000)
    expect(await balanceOf(Results.athletePrizeWallet(first.user.id))).toBe(500_000)
    expect(await balanceOf(Results.athletePrizeWallet(second.user.id))).toBe(200_000)
    expect(await balanceOf(organizerFunds(cast))).toBe(300_000)
  })
})
