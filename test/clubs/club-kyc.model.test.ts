/**
 * Club KYC without HTTP: the state machine table (which moves start where, what is editable and
 * locked), the PAN name comparison, and one contract suite run against BOTH the Postgres
 * repository and its memory twin (guarded saves, conditional moves with one winner, the queue).
 */
import { Clubs } from "@podium/core"
import { makeClubKycRepoMemory } from "@podium/core/testing"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { clubIn } from "./support.js"

describe("club KYC state machine", () => {
  it("submits only from DRAFT, REJECTED or RESUBMIT and reviews only UNDER_REVIEW", () => {
    expect(Clubs.ClubKycMoves.submit).toEqual({ from: ["DRAFT", "REJECTED", "RESUBMIT"], to: "UNDER_REVIEW" })
    for (const move of ["approve", "reject", "requestResubmission"] as const) expect(Clubs.ClubKycMoves[move].from).toEqual(["UNDER_REVIEW"])
    expect(Clubs.ClubKycMoves.approve.to).toBe("APPROVED")
    expect(Clubs.ClubKycMoves.reject.to).toBe("REJECTED")
    expect(Clubs.ClubKycMoves.requestResubmission.to).toBe("RESUBMIT")
  })

  it("locks exactly UNDER_REVIEW and APPROVED; every other state is editable", () => {
    expect(Clubs.ClubKycLockedStatuses).toEqual(["UNDER_REVIEW", "APPROVED"])
    for (const status of Clubs.ClubKycStatuses) {
      expect(Clubs.ClubKycEditableStatuses.includes(status)).toBe(!Clubs.ClubKycLockedStatuses.includes(status))
    }
  })

  it("checks the PAN format", () => {
    expect(Clubs.PanPattern.test("ABCDE1234F")).toBe(true)
    for (const bad of ["ABCD1234F", "ABCDE12345", "abcde1234f", "ABCDE1234FG"]) expect(Clubs.PanPattern.test(bad)).toBe(false)
  })

  it("matches names regardless of case, order, punctuation and honorifics, and tolerates a missing middle name", () => {
    expect(Clubs.namesMatch("Pune Pacers Club", "PUNE PACERS CLUB")).toBe(true)
    expect(Clubs.namesMatch("Club Pacers, Pune", "pune pacers club")).toBe(true)
    expect(Clubs.namesMatch("Mr. Ravi Kumar", "RAVI KUMAR")).toBe(true)
    expect(Clubs.namesMatch("Ravi Kumar", "RAVI SHANKAR KUMAR")).toBe(true)
    expect(Clubs.namesMatch("Ravi", "RAVI SHANKAR KUMAR")).toBe(false)
    expect(Clubs.namesMatch("Ravi Kumar", "Anita Kumar")).toBe(false)
    expect(Clubs.namesMatch("", "Anyone")).toBe(false)
  })
})

type Run = <A>(effect: Effect.Effect<A, never, Clubs.ClubKycRepo>) => Promise<A>

const repo = <A>(f: (r: Clubs.ClubKycRepo["Type"]) => Effect.Effect<A>) => Effect.flatMap(Clubs.ClubKycRepo, f)
const account = (n: string) => ({ account: { sealed: `sealed-${n}`, last4: n.slice(-4) }, fingerprint: `fp-${n}` })

