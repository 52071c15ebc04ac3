/**
 * The sponsorship repository's contract, run against the memory twin and against the host's
 * Postgres adapter: the same deal and contract move tables, club answers given once, one ACTIVE
 * attachment per brand and target, history on every attachment change, goodie configs upserted.
 */
import { Sponsors } from "@podium/core"
import { SponsorsReposMemory } from "@podium/core/testing"
import { Effect, Either, Option } from "effect"
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"

type Repos = Sponsors.SponsorBrandRepo | Sponsors.SponsorAccountRepo | Sponsors.SponsorshipRepo
type Runner = <A, E>(effect: Effect.Effect<A, E, Repos>) => Promise<A>

const host = realHostOf(import.meta.url)
const runners: ReadonlyArray<readonly [string, Runner]> = [
  ["memory twin", (effect) => Effect.runPromise(effect.pipe(Effect.provide(SponsorsReposMemory)))],
  ["host adapter", (effect) => host.run(effect as Effect.Effect<never, never, never>)]
]
const codeOf = (e: Either.Either<unknown, unknown>) => (Either.isLeft(e) ? ((e.left as { code?: string; _tag: string }).code ?? (e.left as { _tag: string })._tag) : "none")

describe.each(runners)("sponsorship repository (%s)", (_name, run) => {
  it("runs the deal machine, keeps counters and answers a club once", async () => {
    const result = await run(Effect.gen(function*() {
      const brand = yield* Effect.flatMap(Sponsors.SponsorBrandRepo, (r) => r.create({ name: "Contract Suite", createdBy: "test" }))
      const repo = yield* Sponsors.SponsorshipRepo
      const target = { targetType: "club" as const, targetId: crypto.randomUUID() }
      const deal = yield* repo.createDeal({ ...target, brandId: brand.id, amount: 900_000, terms: "Season jerseys", clubDecision: "PENDING", proposedBy: "user:x" })
      const countered = yield* repo.moveDeal(deal.id, "counter", { counterAmount: 800_000, counterNotes: "Lower, please, for one season" })
      const refused = yield* Effect.either(repo.moveDeal(deal.id, "accept", {}))
      const accepted = yield* repo.decideAsClub(deal.id, "ACCEPTED", null)
      const again = yield* repo.decideAsClub(deal.id, "DECLINED", "Changed our mind completely")
      const missing = yield* Effect.either(repo.moveDeal(crypto.randomUUID(), "accept", {}))
      const listed = yield* repo.listDeals({ brandId: brand.id }, { limit: 10, offset: 0 })
      const counts = yield* repo.dealCounts(brand.id)
      return { deal, countered, refused: codeOf(refused), accepted, again, missing: codeOf(missing), listed, counts }
    }))
    expect(result.deal).toMatchObject({ status: "PROPOSED", amount: 900_000, currency: "INR", clubDecision: "PENDING", counterAmount: null })
    expect(result.countered).toMatchObject({ status: "COUNTERED", counterAmount: 800_000, counterNotes: "Lower, please, for one season" })
    expect(result.refused).toBe("SPONSORSHIP_DEAL_MOVE_REFUSED")
    expect(Option.getOrThrow(result.accepted)).toMatchObject({ clubDecision: "ACCEPTED", status: "COUNTERED" })
    expect(Option.isNone(result.again)).toBe(true)
    expect(result.missing).toBe("SponsorshipDealNotFound")
    expect(result.listed.total).toBe(1)
    expect(result.counts).toEqual([{ status: "COUNTERED", count: 1 }])
  })

  it("attaches once per brand and target, closes with the contract and records the history", async () => {
    const result = await run(Effect.gen(function*() {
      const brand = yield* Effect.flatMap(Sponsors.SponsorBrandRepo, (r) => r.create({ name: "Contract Suite", createdBy: "test" }))
      const repo = yield* Sponsors.SponsorshipRepo
      const target = { targetType: "event" as const, targetId: crypto.randomUUID() }
      const draft = yield* repo.createContract({ ...target, brandId: brand.id, dealId: null, title: "Title sponsor", amount: 5000, status: "DRAFT", createdBy: "admin:x" })
      const active = yield* repo.moveContract(draft.id, "activate", null)
      const attachment = yield* repo.attach(active, "admin:x")
      const other = yield* repo.createContract({ ...target, brandId: brand.id, dealId: null, title: "Second", amount: 5000, status: "ACTIVE", createdBy: "admin:x" })
      const taken = yield* Effect.either(repo.attach(other, "admin:x"))
      const ended = yield* repo.moveContract(active.id, "end", "Season over")
      const closed = yield* repo.closeAttachment(active.id, "ENDED", "Season over", "admin:x")
      const closedAgain = yield* repo.closeAttachment(active.id, "CANCELLED", null, "admin:x")
      const refused = yield* Effect.either(repo.moveContract(active.id, "cancel", "late"))
      const history = yield* repo.history(attachment.id)
      const saved = yield* repo.saveGoodieConfig({ sponsorAttachmentId: attachment.id, enabled: true, goodieName: "Cap", audience: "TOP_N", topN: 10, quantityPerAthlete: 1, updatedBy: "admin:x" })
      const updated = yield* repo.saveGoodieConfig({ sponsorAttachmentId: attachment.id, enabled: false, goodieName: "Cap", audience: "FINISHERS", topN: null, quantityPerAthlete: 2, updatedBy: "admin:y" })
      const found = yield* repo.findGoodieConfig(attachment.id)
      const contracts = yield* repo.listContracts({ brandId: brand.id, statuses: ["ENDED"] })
      return { draft, active, attachment, taken: codeOf(taken), ended, closed, closedAgain, refused: codeOf(refused), history, saved, updated, found, contracts }
    }))
    expect(result.draft).toMatchObject({ status: "DRAFT", activatedAt: null, closedAt: null })
    expect(result.active.activatedAt).toBeInstanceOf(Date)
    expect(result.attachment).toMatchObject({ status: "ACTIVE", contractId: result.active.id })
    expect(result.taken).toBe("SponsorAlreadyAttached")
    expect(result.ended).toMatchObject({ status: "ENDED", statusReason: "Season over" })
    expect(Option.getOrThrow(result.closed).status).toBe("ENDED")
    expect(Option.isNone(result.closedAgain)).toBe(true)
    expect(result.refused).toBe("SPONSOR_CONTRACT_MOVE_REFUSED")
    expect(result.history.map((h) => [h.fromStatus, h.toStatus, h.reason])).toEqual([[null, "ACTIVE", null], ["ACTIVE", "ENDED", "Season over"]])
    expect(result.saved).toMatchObject({ enabled: true, audience: "TOP_N", topN: 10 })
    expect(Option.getOrThrow(result.found)).toMatchObject({ enabled: false, audience: "FINISHERS", topN: null, quantityPerAthlete: 2, updatedBy: "admin:y" })
    expect(result.contracts.map((c) => c.id)).toEqual([result.active.id])
  })
})
