/** The memory twins of brands, brand accounts and clubs' brand challenge entries keep the Postgres adapters' rules. */
import { Challenges, Sponsors } from "@podium/core"
import { ClubBrandEntryRepoMemory, SponsorsReposMemory } from "@podium/core/testing"
import { Effect, Either, Layer } from "effect"
import { describe, expect, it } from "vitest"

type Repos = Sponsors.SponsorBrandRepo | Sponsors.SponsorAccountRepo | Challenges.ClubBrandEntryRepo
const run = <A, E>(effect: Effect.Effect<A, E, Repos>) => Effect.runPromise(effect.pipe(Effect.provide(Layer.merge(SponsorsReposMemory, ClubBrandEntryRepoMemory))))
const codeOf = (e: Either.Either<unknown, unknown>) => (Either.isLeft(e) ? ((e.left as { code?: string; _tag: string }).code ?? (e.left as { _tag: string })._tag) : "none")

describe("sponsors memory twins", () => {
  it("run the brand and account move tables, stamp approvedAt and keep one account per brand and user", async () => {
    const result = await run(Effect.gen(function*() {
      const brands = yield* Sponsors.SponsorBrandRepo
      const accounts = yield* Sponsors.SponsorAccountRepo
      const brand = yield* brands.create({ name: "Twin", createdBy: "test" })
      const approved = yield* brands.move(brand.id, "approve", null)
      const refused = yield* Effect.either(brands.move(brand.id, "reject", null))
      const account = yield* accounts.create({ brandId: brand.id, userId: "u1", role: "OWNER", createdBy: "test" })
      const duplicate = yield* Effect.either(accounts.create({ brandId: brand.id, userId: "u1", role: "MEMBER", createdBy: "test" }))
      yield* accounts.setStatus(account.id, "SUSPENDED", "left")
      const again = yield* Effect.either(accounts.setStatus(account.id, "SUSPENDED", null))
      return { brand, approved, refused: codeOf(refused), duplicate: codeOf(duplicate), again: codeOf(again) }
    }))
    expect(result.brand).toMatchObject({ status: "PENDING", approvedAt: null })
    expect(result.approved.status).toBe("APPROVED")
    expect(result.approved.approvedAt).toBeInstanceOf(Date)
    expect(result).toMatchObject({ refused: "SPONSOR_BRAND_MOVE_REFUSED", duplicate: "SponsorAccountExists", again: "SPONSOR_ACCOUNT_STATUS_MOVE_REFUSED" })
  })

  it("joins a club once, withdraws once and rejoins", async () => {
    const result = await run(Effect.gen(function*() {
      const entries = yield* Challenges.ClubBrandEntryRepo
      const notJoined = yield* Effect.either(entries.withdraw("club", "challenge"))
      const first = yield* entries.join("club", "challenge", "u1")
      const second = yield* entries.join("club", "challenge", "u2")
      const withdrawn = yield* entries.withdraw("club", "challenge")
      const twice = yield* Effect.either(entries.withdraw("club", "challenge"))
      const rejoined = yield* entries.join("club", "challenge", "u1")
      return { notJoined: codeOf(notJoined), first, second, withdrawn, twice: codeOf(twice), rejoined }
    }))
    expect(result.notJoined).toBe("ClubBrandChallengeNotJoined")
    expect([result.first.joined, result.second.joined, result.rejoined.joined]).toEqual([true, false, true])
    expect(result.second.entry.id).toBe(result.first.entry.id)
    expect(result.withdrawn.status).toBe("WITHDRAWN")
    expect(result.twice).toBe("CLUB_BRAND_CHALLENGE_MOVE_REFUSED")
    expect(result.rejoined.entry).toMatchObject({ status: "JOINED", withdrawnAt: null })
  })
})
