/**
 * Proofs of virtual efforts through the real host: only admins with events.manage review them;
 * resolve is idempotent and only for pending proofs (409 otherwise, also when resolutions race);
 * approval ranks the effort on the edition's leaderboard and issues the finisher rewards; revoke
 * takes the entry off, revokes the certificate and claws the claimed finisher RC back exactly once
 * (the wallet's balance moves once, also under concurrent revokes).
 */
import { Results } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { certificatesCast, completeEvent, template } from "./support.js"
import { adminWithPermissions, editionOf, effort, newAthlete, rcBalance, registeredAthlete, submitted, virtualCast } from "./virtual-support.js"

const host = realHostOf(import.meta.url)

const resolve = (id: string, body: unknown, headers: Record<string, string>) => host.http.post(`/v2/admin/proofs/${id}/resolve`, body, headers)
const revoke = (id: string, body: unknown, headers: Record<string, string>) => host.http.post(`/v2/admin/proofs/${id}/revoke`, body, headers)
const entryOf = (leaderboardId: string, userId: string) =>
  host.run(Effect.flatMap(Results.ResultsRepo, (r) => r.entriesOf(leaderboardId, [userId])))

/** A cast with one athlete whose proof is pending. */
const pendingProof = async () => {
  const cast = await virtualCast(host)
  const athlete = await registeredAthlete(host, cast.edition.id)
  const proof = await submitted(host, athlete)
  return { ...cast, athlete, proof }
}

/** A cast whose athlete's proof was approved and whose finisher RC was claimed. */
const approvedAndClaimed = async () => {
  const cast = await pendingProof()
  expect((await resolve(cast.proof.id, { decision: "approve" }, cast.admin)).status).toBe(200)
  const rewards = await host.http.get("/v2/users/me/claimable-rewards", cast.athlete.headers)
  const rc = rewards.body.data.items.find((r: { kind: string }) => r.kind === "rc")
  const claimed = await host.http.post(`/v2/users/me/claimable-rewards/${rc.id}/claim`, undefined, cast.athlete.headers)
  expect(claimed.status).toBe(200)
  expect(await rcBalance(host, cast.athlete.user.id)).toBe(100)
  return cast
}

describe("proof review: who may call", () => {
  it("answers 401 without a token, 403 to an athlete and to an admin without events.manage", async () => {
    const cast = await pendingProof()
    const athlete = await newAthlete(host)
    const weak = await adminWithPermissions(host, ["events.review"])
    for (const headers of [{}, athlete.headers, weak]) {
      const expected = Object.keys(headers).length === 0 ? 401 : 403
      expect((await resolve(cast.proof.id, { decision: "approve" }, headers)).status).toBe(expected)
      expect((await revoke(cast.proof.id, { reason: "cheated" }, headers)).status).toBe(expected)
      expect((await host.http.get("/v2/admin/proofs/review-queue", headers)).status).toBe(expected)
    }
  })

  it("answers 400 in the house's wording for a bad decision, a rejection without reason and a revoke without reason; 404 for an unknown proof", async () => {
    const cast = await pendingProof()
    const bad = await resolve(cast.proof.id, { decision: "maybe" }, cast.admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["decision must be one of the following values: approve, reject"])
    const noReason = await resolve(cast.proof.id, { decision: "reject" }, cast.admin)
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toEqual(["reason should not be empty"])
    const short = await revoke(cast.proof.id, { reason: "x" }, cast.admin)
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 3 and shorter than or equal to 500 characters"])
    expect((await resolve(crypto.randomUUID(), { decision: "approve" }, cast.admin)).status).toBe(404)
    expect((await revoke("nope", { reason: "cheated" }, cast.admin)).status).toBe(404)
  })
})

describe("the review queue and resolve", () => {
  it("lists pending proofs oldest first; approval ranks the effort on the edition's leaderboard and issues the finisher RC and badge", async () => {
    const cast = await pendingProof()
    const queue = await host.http.get(`/v2/admin/proofs/review-queue?editionId=${cast.edition.id}`, cast.admin)
    expect(queue.status).toBe(200)
    expect(queue.body.data.items.map((p: { id: string }) => p.id)).toEqual([cast.proof.id])
    const approved = await resolve(cast.proof.id, { decision: "approve", reason: "Strava file checks out" }, cast.admin)
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ status: "approved", reason: "Strava file checks out", resolvedBy: expect.stringMatching(/^admin:/) })
    const [entry] = await entryOf(approved.body.data.leaderboardId, cast.athlete.user.id)
    expect(entry).toMatchObject({ elapsedMs: 3_000_000, place: 1 })
    const rewards = await host.http.get("/v2/users/me/claimable-rewards", cast.athlete.headers)
    expect(rewards.body.data.items.map((r: { kind: string; amount: number }) => [r.kind, r.amount]).sort()).toEqual([["badge", 0], ["rc", 100]])
    expect((await host.http.get(`/v2/admin/proofs/review-queue?editionId=${cast.edition.id}`, cast.admin)).body.data.items).toEqual([])
  })

  it("is idempotent: the same decision again answers the proof as it stands and issues nothing more; another decision is 409", async () => {
    const cast = await pendingProof()
    const first = await resolve(cast.proof.id, { decision: "approve" }, cast.admin)
    const again = await resolve(cast.proof.id, { decision: "approve" }, cast.admin)
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual(first.body.data)
    const rewards = await host.http.get("/v2/users/me/claimable-rewards", cast.athlete.headers)
    expect(rewards.body.data.total).toBe(2)
    const reject = await resolve(cast.proof.id, { decision: "reject", reason: "too fast" }, cast.admin)
    expect(reject.status).toBe(409)
    expect(reject.body.code).toBe("PROOF_STATUS_CONFLICT")
  })

  it("a rejected proof ranks nothing and issues nothing; approving it later is 409", async () => {
    const cast = await pendingProof()
    const rejected = await resolve(cast.proof.id, { decision: "reject", reason: "The link shows a different athlete" }, cast.admin)
    expect(rejected.body.data).toMatchObject({ status: "rejected", reason: "The link shows a different athlete", leaderboardId: null })
    expect((await host.http.get("/v2/users/me/claimable-rewards", cast.athlete.headers)).body.data.total).toBe(0)
    const late = await resolve(cast.proof.id, { decision: "approve" }, cast.admin)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("PROOF_STATUS_CONFLICT")
  })

  it("of concurrent approve and reject exactly one wins", async () => {
    const cast = await pendingProof()
    const answers = await Promise.all([
      resolve(cast.proof.id, { decision: "approve" }, cast.admin),
      resolve(cast.proof.id, { decision: "reject", reason: "suspicious pace" }, cast.admin),
      resolve(cast.proof.id, { decision: "approve" }, cast.admin),
      resolve(cast.proof.id, { decision: "reject", reason: "suspicious pace" }, cast.admin)
    ])
    const winners = answers.filter((a) => a.status === 200).map((a) => a.body.data.status)
    expect(new Set(winners).size).toBe(1)
    expect(answers.filter((a) => a.status === 409).length).toBe(2)
    const total = (await host.http.get("/v2/users/me/claimable-rewards", cast.athlete.headers)).body.data.total
    expect(total).toBe(winners[0] === "approved" ? 2 : 0)
  })
})