/** The repository contract, for the Postgres adapter and the memory twin alike. */
const contract = (name: string, setup: () => { run: Run; newClub: () => Promise<string> }) =>
  describe(`ClubKycRepo contract: ${name}`, () => {
    it("creates DRAFT on the first save, merges documents, and never saves while locked", async () => {
      const { run, newClub } = setup()
      const clubId = await newClub()
      const file = { key: "c/a.png", contentType: "image/png", fileName: "pan.png", size: 10 }
      const first = await run(repo((r) => r.save(clubId, { panNumber: "ABCDE1234F", documents: { panCard: file } }, { editable: Clubs.ClubKycEditableStatuses })))
      expect(first._tag).toBe("Some")
      if (first._tag !== "Some") return
      expect(first.value.created).toBe(true)
      expect(first.value.kyc).toMatchObject({ clubId, status: "DRAFT", panNumber: "ABCDE1234F", bankAccount: null })
      const second = await run(repo((r) => r.save(clubId, { bankAccount: account("123456789012"), documents: { addressProof: { ...file, key: "c/b.pdf" } } }, { editable: Clubs.ClubKycEditableStatuses })))
      expect(second._tag === "Some" && second.value.created).toBe(false)
      const kyc = second._tag === "Some" ? second.value.kyc : undefined
      expect(kyc?.documents.panCard?.key).toBe("c/a.png")
      expect(kyc?.documents.addressProof?.key).toBe("c/b.pdf")
      expect(kyc?.bankAccountFingerprint).toBe("fp-123456789012")

      // The fingerprint guard: a save expecting another account does nothing.
      const stale = await run(repo((r) => r.save(clubId, { ifscCode: "HDFC0000001" }, { editable: Clubs.ClubKycEditableStatuses, fingerprint: "fp-other" })))
      expect(stale._tag).toBe("None")

      const moved = await run(repo((r) => r.transition(kyc!.id, ["DRAFT"], "UNDER_REVIEW", { reason: null, reviewedBy: null, at: new Date(), fingerprint: "fp-123456789012" })))
      expect(moved._tag === "Some" && moved.value.submittedAt).toBeInstanceOf(Date)
      const locked = await run(repo((r) => r.save(clubId, { panName: "X Y" }, { editable: Clubs.ClubKycEditableStatuses })))
      expect(locked._tag).toBe("None")
    })

    it("moves conditionally: of concurrent moves from the same state exactly one wins; the queue lists by status", async () => {
      const { run, newClub } = setup()
      const clubId = await newClub()
      const created = await run(repo((r) => r.save(clubId, {}, { editable: Clubs.ClubKycEditableStatuses })))
      const id = created._tag === "Some" ? created.value.kyc.id : ""
      const wrongFingerprint = await run(repo((r) => r.transition(id, ["DRAFT"], "UNDER_REVIEW", { reason: null, reviewedBy: null, at: new Date(), fingerprint: "fp-x" })))
      expect(wrongFingerprint._tag).toBe("None")
      await run(repo((r) => r.transition(id, ["DRAFT"], "UNDER_REVIEW", { reason: null, reviewedBy: null, at: new Date() })))
      const queued = await run(repo((r) => r.list({ status: "UNDER_REVIEW", limit: 100, offset: 0 })))
      expect(queued.items.map((k) => k.id)).toContain(id)
      const reviewer = "00000000-0000-4000-8000-00000000beef"
      const results = await Promise.all([
        run(repo((r) => r.transition(id, ["UNDER_REVIEW"], "APPROVED", { reason: null, reviewedBy: reviewer, at: new Date() }))),
        run(repo((r) => r.transition(id, ["UNDER_REVIEW"], "REJECTED", { reason: "Blurry PAN image", reviewedBy: reviewer, at: new Date() })))
      ])
      expect(results.filter((r) => r._tag === "Some")).toHaveLength(1)
      const winner = results.find((r) => r._tag === "Some")
      const final = await run(repo((r) => r.findById(id)))
      expect(final._tag === "Some" && final.value.status).toBe(winner?._tag === "Some" ? winner.value.status : "")
      expect(final._tag === "Some" && final.value.reviewedBy).toBe(reviewer)
    })
  })

let memoryClubs = 0
contract("memory twin", () => {
  const twin = makeClubKycRepoMemory()
  const n = () => memoryClubs++
  return {
    run: (effect) => Effect.runPromise(Effect.provideService(effect, Clubs.ClubKycRepo, twin)),
    newClub: async () => `00000000-0000-4000-8000-${(0xabc000 + n()).toString(16).padStart(12, "0")}`
  }
})

let host: RealHost
describe("on Postgres", () => {
  beforeAll(async () => {
    host = await startRealHost(import.meta.url)
  }, 60_000)
  afterAll(async () => {
    await host?.close()
  })
  contract("Postgres", () => ({
    run: (effect) => host.run(effect),
    newClub: async () => (await clubIn(host, "ACTIVE")).club.id
  }))
})
