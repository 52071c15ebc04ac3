/** The partners model (status, tab targets, entity-tag matching) and the memory twins' rules, without a host. */
import { Partners } from "@podium/core"
import { PartnersReposMemory } from "@podium/core/testing"
import type { OfficialPartner } from "@podium/kernel"
import { Effect, Either, Option } from "effect"
import { describe, expect, it } from "vitest"

type Repos = Partners.OfficialPartnerRepo | Partners.PartnerLogoRepo | Partners.ExclusiveTabRepo
const run = <A, E>(effect: Effect.Effect<A, E, Repos>) => Effect.runPromise(effect.pipe(Effect.provide(PartnersReposMemory)))

const fields = (over: Partial<Partners.PartnerFields> = {}): Partners.PartnerFields => ({
  tier: "PLATINUM",
  benefits: ["PARTNER_BADGE", "ATHLETE_EXCLUSIVE_TAB"],
  displayName: "Twin Partner",
  tagline: null,
  description: null,
  websiteUrl: null,
  displayOrder: 0,
  logo: null,
  validFrom: new Date("2026-01-01T00:00:00Z"),
  validUntil: new Date("2027-01-01T00:00:00Z"),
  ...over
})

describe("partnership status", () => {
  const p = { removedAt: null, validFrom: new Date("2026-01-01T00:00:00Z"), validUntil: new Date("2027-01-01T00:00:00Z") }
  it("is SCHEDULED before the window, ACTIVE inside it, EXPIRED at its end and REMOVED once removed", () => {
    expect(Partners.partnerStatus(p, new Date("2025-12-31T23:59:59Z"))).toBe("SCHEDULED")
    expect(Partners.partnerStatus(p, new Date("2026-06-01T00:00:00Z"))).toBe("ACTIVE")
    expect(Partners.partnerStatus(p, new Date("2027-01-01T00:00:00Z"))).toBe("EXPIRED")
    expect(Partners.partnerStatus({ ...p, validUntil: null }, new Date("2100-01-01T00:00:00Z"))).toBe("ACTIVE")
    expect(Partners.partnerStatus({ ...p, removedAt: new Date() }, new Date("2026-06-01T00:00:00Z"))).toBe("REMOVED")
  })
})

describe("if-none-match", () => {
  it("matches the current tag, weak or in a list, and *; nothing else", () => {
    expect(Partners.etagMatches("\"abc\"", "\"abc\"")).toBe(true)
    expect(Partners.etagMatches("W/\"abc\"", "\"abc\"")).toBe(true)
    expect(Partners.etagMatches("\"x\", \"abc\"", "\"abc\"")).toBe(true)
    expect(Partners.etagMatches("*", "\"abc\"")).toBe(true)
    expect(Partners.etagMatches("\"abd\"", "\"abc\"")).toBe(false)
    expect(Partners.etagMatches("abc", "\"abc\"")).toBe(false)
  })
})

describe("partners memory twins", () => {
  it("keep one current partnership per subject, refuse changes once removed and list like Postgres", async () => {
    const result = await run(Effect.gen(function*() {
      const repo = yield* Partners.OfficialPartnerRepo
      const subject = crypto.randomUUID()
      const first = yield* repo.create({ ...fields(), subjectType: "club", subjectId: subject, createdBy: "a1" })
      const duplicate = yield* Effect.either(repo.create({ ...fields(), subjectType: "club", subjectId: subject, createdBy: "a2" }))
      const removed = yield* repo.remove(first.id, "a1", "The agreement has ended")
      const removedTwice = yield* repo.remove(first.id, "a1", "again")
      const changedAfter = yield* repo.update(first.id, fields({ displayName: "Late" }), "a1")
      const second = yield* repo.create({ ...fields({ tier: "GOLD", benefits: ["PARTNER_BADGE"], displayName: "Another" }), subjectType: "club", subjectId: subject, createdBy: "a1" })
      const now = new Date("2026-06-01T00:00:00Z")
      return {
        duplicate: Either.isLeft(duplicate) ? duplicate.left._tag : "none",
        removed,
        removedTwice,
        changedAfter,
        second,
        current: yield* repo.findCurrent("club", subject),
        listed: yield* repo.list({ now, limit: 10, offset: 0 }),
        removedList: yield* repo.list({ now, status: "REMOVED", limit: 10, offset: 0 }),
        targets: yield* repo.holding("ATHLETE_EXCLUSIVE_TAB", now)
      }
    }))
    expect(result.duplicate).toBe("OfficialPartnerExists")
    expect(Option.getOrThrow(result.removed)).toMatchObject({ removedBy: "a1", removalReason: "The agreement has ended" })
    expect(Option.isNone(result.removedTwice)).toBe(true)
    expect(Option.isNone(result.changedAfter)).toBe(true)
    expect(Option.getOrThrow(result.current).id).toBe(result.second.id)
    expect(result.listed.items.map((p: OfficialPartner) => p.id)).toEqual([result.second.id])
    expect(result.removedList.total).toBe(1)
    expect(result.targets).toEqual([])
  })

  it("bump the exclusive tab's version on every change", async () => {
    const result = await run(Effect.gen(function*() {
      const tabs = yield* Partners.ExclusiveTabRepo
      const initial = yield* tabs.get
      const first = yield* tabs.put({ enabled: true, partnerId: crypto.randomUUID(), title: "Picks", subtitle: null }, "a1")
      const second = yield* tabs.put({ enabled: false, partnerId: null, title: null, subtitle: null }, "a2")
      return { initial, first, second }
    }))
    expect(result.initial).toMatchObject({ enabled: false, partnerId: null, version: 0 })
    expect(result.first).toMatchObject({ enabled: true, title: "Picks", version: 1, updatedBy: "a1" })
    expect(result.second).toMatchObject({ enabled: false, version: 2, updatedBy: "a2" })
  })
})
