/** The memory twins of the sponsor workspace keep the Postgres adapters' rules: stock never below zero, one key per brand, one open RC request, the move tables. */
import { Sponsors } from "@podium/core"
import { SponsorWorkspaceReposMemory } from "@podium/core/testing"
import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"

type Repos = Sponsors.SponsorInventoryRepo | Sponsors.SponsorRewardGrantRepo | Sponsors.SponsorRcGrantRepo | Sponsors.SponsorCohortRepo | Sponsors.SponsorCampaignRepo
const run = <A, E>(effect: Effect.Effect<A, E, Repos>) => Effect.runPromise(effect.pipe(Effect.provide(SponsorWorkspaceReposMemory)))
const codeOf = (e: Either.Either<unknown, unknown>) => (Either.isLeft(e) ? ((e.left as { code?: string; _tag: string }).code ?? (e.left as { _tag: string })._tag) : "none")
const brandId = "00000000-0000-4000-8000-ffffffffffff"

describe("sponsor workspace memory twins", () => {
  it("apply stock deltas conditionally, keep reward keys and RC requests unique and run the move tables", async () => {
    const r = await run(Effect.gen(function*() {
      const inventory = yield* Sponsors.SponsorInventoryRepo
      const item = yield* inventory.create({ brandId, name: "Caps", stock: 2, lowStockThreshold: 1, createdBy: "t" })
      const after = yield* inventory.applyDelta(brandId, item.id, -2)
      const short = yield* Effect.either(inventory.applyDelta(brandId, item.id, -1))
      const foreign = yield* Effect.either(inventory.applyDelta("other", item.id, 1))
      const rewards = yield* Sponsors.SponsorRewardGrantRepo
      const grant = { brandId, athleteId: brandId, amountRc: 5, reason: "why", sequenceKey: "k", grantedBy: "t" }
      const first = yield* rewards.insert(grant)
      const second = yield* rewards.insert(grant)
      const rc = yield* Sponsors.SponsorRcGrantRepo
      const asked = yield* rc.create({ brandId, requestedRc: 10, reason: "ten coins please", requestedBy: "t" })
      const open = yield* Effect.either(rc.create({ brandId, requestedRc: 10, reason: "ten coins please", requestedBy: "t" }))
      const approved = yield* rc.approve(asked.id, 7, "admin")
      const rejectAfter = yield* Effect.either(rc.reject(asked.id, "too late now", "admin"))
      const campaigns = yield* Sponsors.SponsorCampaignRepo
      const c = yield* campaigns.create({ brandId, name: "C1", objective: "SALES", budgetMinor: 100, startDate: new Date(), endDate: new Date(Date.now() + 1000), cohortId: null, createdBy: "t" })
      const early = yield* Effect.either(campaigns.move(c.id, "goLive", { reviewedBy: "admin" }))
      yield* campaigns.move(c.id, "submit", {})
      const live = yield* campaigns.move(c.id, "goLive", { reviewedBy: "admin" })
      return { after, short: codeOf(short), foreign: codeOf(foreign), first, second, open: codeOf(open), approved, rejectAfter: codeOf(rejectAfter), early: codeOf(early), live }
    }))
    expect(r.after.stock).toBe(0)
    expect(r).toMatchObject({ short: "SponsorInventoryStockShort", foreign: "SponsorInventoryItemNotFound", open: "SponsorRcGrantAlreadyOpen", rejectAfter: "SPONSOR_RC_GRANT_MOVE_REFUSED", early: "SPONSOR_CAMPAIGN_MOVE_REFUSED" })
    expect([r.first._tag, r.second._tag]).toEqual(["Some", "None"])
    expect(r.approved).toMatchObject({ status: "APPROVED", approvedRc: 7, reviewedBy: "admin" })
    expect(r.live).toMatchObject({ status: "LIVE", reviewedBy: "admin" })
  })
})