describe("revoke", () => {
  it("takes the entry off the leaderboard, claws the claimed finisher RC back and voids the unclaimed badge; a second revoke is 409 and moves nothing", async () => {
    const cast = await approvedAndClaimed()
    const revoked = await revoke(cast.proof.id, { reason: "GPS file was edited" }, cast.admin)
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toMatchObject({ leaderboardEntryRemoved: true, clawedBackRc: 100, proof: { status: "revoked", revokeReason: "GPS file was edited", clawedBackRc: 100 } })
    expect(await rcBalance(host, cast.athlete.user.id)).toBe(0)
    expect(await entryOf(revoked.body.data.proof.leaderboardId, cast.athlete.user.id)).toEqual([])
    const badge = (await host.http.get("/v2/users/me/claimable-rewards?status=void", cast.athlete.headers)).body.data.items
    expect(badge.map((r: { kind: string }) => r.kind).sort()).toEqual(["badge", "rc"])
    const again = await revoke(cast.proof.id, { reason: "GPS file was edited" }, cast.admin)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("PROOF_STATUS_CONFLICT")
    expect(await rcBalance(host, cast.athlete.user.id)).toBe(0)
  })

  it("of concurrent revokes exactly one acts: the balance moves once", async () => {
    const cast = await approvedAndClaimed()
    const answers = await Promise.all(Array.from({ length: 4 }, () => revoke(cast.proof.id, { reason: "duplicate account" }, cast.admin)))
    expect(answers.filter((a) => a.status === 200).length).toBe(1)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "PROOF_STATUS_CONFLICT")).toBe(true)
    expect(await rcBalance(host, cast.athlete.user.id)).toBe(0)
  })

  it("before the claim nothing is paid back: the unclaimed RC is voided and can no longer be claimed", async () => {
    const cast = await pendingProof()
    expect((await resolve(cast.proof.id, { decision: "approve" }, cast.admin)).status).toBe(200)
    const rc = (await host.http.get("/v2/users/me/claimable-rewards", cast.athlete.headers)).body.data.items.find((r: { kind: string }) => r.kind === "rc")
    const revoked = await revoke(cast.proof.id, { reason: "wrong athlete" }, cast.admin)
    expect(revoked.body.data.clawedBackRc).toBe(0)
    const claim = await host.http.post(`/v2/users/me/claimable-rewards/${rc.id}/claim`, undefined, cast.athlete.headers)
    expect(claim.status).toBe(409)
    expect(claim.body.code).toBe("REWARD_NOT_CLAIMABLE")
    expect(await rcBalance(host, cast.athlete.user.id)).toBe(0)
  })

  it("only an approved proof may be revoked (a pending one is 409)", async () => {
    const cast = await pendingProof()
    const early = await revoke(cast.proof.id, { reason: "not yet reviewed" }, cast.admin)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("PROOF_STATUS_CONFLICT")
  })

  it("revokes the athlete's certificate of the event in the same step", async () => {
    const cast = await certificatesCast(host)
    await host.http.post(cast.base, template(), cast.org.owner.headers)
    await completeEvent(host, cast.event.eventId)
    expect((await host.http.post(`${cast.base}/publish`, undefined, cast.org.owner.headers)).body.data.issued).toBe(1)
    const edition = await editionOf(host, cast.org, cast.event.eventId)
    const registered = await host.http.post(`/v2/editions/${edition.id}/register`, undefined, cast.athlete.headers)
    const participationId = registered.body.data.registration.id as string
    const proof = await host.http.post(`/v2/users/me/pending-proofs/${participationId}/submit`, effort(), cast.athlete.headers)
    expect((await resolve(proof.body.data.id, { decision: "approve" }, cast.admin)).status).toBe(200)
    const revoked = await revoke(proof.body.data.id, { reason: "Borrowed someone else's watch" }, cast.admin)
    expect(revoked.body.data).toMatchObject({ certificatesRevoked: 1, leaderboardEntryRemoved: true, clawedBackRc: 0 })
    const issued = await host.http.get(`${cast.base}/issuances`, cast.org.owner.headers)
    expect(issued.body.data.items[0]).toMatchObject({ userId: cast.athlete.user.id, status: "REVOKED", revokeReason: "Borrowed someone else's watch" })
  })
})
